import Foundation
import InboxCore
import InboxStore

/// What one drain of a producer's queues sent.
public struct DrainReport: Equatable, Sendable {
    public var statuses: Int
    public var events: Int

    public init(statuses: Int = 0, events: Int = 0) {
        self.statuses = statuses
        self.events = events
    }
}

/// Sends a producer's queued statuses, then its queued events, in requests of at most 500
/// (PROTOCOL 1.3-1.4, issue 4 point 4).
///
/// Durability: each batch is read from the store, sent, and only after the server's 2xx cleared
/// from the store in one transaction, before the next batch is read. A kill before that commit
/// sends the batch again with the same `eventId`s (the server drops duplicates); a kill after it
/// never sends those events again. Nothing is cleared on a failure, so nothing is lost.
public struct QueueDrainer {
    public let inbox: Inbox
    public let producer: HTTPProducer
    public var bootId: String
    public var batchSize: Int

    public init(inbox: Inbox, producer: HTTPProducer, bootId: String = BootIdentity.current) {
        self.inbox = inbox
        self.producer = producer
        self.bootId = bootId
        batchSize = HTTPProducer.batchLimit
    }

    var name: String { producer.config.name }

    /// Sends everything queued when it starts. Throws the first failure (`SyncError`), with the
    /// batches sent before it already cleared. A `429` with `Retry-After` is saved per producer.
    @discardableResult
    public func drain() throws -> DrainReport {
        if let throttle = try inbox.throttle(producer: name, bootId: bootId) {
            throw SyncError.stillThrottled(remaining: throttle.remaining)
        }
        do {
            var report = DrainReport()
            report.statuses = try drainStatuses()
            report.events = try drainEvents()
            return report
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try inbox.noteThrottle(producer: name, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }

    private func drainStatuses() throws -> Int {
        try drain(
            waiting: try inbox.pendingCounts(producer: name).statuses,
            next: { try inbox.pendingStatuses(producer: name, limit: batchSize) },
            send: { try producer.pushStatuses($0) },
            acknowledge: { try inbox.acknowledgeStatuses(producer: name, $0) })
    }

    private func drainEvents() throws -> Int {
        try drain(
            waiting: try inbox.pendingCounts(producer: name).events,
            next: { try inbox.pendingEvents(producer: name, limit: batchSize) },
            send: { try producer.pushEvents($0) },
            acknowledge: { try inbox.acknowledgeEvents(producer: name, eventIds: $0.map(\.eventId)) })
    }

    /// Sends a queue oldest first, one batch at a time, each acknowledged before the next is
    /// read. The round limit stops a queue another process keeps filling from running forever.
    private func drain<Item>(
        waiting: Int, next: () throws -> [Item], send: ([Item]) throws -> Void, acknowledge: ([Item]) throws -> Void
    ) throws -> Int {
        var sent = 0
        for _ in 0..<(waiting / batchSize + 2) {
            try checkCancelled()
            let batch = try next()
            if batch.isEmpty { break }
            try send(batch)
            try acknowledge(batch)
            sent += batch.count
            if batch.count < batchSize { break }
        }
        return sent
    }

    private func checkCancelled() throws {
        if producer.cancellation?.isCancelled == true { throw SyncError.cancelled }
    }
}

extension Inbox {
    /// Saves a server's `Retry-After` as the producer's "not before" (PROTOCOL 1.5).
    func noteThrottle(producer: String, retryAfter: Double?, bootId: String) throws {
        guard let retryAfter, retryAfter > 0 else { return }
        try setThrottle(producer: producer, seconds: retryAfter, bootId: bootId)
    }
}
