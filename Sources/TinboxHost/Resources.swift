import Foundation

/// Finds the data tinbox ships (Resources/ in the source tree, `share/tinbox` when installed).
package enum Resources {
    /// Looked up in order: `$TINBOX_RESOURCES`, `<prefix>/share/tinbox` next to an installed
    /// binary, then the source tree this binary was built from.
    package static func directory() throws -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["TINBOX_RESOURCES"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        let executable = URL(
            fileURLWithPath: CommandLine.arguments[0].hasPrefix("/")
                ? CommandLine.arguments[0] : executablePath()
        ).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/tinbox").standardized)
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources")
                .standardized)
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("demo").path) {
            return candidate
        }
        throw CommandFailure(
            "cannot find tinbox's demo data (looked in \(candidates.map(\.path).joined(separator: ", "))); "
                + "set TINBOX_RESOURCES or name a producer with --feed")
    }

    package static func demoDirectory() throws -> URL {
        try directory().appendingPathComponent("demo")
    }

    /// This binary's path; without /proc, the name it was started by (then looked up no further).
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
