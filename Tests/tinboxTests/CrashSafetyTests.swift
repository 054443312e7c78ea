import Foundation
import InboxCore
import InboxStore
import TestSupport
import Testing

/// Issue "Foundation", point 8: a tinbox killed with SIGKILL in the middle of mark-all leaves
/// all or nothing marked, and a database that passes `PRAGMA integrity_check`.
@Suite struct CrashSafetyTests {
    static let messageCount = 20_000

    @Test func aSIGKILLDuringMarkAllLeavesAllOrNothing() throws {
        let seeded = Tinbox()
        let feed = try seeded.writeFeed(messages: (0..<Self.messageCount).map { Tinbox.message("m\($0)") })
        #expect(try seeded.run(["--feed", feed, "count"]).stdout == "\(Self.messageCount)\n")

        // How long an undisturbed mark-all takes, so the kills land before, inside and after it.
        let timing = try copy(of: seeded)
        let started = Date()
        #expect(try timing.run(["mark", "read", "--all"]).status == 0)
        let duration = Date().timeIntervalSince(started)

        var killedMidway = 0
        /// Killed with pages of the transaction already in the WAL, and nothing committed.
        var killedWhileWriting = 0
        var outcomes: [Int: Int] = [:]
        for attempt in 0..<8 {
            let victim = try copy(of: seeded)
            let process = try ChildProcess(
                Tinbox.binary, ["--data-dir", victim.dataDirectory.path, "mark", "read", "--all"])
            Thread.sleep(forTimeInterval: duration * Double(attempt + 1) / 6)
            process.signal(SIGKILL)
            let killed = try process.wait(timeout: 30).signal != nil
            if killed { killedMidway += 1 }
            let wal = victim.dataDirectory.appendingPathComponent("tinbox.db-wal").path
            let walBytes = (try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0

            let inbox = Inbox(store: try Store(directory: victim.dataDirectory), clock: SystemClock())
            let integrity = try inbox.store.database.query("PRAGMA integrity_check") { try $0.step() ? $0.text(0) : nil }
            #expect(integrity == "ok")
            let unread = try inbox.count(.unread)
            outcomes[unread, default: 0] += 1
            if killed, walBytes > 0, unread == Self.messageCount { killedWhileWriting += 1 }
            #expect(unread == 0 || unread == Self.messageCount, "partial mark-all: \(unread) unread")
            let statuses = try inbox.producerStatuses().reduce(0) { $0 + $1.pendingStatuses }
            #expect(statuses == Self.messageCount - unread, "statuses must commit with the states")
        }
        print("mark-all \(duration) s; unread after kill -> runs: \(outcomes.sorted { $0.key < $1.key })")
        #expect(killedMidway > 0, "no attempt was killed before it finished (mark-all took \(duration) s)")
        #expect(killedWhileWriting > 0, "no kill landed inside the transaction: \(outcomes)")
    }

    private func copy(of original: Tinbox) throws -> Tinbox {
        let copy = Tinbox()
        try FileManager.default.copyItem(at: original.dataDirectory, to: copy.dataDirectory)
        return copy
    }
}
