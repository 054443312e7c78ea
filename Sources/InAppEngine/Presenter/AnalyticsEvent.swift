import Foundation
import InboxCore

/// One in-app analytics event (PROTOCOL 2.4), recorded once with its `eventId` and kept across
/// retries so a server can drop duplicates (B.15).
///
/// Codable with the PROTOCOL 2.4 field names (`eventId`, `type`, `messageId`, `customerId`,
/// `buttonId`, `url`, `at` in the UTC wire form), so a driver can store it in its outbox and send
/// it as it is. `buttonId` and `url` are written as `null` when absent. `wireJSON` writes one event
/// in the protocol's field order, the same bytes every time.
public struct AnalyticsEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable { case impression, click, dismissal }

    public var eventId: UUID
    public var kind: Kind
    public var messageId: String
    public var customerId: String
    public var buttonId: String?
    public var url: String?
    /// Kept to the millisecond by the wire form: a stored event comes back with `at` truncated there.
    public var at: Date

    public init(
        eventId: UUID, kind: Kind, messageId: String, customerId: String, buttonId: String? = nil,
        url: String? = nil, at: Date
    ) {
        self.eventId = eventId
        self.kind = kind
        self.messageId = messageId
        self.customerId = customerId
        self.buttonId = buttonId
        self.url = url
        self.at = at
    }

    private enum CodingKeys: String, CodingKey {
        case eventId, type, messageId, customerId, buttonId, url, at
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let idText = try container.decode(String.self, forKey: .eventId)
        guard let id = UUID(uuidString: idText) else {
            throw DecodingError.dataCorruptedError(forKey: .eventId, in: container, debugDescription: "not a UUID")
        }
        let atText = try container.decode(String.self, forKey: .at)
        guard let at = UTCDate.parse(atText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .at, in: container, debugDescription: "not a yyyy-MM-dd'T'HH:mm:ss.SSS'Z' instant")
        }
        self.init(
            eventId: id, kind: try container.decode(Kind.self, forKey: .type),
            messageId: try container.decode(String.self, forKey: .messageId),
            customerId: try container.decode(String.self, forKey: .customerId),
            buttonId: try container.decodeIfPresent(String.self, forKey: .buttonId),
            url: try container.decodeIfPresent(String.self, forKey: .url), at: at)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(eventIdText, forKey: .eventId)
        try container.encode(kind, forKey: .type)
        try container.encode(messageId, forKey: .messageId)
        try container.encode(customerId, forKey: .customerId)
        try container.encode(buttonId, forKey: .buttonId)
        try container.encode(url, forKey: .url)
        try container.encode(UTCDate.format(at), forKey: .at)
    }

    /// The event id as the wire writes it: lower-case, like `simulate`'s `eventIds`.
    public var eventIdText: String { eventId.uuidString.lowercased() }

    /// One JSON object in PROTOCOL 2.4 field order.
    public var wireJSON: String {
        JSONLine.write(
            .object([
                ("eventId", .string(eventIdText)), ("type", .string(kind.rawValue)),
                ("messageId", .string(messageId)), ("customerId", .string(customerId)),
                ("buttonId", buttonId.map(JSONLine.Value.string) ?? .null),
                ("url", url.map(JSONLine.Value.string) ?? .null), ("at", .string(UTCDate.format(at))),
            ]))
    }
}

/// Events sent in one request; `id` pairs the answer with the request.
public struct AnalyticsBatch: Sendable, Equatable {
    public var id: Int
    public var events: [AnalyticsEvent]
}

/// Where analytics `eventId`s come from. The app passes `RandomEventIds` (`UUID()`);
/// `simulate` and tests pass `SequentialEventIds`, so output is the same byte for byte.
public protocol EventIdGenerator: Sendable {
    mutating func nextId() -> UUID
}

public struct RandomEventIds: EventIdGenerator {
    public init() {}
    public mutating func nextId() -> UUID { UUID() }
}

/// `00000000-0000-4000-8000-000000000001`, `…002`, …: valid version-4-shaped UUIDs in order.
public struct SequentialEventIds: EventIdGenerator {
    private var next: UInt64

    public init(startingAt first: UInt64 = 1) {
        next = first
    }

    public mutating func nextId() -> UUID {
        defer { next += 1 }
        let hex = String(next, radix: 16)
        let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        return UUID(uuidString: "00000000-0000-4000-8000-\(padded.suffix(12))")!
    }
}

/// The analytics queue: waiting events in order, and the batch in flight (B.15).
struct AnalyticsQueue: Sendable {
    private(set) var waiting: [AnalyticsEvent] = []
    private(set) var inFlight: AnalyticsBatch?
    private var nextBatchId = 1

    /// B.15: "as soon as 10 are waiting".
    static let batchThreshold = 10

    var isFull: Bool { waiting.count >= Self.batchThreshold }

    mutating func append(_ event: AnalyticsEvent) {
        waiting.append(event)
    }

    /// Puts events kept from before a restart ahead of the newer ones, in their order; an event
    /// whose id is already waiting or in flight is skipped. Returns how many were added.
    mutating func restore(_ events: [AnalyticsEvent]) -> Int {
        var known = Set(waiting.map(\.eventId))
        known.formUnion(inFlight?.events.map(\.eventId) ?? [])
        var restored: [AnalyticsEvent] = []
        for event in events where known.insert(event.eventId).inserted {
            restored.append(event)
        }
        waiting = restored + waiting
        return restored.count
    }

    /// Takes every waiting event into one batch; `nil` when nothing waits or a send is in flight.
    mutating func takeBatch() -> AnalyticsBatch? {
        guard inFlight == nil, !waiting.isEmpty else { return nil }
        let batch = AnalyticsBatch(id: nextBatchId, events: waiting)
        nextBatchId += 1
        waiting = []
        inFlight = batch
        return batch
    }

    /// Ends the send of `batchId`; a failed batch goes back before the newer events, ids kept.
    mutating func finish(batchId: Int, ok: Bool) -> AnalyticsBatch? {
        guard let batch = inFlight, batch.id == batchId else { return nil }
        inFlight = nil
        if !ok { waiting = batch.events + waiting }
        return batch
    }
}
