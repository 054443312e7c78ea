import Foundation
import InboxCore
import InboxStore
import TestSupport
import Testing

/// Issue "Foundation", point 8: a tinbox killed with SIGKILL in the middle of mark-all leaves
/// all or nothing marked, and a database that passes `PRAGMA integrity_check`.
@Suite struct CrashSafetyTests {
    static let messageCount = 20_000

    /// When an attempt's SIGKILL goes.
    enum KillMoment: CustomStringConvertible {
        /// Right after the start, before the transaction.
        case atOnce
        /// Once the WAL holds this many bytes: inside the transaction, or in its commit.
        case walHolds(Int)
        /// After the process ended by itself.
        case afterTheEnd

        var description: String {
            switch self {
            case .atOnce: "at once"
            case .walHolds(let bytes): "at \(bytes) WAL bytes"
            case .afterTheEnd: "after the end"
            }
        }
    }

    @Test func aSIGKILLDuringMarkAllLeavesAllOrNothing() throws {
        let seeded = Tinbox()
        let feed = try seeded.writeFeed(messages: (0..<Self.messageCount).map { Tinbox.message("m\($0)") })
        #expect(try seeded.run(["--feed", feed, "count"]).stdout == "\(Self.messageCount)\n")

        // How much an undisturbed mark-all writes to the WAL (its close checkpoints and removes
        // it), so the kills land by what the transaction has written, not by the clock, which a
        // busy machine stretches.
        let timing = try copy(of: seeded)
        let undisturbed = try markAll(timing)
        var written = 0
        try waitWhileRunning(undisturbed) {
            written = max(written, walBytes(timing))
            return false
        }
        #expect(try undisturbed.wait(timeout: 30).status == 0)
        try #require(written > 0, "an undisturbed mark-all wrote nothing to the WAL")

        // Shares of it: the first ones come while the transaction spills pages, the last in its commit.
        let shares: [Double] = [1.0 / 64, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2, 3.0 / 4]
        let moments: [KillMoment] =
            [.atOnce] + shares.map { KillMoment.walHolds(Int(Double(written) * $0)) } + [.afterTheEnd]
        var killedMidway = 0
        /// Killed with pages of the transaction already in the WAL, and nothing committed.
        var killedWhileWriting = 0
        var outcomes: [String] = []
        for moment in moments {
            let victim = try copy(of: seeded)
            let process = try markAll(victim)
            switch moment {
            case .atOnce: break
            case .walHolds(let bytes): try waitWhileRunning(process) { walBytes(victim) >= bytes }
            case .afterTheEnd: try waitWhileRunning(process) { false }
            }
            process.signal(SIGKILL)
            let killed = try process.wait(timeout: 30).signal != nil
            if killed { killedMidway += 1 }
            let wal = walBytes(victim)

            let inbox = Inbox(store: try Store(directory: victim.dataDirectory), clock: SystemClock())
            let integrity = try inbox.store.database.query("PRAGMA integrity_check") {
                try $0.step() ? $0.text(0) : nil
            }
            #expect(integrity == "ok")
            let unread = try inbox.count(.unread)
            outcomes.append("\(moment): \(killed ? "killed" : "ended"), \(unread) unread")
            if killed, wal > 0, unread == Self.messageCount { killedWhileWriting += 1 }
            #expect(unread == 0 || unread == Self.messageCount, "partial mark-all \(moment): \(unread) unread")
            let statuses = try inbox.producerStatuses().reduce(0) { $0 + $1.pendingStatuses }
            #expect(statuses == Self.messageCount - unread, "statuses must commit with the states")
        }
        print("mark-all wrote \(written) WAL bytes; \(outcomes.joined(separator: "; "))")
        #expect(killedMidway > 0, "no attempt was killed before it finished: \(outcomes)")
        #expect(killedWhileWriting > 0, "no kill landed inside the transaction: \(outcomes)")
    }

    private func markAll(_ tinbox: Tinbox) throws -> ChildProcess {
        try ChildProcess(Tinbox.binary, ["--data-dir", tinbox.dataDirectory.path, "mark", "read", "--all"])
    }

    /// The size of the WAL of `tinbox`'s database, 0 when there is none.
    private func walBytes(_ tinbox: Tinbox) -> Int {
        let wal = tinbox.dataDirectory.appendingPathComponent("tinbox.db-wal").path
        return (try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0
    }

    /// Polls `condition` every millisecond until it holds or `process` has ended; a mark-all
    /// that is still running after `timeout` seconds fails the test.
    private func waitWhileRunning(_ process: ChildProcess, timeout: Double = 60, until condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, !condition() {
            guard Date() < deadline else { throw ChildProcessError("mark-all still running after \(timeout) s") }
            usleep(1_000)
        }
    }

    private func copy(of original: Tinbox) throws -> Tinbox {
        let copy = Tinbox()
        try FileManager.default.copyItem(at: original.dataDirectory, to: copy.dataDirectory)
        return copy
    }
}
