import Foundation
import TestSupport
import Testing
import TinboxKit

/// A `ProducerSource` with `format: "dengage"` over HTTP (VENDORS.md §2, LIBRARY.md), against the
/// stub server speaking Dengage's Inbox Channel; in the serialized inbox suite because
/// `InboxFeature` holds one configuration per process.
extension InboxFeatureTests {
    static let dengageItems: [String] = ["d-1", "d-2", "d-3"]

    private func dengageFeed() -> [[String: Any]] {
        Self.dengageItems.map { id in
            [
                "smsgId": id,
                "messageJson": [
                    "title": "Dengage \(id)", "receiveDateUTC": "2026-11-29T09:30:00.000Z",
                    "messageDetails": "token-\(id)",
                ] as [String: Any],
            ]
        }
    }

    /// The `TYPE msgid` of every Dengage event the stub received, and each request's `did`.
    private func dengageEvents(_ stub: StubServer) throws -> (events: [String], devices: [String?]) {
        let requests = try stub.requests("POST /api/inbox/events")
        return (requests.flatMap(\.dengageEvents), requests.map(\.dengageDevice))
    }

    @Test func aDengageSourceFetchesWithItsOptionsAndSendsItsEventsWithTheSameDevice() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        try stub.setState(["feed": dengageFeed(), "dengageAccount": "acme"])
        let options: [String: JSONValue] = [
            "account": .string("acme"), "contactKey": .string("CK-1"), "appId": .string("app-1"),
            "pageSize": .number(5),
        ]
        let api = try self.api([.http(stub.base, format: "dengage", token: "unused", options: options)])
        #expect(refresh(api).map { $0.0 && $0.1 == .engagement } == [true])
        #expect(api.getAllMessages().map(\.id) == Self.dengageItems)
        let fetch = try #require(try stub.requests("GET /api/inbox/getMessages").first)
        let device = try #require(fetch.query["did"])
        #expect(UUID(uuidString: device) != nil)
        #expect(fetch.query == ["acc": "acme", "ckey": "CK-1", "did": device, "appId": "app-1", "limit": "5"])
        #expect(fetch.headers["authorization"] == nil)
        #expect(try stub.requests().map(\.route) == ["GET /api/inbox/getMessages"], "no params request")

        #expect(api.markMessageRead(id: "d-1"))
        #expect(api.markMessageDeleted(id: "d-2"))
        clock.advance(by: 60)
        #expect(refresh(api).map(\.0) == [true])
        #expect(try dengageEvents(stub).events == ["DT d-2", "OP d-1"])

        // The channel call queues its event and flushes it at once, with the same device id.
        let sent = Recorder<Bool>()
        api.sendInboxChannelEvents([InboxChannelEvent(eventType: .click, messageId: "d-3", messageDetails: nil)]) {
            sent.append((try? $0.get()) != nil)
        }
        #expect(eventually { sent.count == 1 })
        #expect(eventually { (try? dengageEvents(stub).events.count) == 3 })
        let after = try dengageEvents(stub)
        #expect(after.events.last == "CL d-3")
        #expect(after.devices == [device, device])
    }

    @Test func aDengageSourceWithoutAnAccountFailsItsRefreshAndSendsNothing() throws {
        let stub = try StubServer()
        defer { stub.stop() }
        let api = try self.api([.http(stub.base, format: "dengage")])
        #expect(refresh(api).map(\.0) == [false])
        #expect(try stub.requests().isEmpty)
    }
}
