import Foundation
import InboxCore
import InboxHTTP
import InboxStore
import InboxSync
import TestSupport

/// A fresh store in a temporary directory on a manual clock, a stub server, and refreshers
/// wired to it with short timeouts so no test can hang.
final class SyncFixture {
    let directory: URL
    let clock: ManualClock
    let inbox: Inbox
    let stub: StubServer
    let transport: URLSessionTransport

    init(timeouts: HTTPTimeouts = HTTPTimeouts(connect: 2, request: 5)) throws {
        directory = Scratch.folder("tinbox-sync")
        clock = ManualClock(now: UTCDate.parse("2026-11-29T12:00:00.000Z")!)
        inbox = Inbox(store: try Store(directory: directory), clock: clock)
        stub = try StubServer()
        transport = URLSessionTransport(timeouts: timeouts)
    }

    deinit {
        stub.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func producer(
        _ kind: ProducerKind = .engagement, token: String? = nil, contactKey: String? = nil, pageSize: Int = 20,
        maxMessages: Int = 1000
    ) -> ProducerConfig {
        ProducerConfig(
            kind: kind, source: .http(stub.base), token: token, contactKey: contactKey, pageSize: pageSize,
            maxMessages: maxMessages)
    }

    func refresher(_ producers: [ProducerConfig]? = nil, inbox: Inbox? = nil) -> Refresher {
        Refresher(
            inbox: inbox ?? self.inbox, producers: producers ?? [producer()], transport: transport, bootId: "boot")
    }

    /// One manual refresh, then the clock moves past the 60 s limit for the next one.
    @discardableResult
    func refresh(_ producers: [ProducerConfig]? = nil) throws -> [RefreshOutcome] {
        defer { clock.advance(by: 60) }
        return try refresher(producers).manualRefresh().map(\.outcome)
    }

    /// Another connection to the same database, as another thread or process would have.
    func reopened() throws -> Inbox {
        Inbox(store: try Store(directory: directory), clock: clock)
    }

    /// Stores `count` messages m-1…m-count for `producer` as if refreshed from a file.
    func seed(_ count: Int, producer: String = "engagement") throws {
        let messages = (1...count).map {
            InboxMessage(
                key: MessageKey(producer: producer, id: "m-\($0)"), title: "Message \($0)",
                receiveDate: clock.now.addingTimeInterval(-Double($0)), messageDetails: "details-\($0)")
        }
        _ = try inbox.merge(producer: producer, messages: messages, skipped: 0)
    }

    func key(_ id: String, _ producer: String = "engagement") -> MessageKey {
        MessageKey(producer: producer, id: id)
    }

    func ids(_ filter: StateFilter = .all) throws -> [String] {
        try inbox.entries(filter).map(\.key.id).sorted()
    }

    func pending(_ producer: String = "engagement") throws -> (statuses: Int, events: Int) {
        try inbox.pendingCounts(producer: producer)
    }
}

/// A feed message for the stub in the wire form of PROTOCOL 1.2.
func wireMessage(_ id: String, isRead: Bool? = nil, title: String? = nil) -> [String: Any] {
    var message: [String: Any] = [
        "id": id, "data": ["title": title ?? "Title \(id)", "receiveDateUTC": "2026-11-29T09:30:00.000Z"],
    ]
    if let isRead { message["isRead"] = isRead }
    return message
}
