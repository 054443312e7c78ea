import Foundation
import InboxCore
import InboxStore
import InboxSync
import Testing

/// Pending statuses and events go out in bulk before the fetch, at most 500 a request, and are
/// cleared only by the server's 2xx (PROTOCOL 1.3-1.4, issue 4 point 4).
@Suite struct QueueSendTests {
    @Test func statusesArePushedBeforeTheListIsFetchedAndClearedByTheAnswer() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 3])
        try f.refresh()
        #expect(try f.inbox.markRead(f.key("m-1")))
        #expect(try f.inbox.markRead(f.key("m-2")))
        #expect(try f.inbox.markDeleted(f.key("m-2")))
        #expect(try f.refresh() == [.ok(messages: 3, skipped: 0)])
        // The two pushes go side by side, in no order of theirs; both before the list.
        let routes = try f.stub.requests().dropFirst(2).map(\.route)
        #expect(routes.first == "GET /api/sdk/params" && routes.last == "GET /api/inbox/messages", "\(routes)")
        #expect(
            Set(routes.dropFirst().dropLast()) == ["POST /api/inbox/status", "POST /api/inbox/events"], "\(routes)")
        #expect(routes.count == 4, "\(routes)")
        let sent = try f.stub.requests("POST /api/inbox/status")[0]
        #expect(sent.headers["content-type"] == "application/json")
        // PROTOCOL 1.3: a message both read and deleted is sent as deleted only.
        #expect(Set(sent.statuses) == [["id": "m-1", "status": "read"], ["id": "m-2", "status": "deleted"]])
        #expect(try f.pending().statuses == 0)
    }

    @Test func statusesGoOutFiveHundredARequest() throws {
        let f = try SyncFixture()
        try f.seed(1203)
        try f.inbox.markAllRead()
        try f.stub.setState(["generate": 5])
        #expect(try f.refresh() == [.ok(messages: 5, skipped: 0)])
        #expect(try f.stub.requests("POST /api/inbox/status").map(\.statuses.count) == [500, 500, 203])
        #expect(try f.pending().statuses == 0)
    }

    /// The next batch is read while one is on its way, but sent only after this one's
    /// acknowledgement committed: a kill then never sends an acknowledged row again.
    @Test func eachBatchIsClearedBeforeTheNextIsSent() throws {
        let f = try SyncFixture()
        try f.seed(1203)
        try f.inbox.markAllRead()
        let all = try f.inbox.pendingStatuses(producer: "engagement", limit: 2000).map(\.id)
        // The second batch's answer is held, so the store can be looked at while it is in flight.
        try f.stub.script("POST /api/inbox/status", [[:], ["delay": 1.5]])
        let worker = SyncWorker(producers: [f.producer()], transport: f.transport, bootId: "boot") {
            [directory = f.directory, clock = f.clock] in Inbox(store: try Store(directory: directory), clock: clock)
        }
        let log = OutcomeLog()
        #expect(worker.refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        try f.stub.waitFor { $0.filter { $0.route == "POST /api/inbox/status" }.count == 2 }
        let sent = try f.stub.requests("POST /api/inbox/status").map { $0.statuses.map { $0["id"] ?? "" } }
        let queued = Set(try f.reopened().pendingStatuses(producer: "engagement", limit: 2000).map(\.id))
        #expect(sent[0] == Array(all[..<500]) && sent[1] == Array(all[500..<1000]))
        #expect(queued.isDisjoint(with: sent[0]), "the first batch was cleared before the second went out")
        #expect(Set(sent[1]).isSubset(of: queued), "the second stays queued until its answer")
        try log.wait(for: 1)
        #expect(try f.stub.requests("POST /api/inbox/status").map(\.statuses.count) == [500, 500, 203])
        #expect(try f.pending().statuses == 0)
    }

    /// Statuses and events are independent requests (PROTOCOL 1.3-1.4): the events go out while
    /// the statuses' answer is still held, and each queue still clears a batch before its next.
    @Test func statusesAndEventsGoOutSideBySide() throws {
        // A request limit past the held answer's 6 s.
        let f = try SyncFixture(timeouts: HTTPTimeouts(connect: 2, request: 20))
        try f.seed(3)
        _ = try f.inbox.markRead(f.key("m-1"))
        _ = try f.inbox.open(f.key("m-2"))
        let queued = try f.pending()
        #expect(queued.statuses > 0 && queued.events > 0)
        try f.stub.script("POST /api/inbox/status", [["delay": 6]])
        let worker = SyncWorker(producers: [f.producer()], transport: f.transport, bootId: "boot") {
            [directory = f.directory, clock = f.clock] in Inbox(store: try Store(directory: directory), clock: clock)
        }
        let log = OutcomeLog()
        #expect(worker.refresh(claimingWith: f.inbox) { log.append($0, $1, stored: 0) })
        // Sent one after the other, the events would wait the statuses' 6 s.
        try f.stub.waitFor(timeout: 5) { $0.contains { $0.route == "POST /api/inbox/events" } }
        #expect(try f.reopened().pendingCounts(producer: "engagement").statuses == queued.statuses)
        try log.wait(for: 1)
        #expect(try f.pending().statuses == 0 && f.pending().events == 0)
        #expect(try f.stub.requests().last?.route == "GET /api/inbox/messages", "the list after both pushes")
    }

    @Test func eventsGoOutOldestFirstFiveHundredARequestWithTheirIds() throws {
        let f = try SyncFixture()
        try f.seed(1234)
        let keys = (1...1234).map { f.key("m-\($0)") }
        try f.inbox.recordImpressions(keys)
        let recorded = try f.inbox.pendingEvents(producer: "engagement", limit: 10_000)
        try f.refresh()
        let requests = try f.stub.requests("POST /api/inbox/events")
        #expect(requests.map(\.eventIds.count) == [500, 500, 234])
        #expect(requests.flatMap(\.eventIds) == recorded.map(\.eventId))
        let first = try #require((requests[0].json as? [String: Any])?["events"] as? [[String: Any]]).first
        #expect(first?["eventType"] as? String == "IM")
        #expect(first?["messageId"] as? String == "m-1")
        #expect(first?["messageDetails"] as? String == "details-1")
        #expect(first?["buttonId"] is NSNull)
        #expect(first?["eventDateUTC"] as? String == "2026-11-29T12:00:00.000Z")
        #expect(try f.pending().events == 0)
    }

    @Test func aFailedEventsRequestKeepsTheEventsAndTheRetrySendsTheSameIds() throws {
        let f = try SyncFixture()
        try f.seed(3)
        _ = try f.inbox.open(f.key("m-1"))
        _ = try f.inbox.tap(f.key("m-2"), buttonId: "shop")
        try f.stub.script("POST /api/inbox/events", [["status": 503]])
        let outcome = try f.refresh()
        #expect(outcome == [.failed("POST /api/inbox/events: HTTP 503")])
        #expect(try f.pending().events == 2)
        #expect(try f.inbox.count(.all) == 3, "a failed refresh changes no stored message")
        try f.refresh()
        let sends = try f.stub.requests("POST /api/inbox/events").map(\.eventIds)
        #expect(sends.count == 2)
        #expect(sends[0] == sends[1])
        #expect(try f.pending().events == 0)
    }

    @Test func aStatusChangedWhileItsPushWasInFlightIsNotLost() throws {
        let f = try SyncFixture()
        try f.seed(2)
        _ = try f.inbox.markRead(f.key("m-1"))
        let snapshot = try f.inbox.pendingStatuses(producer: "engagement")
        f.clock.advance(by: 1)
        _ = try f.inbox.markDeleted(f.key("m-1"))
        #expect(try f.inbox.acknowledgeStatuses(producer: "engagement", snapshot) == 0)
        let left = try f.inbox.pendingStatuses(producer: "engagement")
        #expect(left.map(\.status) == [.deleted])
        #expect(try f.inbox.acknowledgeStatuses(producer: "engagement", left) == 1)
    }

    @Test func aMarkMadeDuringARefreshStaysQueuedForTheNextOne() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 2])
        try f.refresh()
        _ = try f.inbox.markRead(f.key("m-1"))
        try f.stub.script("POST /api/inbox/status", [["delay": 0.6]])
        let worker = SyncWorker(producers: [f.producer()], transport: f.transport, bootId: "boot") {
            [directory = f.directory, clock = f.clock] in Inbox(store: try Store(directory: directory), clock: clock)
        }
        let done = DispatchSemaphore(value: 0)
        #expect(worker.refresh(claimingWith: f.inbox) { _, _ in done.signal() })
        try f.stub.waitFor { $0.contains { $0.route == "POST /api/inbox/status" } }
        _ = try f.inbox.markDeleted(f.key("m-1"))
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(try f.inbox.pendingStatuses(producer: "engagement").map(\.status) == [.deleted])
        #expect(try f.inbox.entry(f.key("m-1"))?.state == .deleted)
    }

    @Test func aFileProducersQueuesAreDroppedAsDeliveredAtRefresh() throws {
        let f = try SyncFixture()
        let file = f.directory.appendingPathComponent("feed.json")
        try Data(#"{"messages":[{"id":"a","data":{"title":"A","receiveDateUTC":"2026-11-29T09:30:00.000Z"}}]}"#.utf8)
            .write(to: file)
        let producer = ProducerConfig(kind: .engagement, source: .file(file))
        try f.refresh([producer])
        _ = try f.inbox.markDeleted(f.key("a"))
        #expect(try f.pending() == (1, 1))
        try f.refresh([producer])
        #expect(try f.pending() == (0, 0))
        #expect(try f.stub.requests().isEmpty)
    }

    /// Stores messages whose `messageDetails` are `lengths` characters long (m-1…), deletes them
    /// all (a delete event carries its message's details), and returns the events' ids in order.
    private func queueLongEvents(_ f: SyncFixture, lengths: [Int]) throws -> [String] {
        let messages = lengths.enumerated().map { index, length in
            InboxMessage(
                key: f.key("m-\(index + 1)"), title: "Message \(index + 1)",
                receiveDate: f.clock.now.addingTimeInterval(-Double(index + 1)),
                messageDetails: String(repeating: "d", count: length))
        }
        _ = try f.inbox.merge(producer: "engagement", messages: messages, skipped: 0)
        #expect(try f.inbox.markAllDeleted())
        return try f.inbox.queuedEvents(producer: "engagement", limit: 2000).map(\.event.eventId)
    }

    /// A batch's body stays within PROTOCOL 1.5's 8 MiB: the rows that do not fit wait for the
    /// next. 500 events of long `messageDetails` made a body longer than the pipe to the network
    /// helper carries: the helper stopped at it, and the queue failed at it on every refresh.
    @Test func aBatchOfLongEventsIsCutToEightMebibytes() throws {
        let f = try SyncFixture(timeouts: HTTPTimeouts(connect: 2, request: 20))
        let queued = try queueLongEvents(f, lengths: Array(repeating: 300_000, count: 40))
        try f.stub.setState(["generate": 1])
        #expect(try f.refresh() == [.ok(messages: 1, skipped: 0)])
        let sent = try f.stub.requests("POST /api/inbox/events")
        // 12 MB: cut once to what fits, in proportion (with 5% to spare), and the rest.
        #expect(sent.map(\.eventIds.count) == [26, 14])
        #expect(sent.allSatisfy { $0.body.utf8.count <= HTTPProducer.requestBodyLimit })
        #expect(sent.flatMap(\.eventIds) == queued, "each once, oldest first")
        #expect(try f.pending() == (0, 0))
    }

    /// An event longer than the limit by itself goes without its `messageDetails`, the one field a
    /// server makes as long as it likes: it went alone, in a body over PROTOCOL 1.5's bound, which a
    /// server that keeps to it refuses, and the event stayed queued, failing every refresh of its
    /// producer before the list was fetched.
    @Test func anEventLongerThanTheLimitGoesWithoutItsDetails() throws {
        let f = try SyncFixture(timeouts: HTTPTimeouts(connect: 2, request: 20))
        let queued = try queueLongEvents(f, lengths: [9 << 20, 10, 10])
        try f.stub.setState(["generate": 1])
        #expect(try f.refresh() == [.ok(messages: 1, skipped: 0)])
        let sent = try f.stub.requests("POST /api/inbox/events")
        #expect(sent.map(\.eventIds.count) == [3])
        #expect(sent.flatMap(\.eventIds) == queued)
        #expect(sent.allSatisfy { $0.body.utf8.count <= HTTPProducer.requestBodyLimit })
        let body = try #require(sent.first?.body)
        let events = try #require(JSONValue.parse(body)?["events"]?.arrayValue)
        #expect(events.map { $0["messageDetails"] } == [.null, .string("dddddddddd"), .string("dddddddddd")])
        #expect(try f.pending() == (0, 0))
    }
}
