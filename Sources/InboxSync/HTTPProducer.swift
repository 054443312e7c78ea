import Foundation
import InboxCore
import InboxStore

/// A producer behind an `http(s)://` base URL: the four endpoints of PROTOCOL 1.1-1.4 with the
/// rules of 1.5. Each call is one or more blocking exchanges over the injected transport.
public struct HTTPProducer: Sendable {
    public static let userAgent = "tinbox/0.1.0"
    /// Issue 4: at most 500 statuses or events per request.
    public static let batchLimit = 500
    /// PROTOCOL 1.5 bounds an HTTP body at 8 MiB: tinbox sends none larger than it takes, but for
    /// a single status or event that is longer by itself (`OrderedBatches`).
    public static let requestBodyLimit = 8 << 20
    /// A `Retry-After` longer than a day is read as a day, so a broken server cannot mute tinbox for ever.
    public static let longestRetryAfter: Double = 86_400

    public let config: ProducerConfig
    public let base: URL
    public let transport: HTTPTransport
    public let cancellation: Cancellation?
    /// The wall clock an HTTP-date `Retry-After` is read against (the inbox's, injected).
    public let clock: Clock

    public init(
        config: ProducerConfig, base: URL, transport: HTTPTransport, cancellation: Cancellation? = nil,
        clock: Clock = SystemClock()
    ) {
        self.config = config
        self.base = base
        self.transport = transport
        self.cancellation = cancellation
        self.clock = clock
    }

    /// PROTOCOL 1.2: the page size is checked before any request is made.
    public static func validate(_ config: ProducerConfig) throws {
        guard (1...100).contains(config.pageSize) else { throw SyncError.invalidPageSize(config.pageSize) }
    }

    // MARK: endpoints

    /// PROTOCOL 1.1: operational only with a non-empty `accountName` and `inboxEnabled` true.
    public func isOperational() throws -> Bool {
        let endpoint = "GET /api/sdk/params"
        let object = try jsonObject(try exchange("GET", "/api/sdk/params", endpoint: endpoint), endpoint: endpoint)
        guard let fields = object as? [String: Any] else {
            throw SyncError.wrongShape(endpoint: endpoint, reason: "the params are not a JSON object")
        }
        let account = fields["accountName"] as? String ?? ""
        let enabled = (fields["inboxEnabled"] as? Bool) == true
        return !account.isEmpty && enabled
    }

    /// PROTOCOL 1.2: pages of `pageSize` until a short page, reading at most `maxMessages`.
    /// Each page is decoded by the streaming decoder (bodies are at most 8 MiB) and its usable
    /// messages go to `sink`; returns how many were skipped.
    public func fetchMessages(into sink: FeedSink) throws -> Int {
        try Self.validate(config)
        let endpoint = "GET /api/inbox/messages"
        var skipped = 0
        var read = 0
        let most = max(1, config.maxMessages)
        while read < most {
            if cancellation?.isCancelled == true { throw SyncError.cancelled }
            let limit = min(config.pageSize, most - read)
            var query = [("limit", String(limit)), ("offset", String(read))]
            if let contactKey = config.contactKey { query.append(("contactKey", contactKey)) }
            let body = try exchange("GET", "/api/inbox/messages", query: query, endpoint: endpoint)
            let page: FeedDocument
            do {
                // A server that sends more than asked for is cut to the limit.
                page = try FeedDocument(data: body, producer: config.name, source: endpoint, items: limit)
            } catch let error as FeedError {
                if case .malformed = error { throw SyncError.notJSON(endpoint: endpoint) }
                throw SyncError.feed(error)
            }
            let items = page.messages.count + page.skipped
            for message in page.messages { try sink.accept(message) }
            skipped += page.skipped
            read += items
            if items < limit { break }
        }
        return skipped
    }

    /// One request's worth of statuses or events, its body written ahead of sending.
    public struct Batch: Sendable {
        let path: String
        let body: Data
        /// How many statuses or events it carries.
        let count: Int
    }

    /// PROTOCOL 1.3: at most `batchLimit` statuses for one request.
    public static func batch(_ statuses: [PendingStatus]) -> Batch {
        precondition(statuses.count <= batchLimit)
        return Batch(path: "/api/inbox/status", body: statusesBody(statuses), count: statuses.count)
    }

    /// PROTOCOL 1.4: at most `batchLimit` events, each with its own `eventId`, for one bulk request.
    public static func batch(_ events: [InboxEvent]) -> Batch {
        precondition(events.count <= batchLimit)
        return Batch(path: "/api/inbox/events", body: eventsBody(events), count: events.count)
    }

    /// Sends one batch. Returns when the server took it.
    public func push(_ batch: Batch) throws {
        try post(batch.path, batch.body)
    }

    /// PROTOCOL 1.3: one request of at most `batchLimit` statuses. Returns when the server took them.
    public func pushStatuses(_ statuses: [PendingStatus]) throws {
        try push(Self.batch(statuses))
    }

    /// PROTOCOL 1.4: one bulk request of at most `batchLimit` events. Returns when the server took them.
    public func pushEvents(_ events: [InboxEvent]) throws {
        try push(Self.batch(events))
    }

    /// `event`, or, when a body of it alone would pass `requestBodyLimit`, `event` without its
    /// `messageDetails`: a server's token that long could never go back within PROTOCOL 1.5's
    /// bound, and the event went alone in a body over it, which a server that keeps to the bound
    /// refuses for ever; the event stayed queued and every refresh of its producer failed at it,
    /// before the list was fetched. The event itself still goes (README, "Decisions").
    static func sendable(_ event: InboxEvent) -> InboxEvent {
        // JSON escaping makes a string at most six times longer (`\u0001`): shorter ones fit.
        guard let details = event.messageDetails, details.utf8.count > requestBodyLimit / 6 - 1024,
            eventsBody([event]).count > requestBodyLimit
        else { return event }
        var lighter = event
        lighter.messageDetails = nil
        return lighter
    }

    /// `{"statuses":[{"id":…,"status":…},…]}`
    static func statusesBody(_ statuses: [PendingStatus]) -> Data {
        var json = JSONBody(capacity: 16 + statuses.count * 40)
        json.raw("{\"statuses\":[")
        for (index, status) in statuses.enumerated() {
            json.open(after: index > 0)
            json.member("id", status.id)
            json.member("status", status.status.rawValue)
            json.close()
        }
        json.raw("]}")
        return json.data
    }

    /// `{"events":[{"eventId":…,"eventType":…,"messageId":…,"messageDetails":…|null,"buttonId":…|null,
    /// "eventDateUTC":…},…]}`
    static func eventsBody(_ events: [InboxEvent]) -> Data {
        var json = JSONBody(capacity: 16 + events.count * 200)
        json.raw("{\"events\":[")
        for (index, event) in events.enumerated() {
            json.open(after: index > 0)
            json.member("eventId", event.eventId)
            json.member("eventType", event.kind.rawValue)
            json.member("messageId", event.key.id)
            json.member("messageDetails", event.messageDetails)
            json.member("buttonId", event.buttonId)
            json.member("eventDateUTC", milliseconds: UTCDate.milliseconds(event.date))
            json.close()
        }
        json.raw("]}")
        return json.data
    }

    // MARK: one exchange

    private func post(_ path: String, _ body: Data) throws {
        let endpoint = "POST \(path)"
        let answer = try exchange("POST", path, body: body, endpoint: endpoint)
        // A 2xx is the acknowledgement; its body may be empty, and when it is not it must be JSON.
        if !answer.allSatisfy(Self.isWhitespace) { _ = try jsonObject(answer, endpoint: endpoint) }
    }

    /// Sends one request and returns the body of a 2xx; every other ending is a `SyncError`.
    func exchange(
        _ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil, endpoint: String
    ) throws -> Data {
        var headers = ["User-Agent": Self.userAgent, "Accept": "application/json"]
        if let token = config.token, !token.isEmpty { headers["Authorization"] = "Bearer \(token)" }
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPRequest(method: method, url: url(path, query: query), headers: headers, body: body)
        switch transport.send(request, cancellation: cancellation) {
        case .failure(.cancelled): throw SyncError.cancelled
        case .failure(let failure): throw SyncError.transport(endpoint: endpoint, failure)
        case .success(let response):
            if response.status == 429 {
                throw SyncError.throttled(
                    endpoint: endpoint, retryAfter: Self.retryAfter(response.headers["retry-after"], now: clock.now))
            }
            guard (200...299).contains(response.status) else {
                throw SyncError.http(endpoint: endpoint, status: response.status)
            }
            return response.body
        }
    }

    private func jsonObject(_ data: Data, endpoint: String) throws -> Any {
        // A lone surrogate escape reads as U+FFFD here too, as in every page (JSONText).
        let text = JSONText.replacingLoneSurrogates(data)
        guard let object = try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed]) else {
            throw SyncError.notJSON(endpoint: endpoint)
        }
        return object
    }

    /// `{base}{path}?query`, keeping a path the base URL already has (`https://host/tenant`).
    func url(_ path: String, query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: true) ?? URLComponents()
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath = prefix + path
        components.percentEncodedQuery =
            query.isEmpty ? nil : query.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
        return components.url ?? base
    }

    /// RFC 3986 unreserved characters, ASCII only; everything else is percent-encoded.
    private static let queryValue = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: queryValue) ?? value
    }

    /// `Retry-After` in seconds (PROTOCOL 1.5), or as an HTTP date (RFC 9110 10.2.3, which servers
    /// and proxies send too: it was ignored, and the next refresh asked again at once), clamped to
    /// a day; nil when absent or unreadable. `now` reads the date against the wall clock.
    static func retryAfter(_ value: String?, now: Date) -> Double? {
        guard let text = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return min(seconds, longestRetryAfter) }
        guard let date = httpDate(text) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), longestRetryAfter)
    }

    /// An HTTP date in any of its three forms: `Sun, 06 Nov 1994 08:49:37 GMT` (the one to send),
    /// `Sunday, 06-Nov-94 08:49:37 GMT` and `Sun Nov  6 08:49:37 1994`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
