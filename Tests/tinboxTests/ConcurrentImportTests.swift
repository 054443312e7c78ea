import Foundation
import TestSupport
import Testing

/// A command on a data directory that another tinbox is importing into for the first time
/// answers from that import: `mark` said "no message" and `count` 0 while it ran, their own
/// import refused by the one-a-minute limit the other had taken.
@Suite struct ConcurrentImportTests {
    @Test func aCommandWaitsForTheFirstImportAnotherTinboxRuns() throws {
        let tinbox = Tinbox()
        let count = 50_000
        let feed = try tinbox.writeFeed(messages: (0..<count).map { Tinbox.message("m\($0)") })
        let arguments = ["--data-dir", tinbox.dataDirectory.path, "--feed", "engagement=\(feed)"]
        let importing = try ChildProcess(Tinbox.binary, arguments + ["refresh"], environment: tinbox.environment)
        // The other tinbox has taken the minute's refresh: its claim is in the store.
        let store = tinbox.dataDirectory.appendingPathComponent("tinbox.db").path
        let deadline = Date().addingTimeInterval(30)
        var claimed = false
        while !claimed, Date() < deadline {
            let probe = try ChildProcess.run(
                "sqlite3", [store, "SELECT count(*) FROM settings WHERE key = 'refresh.lastManual'"])
            claimed = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }
        try #require(claimed, "the first tinbox never claimed the refresh")
        let counted = try Tinbox.run(arguments + ["count"], environment: tinbox.environment)
        #expect(counted.status == 0 && counted.stdout == "\(count)\n", "\(counted.stdout) \(counted.stderr)")
        let marked = try Tinbox.run(arguments + ["mark", "read", "m0"], environment: tinbox.environment)
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(try importing.wait(timeout: 60).status == 0)
    }
}
