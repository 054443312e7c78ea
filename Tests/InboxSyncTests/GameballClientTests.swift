import Foundation
import InAppEngine
import InAppSync
import InboxHTTP
import InboxSync
import TestSupport
import Testing

/// Gameball's V4 endpoints (VENDORS.md §4) against the stub server on loopback.
@Suite struct GameballClientTests {
    static let sync = "POST /api/v4.0/integrations/inapp-messages/sync"
    static let variables = "POST /api/v4.0/integrations/inapp-messages/variables"
    static let events = "POST /api/v4.0/integrations/inapp-messages/events"

    let payload: [String: Any] = [
        "cooldownSeconds": 5,
        "messages": [
            [
                "campaignId": 2059, "variationId": 25, "name": "Sale", "messageType": 2,
                "trigger": ["type": "session_start"], "content": NSNull(), "locale": ["message": "EN summer sale"],
            ]
        ],
    ]

    private func client(_ stub: StubServer, platform: Int = 2) -> InAppClient {
        InAppClient(
            source: .http(
                base: URL(string: "http://127.0.0.1:\(stub.port)")!, token: "gb-key", format: .gameball,
                options: CampaignReadOptions(platform: platform)),
            transport: URLSessionTransport(timeouts: HTTPTimeouts(connect: 2, request: 5)))
    }

    private func event(_ index: Int, customer: String = "c1") -> Data {
        let id = String(format: "00000000-0000-4000-8000-%012d", index)
        return Data(
            AnalyticsEvent(
                eventId: UUID(uuidString: id)!, kind: index % 2 == 0 ? .impression : .dismissal,
                messageId: "2059/25", customerId: customer, buttonId: index == 1 ? "ok" : nil,
                at: Date(timeIntervalSince1970: 1_790_000_000.25)
            ).wireJSON.utf8)
    }

    @Test func syncPostsTheCustomerWithTheHeadersAndReadsThePayload() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(Self.sync, [["json": payload]])
        let (document, _) = try client(stub).sync(customer: "c1", language: "ar").get()
        #expect(document.campaigns.map(\.messageId) == ["2059/25"])
        #expect(document.campaigns.first?.name == "Sale")
        #expect(document.settings.cooldownSeconds == 5)
        let request = try #require(try stub.requests(Self.sync).first)
        #expect(request.headers["apikey"] == "gb-key")
        #expect(request.headers["lang"] == "ar")
        #expect(request.headers["x-gb-agent"]?.hasPrefix("GB/tinbox/") == true)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["authorization"] == nil)
        let body = try #require(request.json as? [String: Any])
        #expect(body["customerId"] as? String == "c1")
        #expect(body["platform"] as? Int == 2)
        #expect(body["locale"] as? String == "ar")
        #expect(body["appVersion"] is String && body["sdkVersion"] is String)
    }

    @Test func anEnvelopeIsUnwrappedAndItsFailureIsAFailedSync() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(
            Self.sync,
            [
                ["json": ["response": payload, "success": true, "errorCode": 0]],
                ["json": ["response": NSNull(), "success": false, "errorMsg": "no player"]],
            ])
        #expect(try client(stub).sync(customer: "c1", language: "en").get().0.campaigns.count == 1)
        guard case .failure(.unreadable(let reason)) = client(stub).sync(customer: "c1", language: "en") else {
            Issue.record("success: false must fail the sync")
            return
        }
        #expect(reason.contains("success: false (no player)"))
    }

    @Test(arguments: [400, 401, 404, 422, 429, 500, 503])
    func everyNon2xxSyncIsAFailedSync(status: Int) throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(Self.sync, [["status": status, "json": ["code": 7000]]])
        guard case .failure(.status(status, _)) = client(stub).sync(customer: "c1", language: "en") else {
            Issue.record("HTTP \(status) must be a failed sync")
            return
        }
    }

    @Test func variablesArePlaceholders() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(Self.variables, [["json": ["variables": ["player_name": "Ahmed", "points_balance": "1,250"]]]])
        #expect(
            try client(stub, platform: 1).placeholders(customer: "c1").get()
                == ["player_name": "Ahmed", "points_balance": "1,250"])
        let body = try #require(try stub.requests(Self.variables).first?.json as? [String: Any])
        #expect(body["customerId"] as? String == "c1" && body["platform"] as? Int == 1)
    }

    @Test func analyticsGoInGameballsShapeAtMostFiftyARequest() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        let (result, notes) = client(stub).sendAnalyticsNoting((0..<120).map { event($0) })
        _ = try result.get()
        #expect(notes.isEmpty)
        let requests = try stub.requests(Self.events)
        let bodies = requests.compactMap { $0.json as? [String: Any] }
        #expect(bodies.map { ($0["events"] as? [Any])?.count ?? 0 } == [50, 50, 20])
        #expect(bodies.allSatisfy { $0["customerId"] as? String == "c1" && $0["platform"] as? Int == 2 })
        let events = bodies.flatMap { $0["events"] as? [[String: Any]] ?? [] }
        #expect(
            events.map { $0["eventUid"] as? String ?? "" }
                == (0..<120).map { String(format: "00000000-0000-4000-8000-%012d", $0) })
        #expect(events[0]["type"] as? String == "impression" && events[1]["type"] as? String == "dismiss")
        #expect(events[0]["campaignId"] as? Int == 2059 && events[0]["variationId"] as? Int == 25)
        #expect(events[0]["occurredAt"] as? String == "2026-09-21T14:13:20Z")
        #expect(events[1]["buttonId"] as? String == "ok")
        #expect(
            events[0]["buttonId"] == nil && events[0]["url"] == nil && events[0]["dispatchId"] == nil,
            "omitted, not null")
    }

    @Test(arguments: [400, 401, 404, 422])
    func aRefusedEventsRequestIsDroppedWithANote(status: Int) throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(Self.events, [["status": status]])
        let (result, notes) = client(stub).sendAnalyticsNoting([event(0), event(2)])
        #expect((try? result.get()) != nil, "dropped, so not kept for retry")
        #expect(notes == ["analytics: Gameball answered HTTP \(status); 2 events dropped"])
    }

    @Test(arguments: [408, 429, 500, 503])
    func aRetryableEventsAnswerKeepsTheBatch(status: Int) throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script(Self.events, [["status": status]])
        let (result, _) = client(stub).sendAnalyticsNoting([event(0)])
        guard case .failure(.status(status, _)) = result else {
            Issue.record("HTTP \(status) keeps the events")
            return
        }
    }

    @Test func customerEventsAreNotSentToGameball() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        _ = try client(stub).sendCustomerEvent(customer: "c1", name: "place_order", properties: [:]).get()
        _ = try client(stub).post(body: Data("{}".utf8), to: "api/events", name: "events").get()
        #expect(try stub.requests().isEmpty)
    }
}
