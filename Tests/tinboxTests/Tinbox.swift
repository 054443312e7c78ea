import Foundation
import TestSupport

/// Runs the built `tinbox` binary as a user would, with its own data directory.
struct Tinbox {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build/debug/tinbox` of this checkout (`make test` builds it before the tests run),
    /// or `$TINBOX_BIN`.
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["TINBOX_BIN"] { return explicit }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        return root.appendingPathComponent(".build/debug/tinbox").standardized.path
    }()

    let dataDirectory: URL
    var environment: [String: String]

    init() {
        dataDirectory = Scratch.folder("tinbox-cli")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = dataDirectory.appendingPathComponent("config").path
        self.environment = environment
    }

    /// Runs `tinbox --data-dir DIR ARGS…` and waits (at most `timeout` seconds).
    @discardableResult
    func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> Result {
        try Self.run(["--data-dir", dataDirectory.path] + arguments, environment: environment, timeout: timeout)
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 60) throws
        -> Result
    {
        let result = try ChildProcess.run(binary, arguments, environment: environment, timeout: timeout)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Writes a feed document (PROTOCOL 1.2) with `count` simple messages and returns its path.
    func writeFeed(named name: String = "feed.json", messages: [[String: Any]]) throws -> String {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let url = dataDirectory.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: url)
        return url.path
    }

    static func message(_ id: String, title: String? = nil, read: Bool = false, pinned: Bool = false) -> [String: Any] {
        [
            "id": id, "isRead": read,
            "data": [
                "title": title ?? "Title \(id)", "receiveDateUTC": "2026-11-29T09:30:00.000Z", "isPinned": pinned,
            ] as [String: Any],
        ]
    }
}
