import Foundation
import InboxCore
import InboxStore
import InboxSync
import TestSupport
import Testing

/// Dengage's events over loopback (VENDORS.md §2): queued statuses become `OP`/`DT` only when no
/// event already carries the action, the queue's batches are cleared only by an answer, and a 4xx
/// other than 408/429 drops its batch with a line while 408, 429 and 5xx keep it.
@Suite struct DengageSendTests {
    static let events = "POST /api/inbox/events"

    /// The events of each Dengage events request, as `TYPE msgid` strings in the order sent.
    private func sentEvents(_ f: SyncFixture) throws -> [[String]] {
        try f.stub.requests(Self.events).map(\.dengageEvents)
    }

    @Test func theBodyNamesTheDeviceAndOmitsWhatIsNotSet() throws {
        let f = try SyncFixture()
        try f.seed(1)
        #expect(try f.inbox.markDeleted(f.key("m-1")))
        try f.drainer(f.dengage(contactKey: "CK-1", appId: "app-7")).drain()
        try f.drainer(f.dengage(account: "other")).drain()
        let requests = try f.stub.requests(Self.events)
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["user-agent"]?.hasPrefix("tinbox/") == true)
        #expect(request.headers["authorization"] == nil)
        let body = try #require(request.json as? [String: Any])
        #expect(Set(body.keys) == ["acc", "ckey", "did", "appId", "events"])
        #expect(body["acc"] as? String == "acme")
        #expect(body["ckey"] as? String == "CK-1")
        #expect(body["did"] as? String == "device-1")
        #expect(body["appId"] as? String == "app-7")
        let event = try #require((body["events"] as? [[String: Any]])?.first)
        #expect(Set(event.keys) == ["eventType", "msgid", "messageDetails", "eventDateUTC"])
        #expect(event["eventType"] as? String == "DT")
        #expect(event["msgid"] as? String == "m-1")
        #expect(event["messageDetails"] as? String == "details-1")
        #expect(event["eventDateUTC"] as? String == UTCDate.format(f.clock.now))
    }

    @Test func optionalKeysAreLeftOutAndMissingDetailsAreEmpty() throws {
        let f = try SyncFixture()
        let message = InboxMessage(key: f.key("x"), title: "No details", receiveDate: f.clock.now)
        _ = try f.inbox.merge(producer: "engagement", messages: [message], skipped: 0)
        #expect(try f.inbox.markDeleted(f.key("x")))
        try f.drainer(f.dengage()).drain()
        let body = try #require(try f.stub.requests(Self.events).first?.json as? [String: Any])
        #expect(Set(body.keys) == ["acc", "did", "events"])
        let event = try #require((body["events"] as? [[String: Any]])?.first)
        #expect(event["messageDetails"] as? String == "")
    }

    @Test func aStatusGoesOutAsAnEventOnlyWhenNoEventCarriesItsAction() throws {
        let f = try SyncFixture()
        try f.seed(6)
        let queuedAt = f.clock.now
        #expect(try f.inbox.markRead(f.key("m-1")))  // read, no event: OP from the status
        #expect(try f.inbox.open(f.key("m-2")))  // OP and read: the status adds nothing
        #expect(try f.inbox.markDeleted(f.key("m-3")))  // DT and deleted: nothing more
        #expect(try f.inbox.tap(f.key("m-4"), buttonId: "b1"))  // CL and read: nothing more
        #expect(try f.inbox.markRead(f.key("m-5")))
        #expect(try f.inbox.markDeleted(f.key("m-5")))  // read then deleted: DT only
        try f.inbox.trackOpen(f.key("m-6"))  // OP without a status
        f.clock.advance(by: 30)
        let report = try f.drainer(f.dengage()).drain()
        #expect(report.statuses == 1)
        #expect(try sentEvents(f) == [["OP m-2", "DT m-3", "CL m-4", "DT m-5", "OP m-6", "OP m-1"]])
        // The status's event is dated when the status was queued.
        let body = try #require(try f.stub.requests(Self.events).first?.json as? [String: Any])
        let last = try #require((body["events"] as? [[String: Any]])?.last)
        #expect(last["eventDateUTC"] as? String == UTCDate.format(queuedAt))
        #expect(last["messageDetails"] as? String == "details-1")
        #expect(try f.pending() == (0, 0))
        try f.drainer(f.dengage()).drain()
        #expect(try f.stub.requests(Self.events).count == 1)
    }

    @Test func fiveHundredEventsARequestOldestFirst() throws {
        let f = try SyncFixture()
        try f.seed(1201)
        try f.inbox.markAll(.deleted)
        try f.drainer(f.dengage()).drain()
        #expect(try sentEvents(f).map(\.count) == [500, 500, 201])
        #expect(try f.pending() == (0, 0))
    }

    @Test(arguments: [500, 503, 408])
    func aRetryableAnswerKeepsTheBatchForTheNextDrain(status: Int) throws {
        let f = try SyncFixture()
        try f.seed(2)
        #expect(try f.inbox.markRead(f.key("m-1")))
        #expect(try f.inbox.markDeleted(f.key("m-2")))
        try f.stub.script(Self.events, [["status": status, "body": "busy"]])
        #expect(throws: SyncError.http(endpoint: Self.events, status: status)) {
            try f.drainer(f.dengage()).drain()
        }
        // The status became an event before the send: it stays queued as that event, once.
        #expect(try f.pending() == (0, 2))
        try f.drainer(f.dengage()).drain()
        let sent = try sentEvents(f)
        #expect(sent.count == 2)
        #expect(sent[0] == sent[1])
        #expect(Set(sent[1]) == ["OP m-1", "DT m-2"])
        #expect(try f.pending() == (0, 0))
    }

    @Test(arguments: [400, 401, 404, 422])
    func aRefusalForGoodDropsTheBatchWithALine(status: Int) throws {
        let f = try SyncFixture()
        try f.seed(501)
        try f.inbox.markAll(.deleted)
        try f.stub.script(Self.events, [["status": status, "json": ["message": "no"]]])
        let lines = Lines()
        try f.drainer(f.dengage(), log: lines.append).drain()
        #expect(lines.all == ["engagement: POST /api/inbox/events answered HTTP \(status); 500 events dropped"])
        // The next batch still went out.
        #expect(try sentEvents(f).map(\.count) == [500, 1])
        #expect(try f.pending() == (0, 0))
    }

    @Test func anUnknownAccountIsRefusedByTheServerAndDropped() throws {
        let f = try SyncFixture()
        try f.stub.setState(["dengageAccount": "acme"])
        try f.seed(1)
        #expect(try f.inbox.markDeleted(f.key("m-1")))
        let lines = Lines()
        try f.drainer(f.dengage(account: "acne"), log: lines.append).drain()
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("HTTP 400; 1 events dropped") == true)
        #expect(try f.pending() == (0, 0))
    }

    @Test func aThrottleKeepsTheQueueAndHoldsRequestsForItsRetryAfter() throws {
        let f = try SyncFixture()
        try f.seed(1)
        #expect(try f.inbox.markDeleted(f.key("m-1")))
        try f.stub.script(Self.events, [["status": 429, "headers": ["Retry-After": "120"]]])
        #expect(throws: SyncError.throttled(endpoint: Self.events, retryAfter: 120)) {
            try f.drainer(f.dengage()).drain()
        }
        f.clock.advance(by: 119)
        #expect(throws: SyncError.self) { try f.drainer(f.dengage()).drain() }
        #expect(try f.stub.requests(Self.events).count == 1)
        f.clock.advance(by: 2)
        try f.drainer(f.dengage()).drain()
        #expect(try sentEvents(f) == [["DT m-1"], ["DT m-1"]])
        #expect(try f.pending() == (0, 0))
    }

    @Test func aTwoHundredThatIsNotJSONKeepsTheBatchAndAnEmptyOneTakesIt() throws {
        let f = try SyncFixture()
        try f.seed(1)
        #expect(try f.inbox.markDeleted(f.key("m-1")))
        try f.stub.script(Self.events, [["garbage": true]])
        #expect(throws: SyncError.notJSON(endpoint: Self.events)) { try f.drainer(f.dengage()).drain() }
        #expect(try f.pending() == (0, 1))
        try f.drainer(f.dengage()).drain()
        #expect(try f.pending() == (0, 0))
    }

    @Test func aRefusedConnectionKeepsEverything() throws {
        let f = try SyncFixture()
        try f.seed(1)
        #expect(try f.inbox.markRead(f.key("m-1")))
        f.stub.stop()
        #expect(throws: SyncError.self) { try f.drainer(f.dengage()).drain() }
        #expect(try f.pending() == (0, 1))
    }
}

/// Lines a drain logged, in order, from whichever thread logged them.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

extension SyncFixture {
    /// A Dengage producer on the stub with the account `acme` and the device id `device-1`.
    func dengage(
        account: String = "acme", contactKey: String? = nil, appId: String? = nil, token: String? = nil,
        pageSize: Int = 20
    ) -> DengageProducer {
        DengageProducer(
            config: producer(token: token, contactKey: contactKey, pageSize: pageSize),
            options: DengageOptions(account: account, appId: appId), deviceId: "device-1", base: stub.base,
            transport: transport)
    }

    func drainer(_ producer: DengageProducer, log: @escaping @Sendable (String) -> Void = { _ in }) -> DengageDrainer {
        DengageDrainer(inbox: inbox, producer: producer, bootId: "boot", log: log)
    }
}
