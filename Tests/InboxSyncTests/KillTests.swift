import Foundation
import InboxCore
import InboxStore
import InboxSync
import TestSupport
import Testing

/// Issue 4 point 4: a SIGKILL at any moment loses nothing, and after a restart nothing the
/// server acknowledged is sent again. Drives the built binary (`swift build` first).
@Suite struct KillTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/tinbox")

    @Test func killedInTheMiddleOfASendTheRestartSendsOnlyWhatWasNotAcknowledged() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("\(Self.binary.path) is missing: run `swift build` before the tests")
            return
        }
        let f = try SyncFixture()
        try f.seed(700)
        try f.inbox.recordImpressions((1...700).map { f.key("m-\($0)") })
        _ = try f.inbox.markRead(f.key("m-1"))
        let all = try f.inbox.pendingEvents(producer: "engagement", limit: 10_000).map(\.eventId)
        try f.stub.setState(["generate": 700])
        // The first batch is acknowledged at once; the answer to the second never comes in time.
        try f.stub.script("POST /api/inbox/events", [[:], ["delay": 30]])

        let first = try launch(f)
        try f.stub.waitFor { $0.filter { $0.route == "POST /api/inbox/events" }.count == 2 }
        first.signal(SIGKILL)
        #expect(try first.wait(timeout: 10).signal == SIGKILL)

        let sentBeforeKill = try f.stub.requests("POST /api/inbox/events").map(\.eventIds)
        #expect(sentBeforeKill[0] == Array(all[..<500]))
        #expect(sentBeforeKill[1] == Array(all[500...]))
        let kept = try f.reopened().pendingEvents(producer: "engagement", limit: 10_000).map(\.eventId)
        #expect(kept == Array(all[500...]), "the acknowledged batch is gone, the unanswered one is kept")
        #expect(try f.reopened().pendingCounts(producer: "engagement").statuses == 0)

        // Restart a minute later (the refresh limit is one a minute).
        try f.inbox.store.setSetting("refresh.lastManual", nil)
        let second = try launch(f)
        #expect(try second.wait(timeout: 20).status == 0)
        #expect(second.standardOutput == "engagement ok 700 messages\n")

        let sends = try f.stub.requests("POST /api/inbox/events").map(\.eventIds)
        #expect(sends.count == 3)
        #expect(sends[2] == Array(all[500...]), "the unanswered batch again, with the same eventIds")
        #expect(Set(sends[2]).isDisjoint(with: sends[0]), "nothing acknowledged is sent again")
        #expect(Set(sends.flatMap { $0 }) == Set(all), "nothing is lost")
        #expect(try f.reopened().pendingCounts(producer: "engagement") == (0, 0))
    }

    private func launch(_ f: SyncFixture) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = f.directory.path
        return try ChildProcess(
            Self.binary.path, ["refresh", "--data-dir", f.directory.path, "--feed", f.stub.base.absoluteString],
            environment: environment)
    }
}
