import Foundation
import InboxCore
import InboxStore
import InboxSync
import TestSupport
import Testing

/// BEHAVIOR A.5-A.6 for the reader's refresh (`SyncWorker`): the gate decided at once, one
/// completion per expected producer, listeners told after persistence, cancellation.
@Suite struct RefreshRulesTests {
    private func worker(_ f: SyncFixture, _ producers: [ProducerConfig]? = nil) -> SyncWorker {
        SyncWorker(producers: producers ?? [f.producer()], transport: f.transport, bootId: "boot") {
            [directory = f.directory, clock = f.clock] in Inbox(store: try Store(directory: directory), clock: clock)
        }
    }

    @Test func eachExpectedProducerCompletesOnceAfterItsMessagesAreStored() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 7])
        let log = OutcomeLog()
        let directory = f.directory
        let clock = f.clock
        let worker = worker(f, [f.producer(.engagement), f.producer(.appMessaging)])
        let started = worker.refresh(claimingWith: f.inbox) {
            producer, outcome in
            // A listener reading the store from its own connection already sees the messages.
            let stored = (try? Inbox(store: Store(directory: directory), clock: clock).entries(.all))?
                .filter { $0.key.producer == producer }.count
            log.append(producer, outcome, stored: stored ?? -1)
        }
        #expect(started)
        try log.wait(for: 2)
        #expect(log.entries.map(\.producer) == ["engagement", "app-messaging"])
        #expect(log.entries.map(\.outcome) == [.ok(messages: 7, skipped: 0), .ok(messages: 7, skipped: 0)])
        #expect(log.entries.map(\.stored) == [7, 7])
        // The worker is one serial queue: a flush asked for now runs after the whole refresh, so
        // when it answers, any repeated completion would already be in the log.
        try #require(worker.flushQueuesAndWait(timeout: 10) != nil, "the flush queued after the refresh never ran")
        #expect(log.entries.count == 2, "exactly once per producer: \(log.entries.map(\.producer))")
    }

    @Test func aRefusedRefreshCompletesFalseForEachProducerAtOnceAndSendsNothing() throws {
        let f = try SyncFixture()
        try f.refresh()
        f.clock.advance(by: -60 + 17.5)  // 17.5 s after the last refresh
        let before = try f.stub.requests().count
        let log = OutcomeLog()
        let started = worker(f, [f.producer(.engagement), f.producer(.appMessaging)]).refresh(claimingWith: f.inbox) {
            log.append($0, $1, stored: 0)
        }
        #expect(!started)
        #expect(log.entries.map(\.outcome) == [.refused(nextIn: 43), .refused(nextIn: 43)])
        #expect(log.entries.allSatisfy { !$0.outcome.succeeded })
        #expect(try f.stub.requests().count == before)
        #expect(
            RefreshOutcome.refused(nextIn: 43).line(producer: "engagement")
                == "engagement refused: next refresh in 43 s")
    }

    @Test func aDisabledInboxCompletesFalseAtOnce() throws {
        let f = try SyncFixture()
        try f.inbox.setEnabled(false)
        let log = OutcomeLog()
        #expect(!worker(f).refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        #expect(log.entries.map(\.outcome) == [.disabled])
        #expect(try f.stub.requests().isEmpty)
        // A disabled refresh does not use up the minute.
        try f.inbox.setEnabled(true)
        #expect(try f.refresh() == [.ok(messages: 0, skipped: 0)])
    }

    @Test func cancellingAWaitingRefreshCompletesFalseAndStoresNothing() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 3])
        // The two producers refresh side by side: the first page of each is the one delayed.
        try f.stub.script("GET /api/inbox/messages", [["delay": 4], ["delay": 4]])
        let worker = worker(f, [f.producer(.engagement), f.producer(.appMessaging)])
        let log = OutcomeLog()
        #expect(worker.refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        try f.stub.waitFor { $0.filter { $0.route == "GET /api/inbox/messages" }.count == 2 }
        try f.inbox.setEnabled(false)
        worker.cancelRefresh()
        try log.wait(for: 2)
        // The stub answers after 4 s: without the cancellation both producers would succeed.
        #expect(log.entries.map(\.outcome) == [.failed("cancelled"), .failed("cancelled")])
        try f.inbox.setEnabled(true)
        #expect(try f.inbox.count(.all) == 0)
    }

    @Test func aRefreshDisabledFromAnotherProcessWhileWaitingStoresNothing() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 3])
        try f.stub.script("GET /api/inbox/messages", [["delay": 0.5]])
        let log = OutcomeLog()
        #expect(worker(f).refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        try f.stub.waitFor { $0.contains { $0.route == "GET /api/inbox/messages" } }
        try f.reopened().setEnabled(false)
        try log.wait(for: 1)
        // Begun while enabled, so not refused: it failed, and stored nothing.
        #expect(log.entries.map(\.outcome) == [.failed("the inbox is disabled")])
        try f.inbox.setEnabled(true)
        #expect(try f.inbox.count(.all) == 0)
    }

    /// Two HTTP producers wait on their own servers side by side: one server sitting on its
    /// answer does not hold the other producer's requests back; outcomes keep the config order.
    @Test func twoHTTPProducersAreAskedSideBySide() throws {
        let f = try SyncFixture()
        let other = try StubServer()
        defer { other.stop() }
        try other.setState(["generate": 3])
        try f.stub.script("GET /api/sdk/params", [["delay": 8]])
        let messaging = ProducerConfig(kind: .appMessaging, source: .http(other.base))
        let worker = worker(f, [f.producer(.engagement), messaging])
        let log = OutcomeLog()
        #expect(worker.refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        try other.waitFor { $0.contains { $0.route == "GET /api/inbox/messages" } }
        #expect(try f.stub.requests().map(\.route) == ["GET /api/sdk/params"], "still waiting for its params")
        #expect(log.entries.isEmpty, "app-messaging's outcome waits for engagement's")
        worker.cancelRefresh()
        try log.wait(for: 2)
        #expect(log.entries.map(\.producer) == ["engagement", "app-messaging"])
        #expect(log.entries.first?.outcome == .failed("cancelled"))
    }

    @Test func theFlushBacksOffAfterAFailureUnlessForced() throws {
        let f = try SyncFixture()
        try f.seed(1)
        try f.inbox.recordImpressions([f.key("m-1")])
        try f.stub.script("POST /api/inbox/events", [["status": 500], ["status": 500]])
        let worker = worker(f)
        #expect(worker.flushQueuesAndWait(timeout: 10)?.map(\.outcome) == [.failed("POST /api/inbox/events: HTTP 500")])
        // On quit (`force`) it is tried at once anyway.
        #expect(worker.flushQueuesAndWait(timeout: 10)?.map(\.outcome) == [.failed("POST /api/inbox/events: HTTP 500")])
        let log = FlushLog()
        let done = DispatchSemaphore(value: 0)
        worker.flushQueues(force: false) {
            log.value = $0.map(\.outcome)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        guard case .skipped(let reason)? = log.value?.first else {
            Issue.record("expected a back-off skip, got \(String(describing: log.value))")
            return
        }
        #expect(reason.hasPrefix("backing off for "))
        #expect(try f.stub.requests("POST /api/inbox/events").count == 2)
        #expect(worker.flushQueuesAndWait(timeout: 10)?.map(\.outcome) == [.sent(DrainReport(statuses: 0, events: 1))])
        #expect(try f.pending().events == 0)
    }
}

/// Completions collected from the worker thread.
final class OutcomeLog: @unchecked Sendable {
    struct Entry {
        var producer: String
        var outcome: RefreshOutcome
        var stored: Int
    }

    private let lock = NSLock()
    private var list: [Entry] = []

    var entries: [Entry] { lock.withLock { list } }

    func append(_ producer: String, _ outcome: RefreshOutcome, stored: Int) {
        lock.withLock { list.append(Entry(producer: producer, outcome: outcome, stored: stored)) }
    }

    func wait(for count: Int, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while entries.count < count {
            guard Date() < deadline else { throw StubError("only \(entries.count) of \(count) completions arrived") }
            usleep(5_000)
        }
    }
}

final class FlushLog: @unchecked Sendable {
    var value: [FlushOutcome]?
}
