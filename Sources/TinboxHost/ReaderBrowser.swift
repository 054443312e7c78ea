import Foundation

/// Opens a validated URL with `$BROWSER` (its first entry) or `xdg-open`, whichever exists;
/// the browser's output goes to /dev/null so it cannot scribble over the reader.
struct ReaderBrowser {
    let environment: [String: String]

    /// The program to run, when there is one on PATH.
    var program: String? {
        let candidates = [environment["BROWSER"]?.split(separator: ":").first.map(String.init), "xdg-open"]
        for case let name? in candidates where !name.isEmpty {
            if let found = Self.find(name, path: environment["PATH"]) { return found }
        }
        return nil
    }

    /// `name` as an executable path: itself when it has a slash, else looked up on `path`.
    static func find(_ name: String, path: String?) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let full = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: full) { return full }
        }
        return nil
    }

    func open(_ url: String) -> Bool {
        guard let program else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
