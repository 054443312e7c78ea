import Foundation

/// One in-app analytics event (PROTOCOL 2.4), recorded once with its `eventId` and kept across
/// retries so a server can drop duplicates (B.15).
public struct AnalyticsEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case impression, click, dismissal }

    public var eventID: UUID
    public var kind: Kind
    public var messageID: String
    public var customerID: String
    public var buttonID: String?
    public var url: String?
    public var at: Date
}

/// Events sent in one request; `id` pairs the answer with the request.
public struct AnalyticsBatch: Sendable, Equatable {
    public var id: Int
    public var events: [AnalyticsEvent]
}

/// Where analytics `eventId`s come from. The app passes `RandomEventIDs` (`UUID()`);
/// `simulate` and tests pass `SequentialEventIDs`, so output is the same byte for byte.
public protocol EventIDGenerator: Sendable {
    mutating func nextID() -> UUID
}

public struct RandomEventIDs: EventIDGenerator {
    public init() {}
    public mutating func nextID() -> UUID { UUID() }
}

/// `00000000-0000-4000-8000-000000000001`, `…002`, …: valid version-4-shaped UUIDs in order.
public struct SequentialEventIDs: EventIDGenerator {
    private var next: UInt64

    public init(startingAt first: UInt64 = 1) {
        next = first
    }

    public mutating func nextID() -> UUID {
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
    private var nextBatchID = 1

    /// B.15: "as soon as 10 are waiting".
    static let batchThreshold = 10

    var isFull: Bool { waiting.count >= Self.batchThreshold }

    mutating func append(_ event: AnalyticsEvent) {
        waiting.append(event)
    }

    /// Takes every waiting event into one batch; `nil` when nothing waits or a send is in flight.
    mutating func takeBatch() -> AnalyticsBatch? {
        guard inFlight == nil, !waiting.isEmpty else { return nil }
        let batch = AnalyticsBatch(id: nextBatchID, events: waiting)
        nextBatchID += 1
        waiting = []
        inFlight = batch
        return batch
    }

    /// Ends the send of `batchID`; a failed batch goes back before the newer events, ids kept.
    mutating func finish(batchID: Int, ok: Bool) -> AnalyticsBatch? {
        guard let batch = inFlight, batch.id == batchID else { return nil }
        inFlight = nil
        if !ok { waiting = batch.events + waiting }
        return batch
    }
}
