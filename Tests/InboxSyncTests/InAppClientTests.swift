import Foundation
import InAppEngine
import InAppSync
import InboxHTTP
import InboxSync
import TestSupport
import Testing

/// The in-app endpoints of PROTOCOL §2 against the real stub server on loopback.
@Suite struct InAppClientTests {
    let document: [String: Any] = [
        "settings": ["cooldownSeconds": 10],
        "campaigns": [
            ["id": "c-1", "trigger": ["type": "sessionStart"], "message": ["type": "modal", "header": "Hi"]]
        ],
    ]

    private func client(_ stub: StubServer, token: String? = "secret") -> InAppClient {
        let base = URL(string: "http://127.0.0.1:\(stub.port)")!
        return InAppClient(
            source: .http(base: base, token: token),
            transport: URLSessionTransport(timeouts: HTTPTimeouts(connect: 2, request: 5)))
    }

    @Test func syncAsksForTheCustomerAndLanguageWithTheTokenAndDecodes() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script("GET /api/iam/sync", [["json": document]])
        guard case .success(let (decoded, _)) = client(stub).sync(customer: "customer 1", language: "ar") else {
            Issue.record("the sync failed")
            return
        }
        #expect(decoded.campaigns.map(\.messageId) == ["c-1"])
        #expect(decoded.settings.cooldownSeconds == 10)
        let request = try #require(try stub.requests("GET /api/iam/sync").first)
        #expect(request.query == ["customerId": "customer 1", "lang": "ar"])
        #expect(request.headers["authorization"] == "Bearer secret")
        #expect(request.headers["user-agent"] == HTTPProducer.userAgent)
    }

    @Test func aServerErrorOrGarbageIsAFailureNotACrash() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script("GET /api/iam/sync", [["status": 500], ["garbage": true]])
        guard case .failure(.status(500, _)) = client(stub).sync(customer: "c", language: "en") else {
            Issue.record("a 500 must be a failure")
            return
        }
        guard case .failure(.notJSON) = client(stub).sync(customer: "c", language: "en") else {
            Issue.record("garbage must be refused as not JSON")
            return
        }
    }

    @Test func placeholderNumbersBecomeTheirText() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script("GET /api/iam/customers/c1/placeholders", [["json": ["player_name": "Sara", "points": 1200]]])
        #expect(try client(stub).placeholders(customer: "c1").get() == ["player_name": "Sara", "points": "1200"])
    }

    /// The id is one path segment, encoded once: `a b` went out as `a%2520b` and `..` as it is.
    @Test func aCustomerIdIsOnePathSegmentEncodedOnce() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.script("GET /api/iam/customers/a%20b%2Fc%C3%BC/placeholders", [["json": ["name": "Ü"]]])
        try stub.script("GET /api/iam/customers/%2E%2E/placeholders", [["json": ["name": "dots"]]])
        #expect(try client(stub).placeholders(customer: "a b/cü").get() == ["name": "Ü"])
        #expect(try client(stub).placeholders(customer: "..").get() == ["name": "dots"])
    }

    @Test func httpArtworkIsRefusedBeforeAnyRequest() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        let reference = ArtworkReference("http://127.0.0.1:\(stub.port)/a.png", documentBase: nil)
        guard case .failure(.refused) = client(stub).artwork(reference) else {
            Issue.record("http:// artwork must be refused")
            return
        }
        #expect(try stub.requests().isEmpty)
    }

    /// A local file is read as a feed file is, up to a limit: `/dev/zero` named as a picture or as
    /// the campaigns filled the memory.
    @Test func aLocalFileThatNeverEndsIsRefusedAtItsLimit() {
        let client = InAppClient(source: .file(URL(fileURLWithPath: "/dev/zero")))
        let picture = ArtworkReference("/dev/zero", documentBase: URL(fileURLWithPath: "/tmp"))
        guard case .failure(.unreadable(let reason)) = client.artwork(picture) else {
            Issue.record("an endless picture must be refused")
            return
        }
        #expect(reason == "cannot read /dev/zero: it is larger than 64 MiB")
        guard case .failure(.unreadable(let why)) = client.sync(customer: "c", language: "en") else {
            Issue.record("endless campaigns must be refused")
            return
        }
        #expect(why == "cannot read /dev/zero: it is larger than 256 MiB")
    }

    @Test func aCustomerEventIsSentInTheShapeOfPROTOCOL23() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        let result = client(stub).sendCustomerEvent(
            customer: "customer_123", name: "place_order",
            properties: ["price": .number(150), "currency": .string("USD")])
        _ = try result.get()
        let body = try #require(try stub.requests("POST /api/events").first?.json as? [String: Any])
        #expect(body["customerId"] as? String == "customer_123")
        let event = (body["events"] as? [String: Any])?["place_order"] as? [String: Any]
        #expect(event?["price"] as? Int == 150)
        #expect(event?["currency"] as? String == "USD")
        guard case .failure(.refused) = client(stub).sendCustomerEvent(customer: "", name: "x", properties: [:]) else {
            Issue.record("an empty customer id must be refused")
            return
        }
        #expect(try stub.requests("POST /api/events").count == 1)
    }

    @Test func analyticsEventsAreSentInOrderInOneRequest() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        let events = ["a", "b", "c"].map { Data("{\"eventId\":\"\($0)\",\"type\":\"impression\"}".utf8) }
        _ = try client(stub).sendAnalytics(events).get()
        #expect(try stub.requests("POST /api/iam/events").map(\.eventIds) == [["a", "b", "c"]])
    }
}
