import Foundation
import InboxCore
import InboxStore
import InboxSync
import Testing

/// The params guard and the paged fetch over real HTTP (PROTOCOL 1.1, 1.2, 1.5 headers).
@Suite struct HTTPFetchTests {
    @Test func aRefreshReadsThePagesUntilAShortOne() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 45])
        #expect(try f.refresh() == [.ok(messages: 45, skipped: 0)])
        let pages = try f.stub.requests("GET /api/inbox/messages").map { [$0.query["limit"], $0.query["offset"]] }
        #expect(pages == [["20", "0"], ["20", "20"], ["20", "40"]])
        #expect(try f.inbox.count(.all) == 45)
    }

    @Test func aFullLastPageIsFollowedByOneEmptyPage() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 40])
        #expect(try f.refresh() == [.ok(messages: 40, skipped: 0)])
        #expect(try f.stub.requests("GET /api/inbox/messages").map { $0.query["offset"] } == ["0", "20", "40"])
    }

    @Test func aRefreshReadsAtMostMaxMessages() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 100])
        #expect(try f.refresh([f.producer(pageSize: 30, maxMessages: 50)]) == [.ok(messages: 50, skipped: 0)])
        let pages = try f.stub.requests("GET /api/inbox/messages").map { [$0.query["limit"], $0.query["offset"]] }
        #expect(pages == [["30", "0"], ["20", "30"]])
    }

    @Test(arguments: [0, 101, -5])
    func aPageSizeOutsideOneToHundredIsRefusedBeforeAnyRequest(size: Int) throws {
        let f = try SyncFixture()
        let outcome = try f.refresh([f.producer(pageSize: size)])
        #expect(outcome == [.failed("pageSize \(size) is outside 1-100; no request sent")])
        #expect(try f.stub.requests().isEmpty)
    }

    @Test func everyRequestCarriesTheUserAgentTheTokenAndTheContactKey() throws {
        let f = try SyncFixture()
        try f.stub.setState(["generate": 1])
        try f.refresh([f.producer(token: "s3cret", contactKey: "CK 1/ü")])
        let requests = try f.stub.requests()
        #expect(requests.map(\.route) == ["GET /api/sdk/params", "GET /api/inbox/messages"])
        for request in requests {
            #expect(request.headers["user-agent"] == "tinbox/0.1.0")
            #expect(request.headers["authorization"] == "Bearer s3cret")
        }
        #expect(requests[1].query["contactKey"] == "CK 1/ü")
    }

    @Test func noAuthorizationHeaderWithoutAToken() throws {
        let f = try SyncFixture()
        try f.refresh()
        let requests = try f.stub.requests()
        #expect(Set(requests.map(\.route)).isSuperset(of: ["GET /api/sdk/params", "GET /api/inbox/messages"]))
        #expect(requests.allSatisfy { $0.headers["authorization"] == nil })
    }

    @Test(arguments: [
        #"{"accountName": "", "inboxEnabled": true}"#, #"{"accountName": "acme", "inboxEnabled": false}"#,
        #"{"inboxEnabled": true}"#, #"{"accountName": "acme"}"#, #"{"accountName": 7, "inboxEnabled": "yes"}"#,
    ])
    func aProducerThatIsNotOperationalReadsEmptyAndIsNotAnError(paramsJSON: String) throws {
        let f = try SyncFixture()
        let params = try JSONSerialization.jsonObject(with: Data(paramsJSON.utf8))
        try f.stub.setState(["generate": 3])
        #expect(try f.refresh() == [.ok(messages: 3, skipped: 0)])
        try f.stub.setState(["params": params])
        let outcome = try f.refresh()
        #expect(outcome == [.notOperational])
        #expect(outcome[0].succeeded)
        #expect(try f.inbox.count(.all) == 0)
        #expect(try f.stub.requests("GET /api/inbox/messages").count == 1)
        try f.stub.setState(["params": ["accountName": "acme", "inboxEnabled": true]])
        #expect(try f.refresh() == [.ok(messages: 3, skipped: 0)])
        #expect(try f.inbox.count(.all) == 3)
    }

    @Test func messagesWithoutRequiredFieldsAreSkippedAndCounted() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [wireMessage("a"), ["id": "b"], ["data": ["title": "no id"]], wireMessage("c")]])
        #expect(try f.refresh() == [.ok(messages: 2, skipped: 2)])
        #expect(try f.ids() == ["a", "c"])
    }

    /// A page longer than its `limit` is cut to its first `limit` items, usable or not: an
    /// unusable item past them cost a usable message of the page.
    @Test func aPageLongerThanItsLimitIsCutToItsFirstItems() throws {
        let f = try SyncFixture()
        let page: [Any] = [wireMessage("a"), ["id": "b"], wireMessage("c"), ["id": "d"], wireMessage("e")]
        try f.stub.script("GET /api/inbox/messages", [["json": ["messages": page]], ["json": ["messages": []]]])
        #expect(try f.refresh([f.producer(pageSize: 3)]) == [.ok(messages: 2, skipped: 1)])
        #expect(try f.ids() == ["a", "c"])
    }

    /// A lone surrogate escape in the params (a name cut inside an emoji) reads as U+FFFD, as in
    /// a page: the params were "not JSON", and the producer's refresh failed.
    @Test func aLoneSurrogateInTheParamsIsReadAsInAPage() throws {
        let f = try SyncFixture()
        try f.stub.script(
            "GET /api/sdk/params", [["body": #"{"accountName": "acme \ud83d", "inboxEnabled": true}"#]])
        try f.stub.setState(["generate": 2])
        #expect(try f.refresh() == [.ok(messages: 2, skipped: 0)])
    }

    @Test func aBaseURLWithAPathKeepsIt() throws {
        let f = try SyncFixture()
        let base = f.stub.base.appendingPathComponent("tenant/")
        let producer = ProducerConfig(kind: .engagement, source: .http(base))
        _ = try f.refresher([producer]).manualRefresh()
        #expect(try f.stub.requests().first?.path == "/tenant/api/sdk/params")
    }
}
