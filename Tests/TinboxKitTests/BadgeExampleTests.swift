import Foundation
import Testing

/// Runs the built `Examples/tinbox-badge` as a status bar would.
struct BadgeExampleTests {
    /// `.build/debug/tinbox-badge` of this checkout (`swift build` makes it), or `$TINBOX_BADGE_BIN`.
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["TINBOX_BADGE_BIN"] { return explicit }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        return root.appendingPathComponent(".build/debug/tinbox-badge").standardized.path
    }()

    /// Runs the badge and waits at most 30 s for it.
    func badge(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let finished = eventually(timeout: 30) { !process.isRunning }
        if !finished { process.terminate() }
        #expect(finished, "tinbox-badge did not finish within 30 s")
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text, problems)
    }

    @Test func printsTheFormattedCountsOfTheFeed() throws {
        let workspace = try Workspace()
        let feed = try workspace.writeFeed(
            "feed.json", [Workspace.message("a"), Workspace.message("b", read: true), Workspace.message("c")])
        let data = workspace.dataDirectory.path
        let empty = try badge(["--data-dir", data, "--format", "{unread}"])
        #expect(empty.status == 0)
        #expect(empty.output == "0\n", "nothing before the first refresh")
        let counted = try badge(
            ["--data-dir", data, "--feed", feed.path, "--format", "✉ {unread}/{all} read {read} bin {deleted}"])
        #expect(counted.status == 0)
        #expect(counted.output == "✉ 2/3 read 1 bin 0\n")
        let again = try badge(["--data-dir", data])
        #expect(again.output == "2\n", "the default format is {unread}, from the store")
    }

    @Test func refusesAnUnknownPlaceholder() throws {
        let workspace = try Workspace()
        let result = try badge(["--data-dir", workspace.dataDirectory.path, "--format", "{unseen}"])
        #expect(result.status == 64)
        #expect(result.errors.contains("unknown placeholder"))
    }
}
