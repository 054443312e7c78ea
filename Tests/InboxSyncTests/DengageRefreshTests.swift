import Foundation
import InboxCore
import InboxStore
import InboxSync
import TestSupport
import Testing

/// A Dengage producer's refresh over loopback (VENDORS.md §2, PROTOCOL 1.5): no params request,
/// the queue first, one `GET /api/inbox/getMessages` with its query, and every failure a line
/// that keeps what is stored and queued.
@Suite struct DengageRefreshTests {
    static let list = "GET /api/inbox/getMessages"
    static let events = "POST /api/inbox/events"
    static let tooLarge = "GET /api/inbox/getMessages: the response is larger than 8 MiB"

    @Test func oneListRequestWithTheQueryTheSDKsSendAndNoParamsRequest() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": (1...3).map { dengageItem("d-\($0)") }])
        let producer = f.dengageProducer(contactKey: "CK+1", appId: "app-7", token: "secret", pageSize: 5)
        #expect(try f.refresh([producer]) == [.ok(messages: 3, skipped: 0)])
        let requests = try f.stub.requests()
        #expect(requests.map(\.route) == [Self.list])
        let request = try #require(requests.first)
        let device = try f.inbox.deviceId()
        #expect(request.query == ["acc": "acme", "ckey": "CK+1", "did": device, "appId": "app-7", "limit": "5"])
        // `+` travels encoded (the iOS SDK's rewrite), so the server does not read a space.
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["user-agent"]?.hasPrefix("tinbox/") == true)
        #expect(request.headers["authorization"] == nil)
        #expect(try f.ids() == ["d-1", "d-2", "d-3"])
    }

    @Test func keysThatAreNotSetAreNotSentAndAConfiguredDeviceIdWins() throws {
        let f = try SyncFixture()
        var producer = f.dengageProducer()
        producer.dengage.deviceId = "my-device"
        try f.refresh([producer])
        let request = try #require(try f.stub.requests(Self.list).first)
        #expect(request.query == ["acc": "acme", "did": "my-device", "limit": "20"])
    }

    @Test func theStoresDeviceIdIsSentOnEveryRefreshAndWithTheEvents() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [dengageItem("d-1")]])
        try f.refresh([f.dengageProducer()])
        #expect(try f.inbox.markDeleted(f.key("d-1")))
        let reopened = try f.reopened()
        _ = try f.refresher([f.dengageProducer()], inbox: reopened).manualRefresh()
        let device = try f.inbox.deviceId()
        #expect(try f.stub.requests(Self.list).map { $0.query["did"] } == [device, device])
        let body = try #require(try f.stub.requests(Self.events).first?.json as? [String: Any])
        #expect(body["did"] as? String == device)
    }

    @Test func theQueueGoesOutBeforeTheListAndStatusesAsEvents() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [dengageItem("d-1"), dengageItem("d-2")]])
        try f.refresh([f.dengageProducer()])
        #expect(try f.inbox.markRead(f.key("d-1")))
        #expect(try f.inbox.markDeleted(f.key("d-2")))
        #expect(try f.refresh([f.dengageProducer()]) == [.ok(messages: 2, skipped: 0)])
        #expect(try f.stub.requests().map(\.route) == [Self.list, Self.events, Self.list])
        let body = try #require(try f.stub.requests(Self.events).first?.json as? [String: Any])
        let sent = (body["events"] as? [[String: Any]] ?? []).map {
            "\($0["eventType"] as? String ?? "") \($0["msgid"] as? String ?? "") \($0["messageDetails"] as? String ?? "")"
        }
        #expect(sent == ["DT d-2 token-d-2", "OP d-1 token-d-1"])
        #expect(try f.pending() == (0, 0))
        // Deleted stays deleted though the server still lists it (BEHAVIOR A.1).
        #expect(try f.ids(.deleted) == ["d-2"])
    }

    @Test func aServerThatSendsMoreThanTheLimitIsCutAndAMessageItStopsSendingGoes() throws {
        let f = try SyncFixture()
        try f.stub.script(Self.list, [["json": (1...4).map { dengageItem("d-\($0)") }]])
        #expect(try f.refresh([f.dengageProducer(pageSize: 3)]) == [.ok(messages: 3, skipped: 0)])
        #expect(try f.ids() == ["d-1", "d-2", "d-3"])
        try f.stub.setState(["feed": [dengageItem("d-2")]])
        #expect(try f.refresh([f.dengageProducer(pageSize: 3)]) == [.ok(messages: 1, skipped: 0)])
        #expect(try f.ids() == ["d-2"])
    }

    /// Only the first `limit` items count, usable or not: an unusable item past them cost a
    /// usable message of the page, which then went from the store.
    @Test func anUnusableItemPastTheLimitCostsNothing() throws {
        let f = try SyncFixture()
        let items: [Any] = [dengageItem("d-1"), ["smsgId": "no-text"], dengageItem("d-3"), ["none": 1]]
        try f.stub.script(Self.list, [["json": items]])
        #expect(try f.refresh([f.dengageProducer(pageSize: 3)]) == [.ok(messages: 2, skipped: 1)])
        #expect(try f.ids() == ["d-1", "d-3"])
    }

    @Test func inboxEnabledFalseIsNotOperationalAndSendsNothing() throws {
        let f = try SyncFixture()
        var producer = f.dengageProducer()
        producer.dengage.inboxEnabled = false
        #expect(try f.refresh([producer]) == [.notOperational])
        #expect(try f.stub.requests().isEmpty)
    }

    @Test func noAccountIsAFailureThatSendsNothingAndKeepsTheQueue() throws {
        let f = try SyncFixture()
        try f.seed(1)
        #expect(try f.inbox.markDeleted(f.key("m-1")))
        let producer = f.dengageProducer(account: nil)
        #expect(
            try f.refresh([producer]) == [.failed("no Dengage account: set \"account\" in this producer's config")])
        let (directory, clock) = (f.directory, f.clock)
        let worker = SyncWorker(producers: [producer], transport: f.transport) {
            Inbox(store: try Store(directory: directory), clock: clock)
        }
        let flushed = worker.flushQueuesAndWait(timeout: 10)?.first?.outcome
        #expect(flushed == .failed("no Dengage account: set \"account\" in this producer's config"))
        #expect(try f.stub.requests().isEmpty)
        #expect(try f.pending() == (1, 1))
    }

    /// Every failed list request: one line, the stored messages kept, the queue already sent gone.
    @Test(
        arguments: [
            (["status": 503, "body": "down"], "GET /api/inbox/getMessages: HTTP 503"),
            (["status": 400, "json": ["message": "Invalid Account"]], "GET /api/inbox/getMessages: HTTP 400"),
            (["garbage": true], "GET /api/inbox/getMessages: the response is not JSON"),
            (["body": "[{\"smsgId\": \"d-9\""], "GET /api/inbox/getMessages: the response is not JSON"),
            (["oversize": (8 << 20) + 1], Self.tooLarge),
            (["oversize": (8 << 20) + 1, "noLength": true], Self.tooLarge),
        ] as [([String: any Sendable], String)])
    func aFailedListIsOneLineAndLosesNothing(answer: [String: any Sendable], line: String) throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [dengageItem("d-1"), dengageItem("d-2")]])
        try f.refresh([f.dengageProducer()])
        #expect(try f.inbox.markRead(f.key("d-1")))
        try f.stub.script(Self.list, [answer])
        #expect(try f.refresh([f.dengageProducer()]) == [.failed(line)])
        #expect(try f.ids() == ["d-1", "d-2"])
        #expect(try f.inbox.entries(.read).map(\.key.id) == ["d-1"])
        #expect(try f.pending() == (0, 0))
        #expect(try f.inbox.producerStatuses().first?.lastOutcome == "failed: \(line)")
    }

    @Test func aListThatIsNotAnArrayIsAFailureThatKeepsTheStore() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [dengageItem("d-1")]])
        try f.refresh([f.dengageProducer()])
        try f.stub.script(Self.list, [["json": ["message": "Invalid Account"]]])
        let outcome = try f.refresh([f.dengageProducer()])
        guard case .failed(let line) = outcome.first else {
            Issue.record("an object instead of the array must fail: \(outcome)")
            return
        }
        #expect(line.hasPrefix("GET /api/inbox/getMessages"), "\(line)")
        #expect(try f.ids() == ["d-1"])
    }

    @Test func aThrottledListHoldsEveryRequestForItsRetryAfter() throws {
        let f = try SyncFixture()
        try f.stub.script(Self.list, [["status": 429, "headers": ["Retry-After": "300"]]])
        #expect(
            try f.refresh([f.dengageProducer()]) == [
                .failed("GET /api/inbox/getMessages: throttled by the server (HTTP 429); no request for 300 s")
            ])
        #expect(try f.refresh([f.dengageProducer()]) == [.failed("throttled by the server; no request for 240 s more")])
        #expect(try f.stub.requests().count == 1)
        f.clock.advance(by: 200)
        #expect(try f.refresh([f.dengageProducer()]) == [.ok(messages: 0, skipped: 0)])
    }

    @Test func theReadersFlushRetriesAFailedBatchAfterItsBackOff() throws {
        let f = try SyncFixture()
        try f.seed(1)
        #expect(try f.inbox.markRead(f.key("m-1")))
        try f.stub.script(Self.events, [["status": 502]])
        let clock = f.clock
        let directory = f.directory
        let worker = SyncWorker(
            producers: [f.dengageProducer()], transport: f.transport, retryPolicy: RetryPolicy(initial: 10),
            random: { 1 }, bootId: "boot", openInbox: { Inbox(store: try Store(directory: directory), clock: clock) })
        let flush = { (force: Bool) -> FlushOutcome? in
            let done = DispatchSemaphore(value: 0)
            let box = Outcomes()
            worker.flushQueues(force: force) {
                box.set($0.first?.outcome)
                done.signal()
            }
            _ = done.wait(timeout: .now() + 10)
            return box.value
        }
        #expect(flush(false) == .failed("POST /api/inbox/events: HTTP 502"))
        #expect(flush(false) == .skipped("backing off for 10 s"))
        clock.advance(by: 11)
        #expect(flush(false) == .sent(DrainReport(statuses: 0, events: 1)))
        // The status became its OP once, before the first try; the retry sent that same event.
        let sent = try f.stub.requests(Self.events).map(\.body)
        #expect(sent.count == 2 && sent[0] == sent[1])
        #expect(try f.pending() == (0, 0))
    }
}

/// A flush outcome handed over from the worker thread.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: FlushOutcome?
    func set(_ value: FlushOutcome?) { lock.withLock { outcome = value } }
    var value: FlushOutcome? { lock.withLock { outcome } }
}

/// An Inbox Channel message in Dengage's wire shape (VENDORS.md §2, `../vendors/dengage.md` §3.1).
func dengageItem(_ id: String, isRead: Bool = false) -> [String: Any] {
    [
        "smsgId": id, "isRead": isRead, "priority": 0,
        "messageJson": [
            "title": "Title \(id)", "message": "Body of \(id)", "receiveDateUTC": "2026-11-29T09:30:00.000Z",
            "messageDetails": "token-\(id)", "isPinned": false,
        ] as [String: Any],
    ]
}

extension SyncFixture {
    /// A `format: dengage` producer on the stub with the account `acme` (nil: none configured).
    func dengageProducer(
        account: String? = "acme", contactKey: String? = nil, appId: String? = nil, token: String? = nil,
        pageSize: Int = 20
    ) -> ProducerConfig {
        var config = producer(token: token, contactKey: contactKey, pageSize: pageSize)
        config.format = .dengage
        config.dengage = DengageOptions(account: account, appId: appId)
        return config
    }
}
