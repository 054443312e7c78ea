import Foundation
import InboxCore
import InboxStore

/// A Dengage producer's own config keys (VENDORS.md §2); `contactKey` (`ckey`) and `pageSize`
/// (`limit`) are `ProducerConfig`'s.
public struct DengageOptions: Equatable, Sendable {
    /// `acc`: the account name. Without one the producer is not operational.
    public var account: String?
    /// `did`; nil sends the data directory's own (`Inbox.deviceId()`).
    public var deviceId: String?
    /// `appId`, sent only when set.
    public var appId: String?
    /// The SDK's `inboxEnabled`, from the config (there is no params request): false makes the
    /// producer not operational.
    public var inboxEnabled: Bool

    /// Blank strings count as absent (VENDORS.md §6).
    public init(account: String? = nil, deviceId: String? = nil, appId: String? = nil, inboxEnabled: Bool = true) {
        self.account = Self.present(account)
        self.deviceId = Self.present(deviceId)
        self.appId = Self.present(appId)
        self.inboxEnabled = inboxEnabled
    }

    /// VENDORS.md §2: `account` is required over HTTP. Without one nothing is sent, not even the
    /// queue (the server would refuse it for good and the events would be dropped); the refresh
    /// fails with this line rather than reading as an inbox that is merely off.
    public func requireAccount() throws {
        guard account == nil else { return }
        throw SyncError.unsupported("no Dengage account: set \"account\" in this producer's config")
    }

    private static func present(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}

/// The Dengage Inbox Channel behind an `http(s)://` base URL (VENDORS.md §2): one
/// `GET /api/inbox/getMessages` per refresh, events in bulk to `POST /api/inbox/events`.
///
/// Every exchange goes through `HTTPProducer`'s, so 429, `Retry-After`, timeouts and the 8 MiB
/// limit behave as for tinbox's own format (PROTOCOL 1.5). Dengage has no API-key header: the
/// account travels as `acc`, and a configured `token` is not sent.
public struct DengageProducer: Sendable {
    public static let messagesPath = "/api/inbox/getMessages"
    public static let eventsPath = "/api/inbox/events"

    public let config: ProducerConfig
    public let options: DengageOptions
    /// The `did` sent: the configured one, else the data directory's.
    public let deviceId: String
    let http: HTTPProducer

    /// `deviceId` is `options.deviceId` when set; otherwise pass the store's (`Inbox.deviceId()`).
    public init(
        config: ProducerConfig, options: DengageOptions, deviceId: String, base: URL, transport: HTTPTransport,
        cancellation: Cancellation? = nil
    ) {
        self.config = config
        self.options = options
        self.deviceId = options.deviceId ?? deviceId
        var anonymous = config
        anonymous.token = nil
        http = HTTPProducer(config: anonymous, base: base, transport: transport, cancellation: cancellation)
    }

    /// The producer `config` describes (`config.dengage`), sending the store's device id unless
    /// the config names one.
    public init(
        config: ProducerConfig, inbox: Inbox, base: URL, transport: HTTPTransport, cancellation: Cancellation? = nil
    ) throws {
        self.init(
            config: config, options: config.dengage, deviceId: try config.dengage.deviceId ?? inbox.deviceId(),
            base: base, transport: transport, cancellation: cancellation)
    }

    public var cancellation: Cancellation? { http.cancellation }

    // MARK: fetch

    /// `acc`, `ckey` (only when set), `did`, `appId` (only when set), `limit`, in the SDKs' order.
    var messagesQuery: [(String, String)] {
        var query = [("acc", options.account ?? "")]
        if let contactKey = config.contactKey, !contactKey.isEmpty { query.append(("ckey", contactKey)) }
        query.append(("did", deviceId))
        if let appId = options.appId { query.append(("appId", appId)) }
        query.append(("limit", String(config.pageSize)))
        return query
    }

    /// The body of one `GET /api/inbox/getMessages`: at most `pageSize` messages, no offset, so
    /// PROTOCOL 1.2's page loop and `maxMessages` do not apply. Throws `SyncError` for every
    /// answer that is not a 2xx.
    public func fetchBody() throws -> Data {
        try HTTPProducer.validate(config)
        if cancellation?.isCancelled == true { throw SyncError.cancelled }
        return try http.exchange(
            "GET", Self.messagesPath, query: messagesQuery, endpoint: "GET \(Self.messagesPath)")
    }

    /// One `GET /api/inbox/getMessages`, each usable message of its top-level array handed to
    /// `sink` (at most `pageSize`: a server that sends more is cut to the limit); returns how many
    /// were skipped. A message without `receiveDateUTC` is dated `now`, the instant tinbox first
    /// stores it (the merge keeps that first date).
    public func fetchMessages(now: Date, into sink: FeedSink) throws -> Int {
        let endpoint = "GET \(Self.messagesPath)"
        let body = try fetchBody()
        let page: FeedDocument
        do {
            page = try FeedDocument(
                data: body, producer: config.name, source: endpoint, format: .dengage, firstSeen: now,
                items: config.pageSize)
        } catch let error as FeedError {
            if case .malformed = error { throw SyncError.notJSON(endpoint: endpoint) }
            throw SyncError.feed(error)
        }
        for message in page.messages { try sink.accept(message) }
        return page.skipped
    }

    // MARK: events

    /// One bulk request of at most `HTTPProducer.batchLimit` events; returns when the server took
    /// them. The acknowledgement is tinbox's (PROTOCOL 1.5): a 2xx with an empty body (what
    /// Dengage sends) or JSON; one that is not JSON, a captive portal's page, keeps them queued.
    public func push(_ events: [InboxEvent]) throws {
        try push(batch(events))
    }

    /// The request for at most `HTTPProducer.batchLimit` events, its body written ahead of sending.
    func batch(_ events: [InboxEvent]) -> HTTPProducer.Batch {
        precondition(events.count <= HTTPProducer.batchLimit)
        return HTTPProducer.Batch(path: Self.eventsPath, body: eventsBody(events), count: events.count)
    }

    /// Sends one batch; returns when the server took it (as `push(_:)` for events).
    func push(_ batch: HTTPProducer.Batch) throws {
        try http.push(batch)
    }

    /// `{"acc","ckey"?,"did","appId"?,"events":[{"eventType","msgid","messageDetails","eventDateUTC"}]}`:
    /// optional keys omitted, not null; `messageDetails` `""` when the message has none;
    /// `eventDateUTC` the instant the event was recorded.
    func eventsBody(_ events: [InboxEvent]) -> Data {
        var json = JSONBody(capacity: 64 + events.count * 160)
        json.open(after: false)
        json.member("acc", options.account ?? "")
        if let contactKey = config.contactKey, !contactKey.isEmpty { json.member("ckey", contactKey) }
        json.member("did", deviceId)
        if let appId = options.appId { json.member("appId", appId) }
        json.raw(",\"events\":[")
        for (index, event) in events.enumerated() {
            json.open(after: index > 0)
            json.member("eventType", event.kind.rawValue)
            json.member("msgid", event.key.id)
            json.member("messageDetails", event.messageDetails ?? "")
            json.member("eventDateUTC", UTCDate.format(event.date))
            json.close()
        }
        json.raw("]}")
        return json.data
    }
}
