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
/// from the store in one transaction, while the next batch travels. A kill before that commit
/// sends the batch again with the same `eventId`s (the server drops duplicates); a kill after it
/// never sends those events again. Nothing is cleared on a failure, so nothing is lost.
///
/// Those commits are not fsynced one by one: a commit in the write-ahead log survives a kill
/// without its `fsync` (Database+Durability.swift), and one `fsync` when the drain ends, however
/// it ends, makes them all durable against a power loss too. A drain of 10,000 events and 10,000
/// statuses paid 40 `fsync`s, one per batch, for that (issue 14 point 5); a power loss in the
/// middle of a drain can now bring back the newest acknowledged batches, still queued, to be sent
/// again with their `eventId`s, never lose one.
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
        var acknowledged = false
        do {
            var report = DrainReport()
            do {
                report.statuses = try drainStatuses(acknowledged: &acknowledged)
                report.events = try drainEvents(acknowledged: &acknowledged)
            } catch {
                // What was cleared before the failure is made as durable as the rest.
                if acknowledged { try? inbox.syncAcknowledgements() }
                throw error
            }
            if acknowledged { try inbox.syncAcknowledgements() }
            return report
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try inbox.noteThrottle(producer: name, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }

    private func drainStatuses(acknowledged: inout Bool) throws -> Int {
        try drain(
            acknowledged: &acknowledged,
            waiting: try inbox.pendingCounts(producer: name).statuses,
            read: { try inbox.pendingStatuses(producer: name, limit: batchSize, offset: $0) },
            prepare: HTTPProducer.batch,
            acknowledge: { try inbox.acknowledgeStatuses(producer: name, $0, durable: false) })
    }

    private func drainEvents(acknowledged: inout Bool) throws -> Int {
        try drain(
            acknowledged: &acknowledged,
            waiting: try inbox.pendingCounts(producer: name).events,
            read: { try inbox.pendingEvents(producer: name, limit: batchSize, offset: $0) },
            prepare: HTTPProducer.batch,
            acknowledge: { try inbox.acknowledgeEvents(producer: name, eventIds: $0.map(\.eventId), durable: false) })
    }

    /// Sends a queue oldest first, one batch at a time, in order: a batch leaves only once the
    /// server took the one before it. The round limit stops a queue another process keeps filling
    /// from running forever.
    ///
    /// Nothing of tinbox's own waits on the network between two batches (issue 14 point 5):
    /// - while a batch is on its way, the next one is read and its body written: the rows after
    ///   this batch, which stays queued until its acknowledgement;
    /// - when the server took a batch, the next one leaves at once and the taken one is cleared
    ///   while it travels. A kill before that commit sends the taken batch again, with its
    ///   `eventId`s, exactly as a kill between the answer and the commit always could; the
    ///   clearing costs ~2.5 ms per 500 statuses, which sat between every two requests.
    /// A row the read-ahead missed, because another process changed the queue meanwhile, stays
    /// queued for a later batch or the next drain.
    private func drain<Item>(
        acknowledged: inout Bool, waiting: Int, read: (_ offset: Int) throws -> [Item],
        prepare: ([Item]) -> HTTPProducer.Batch, acknowledge: ([Item]) throws -> Void
    ) throws -> Int {
        var current = try read(0)
        guard !current.isEmpty else { return 0 }
        try checkCancelled()
        var sending = Sending(producer, prepare(current))
        var sent = 0
        for _ in 0..<(waiting / batchSize + 2) {
            // `current` is still queued, so the rows after it start at `batchSize`.
            let next = current.count < batchSize ? [] : try read(batchSize)
            let nextBatch = next.isEmpty ? nil : prepare(next)
            try sending.wait()
            acknowledged = true
            let cancelled = producer.cancellation?.isCancelled == true
            let following = cancelled ? nil : nextBatch.map { Sending(producer, $0) }
            do {
                try acknowledge(current)
            } catch {
                // The next batch stays queued too; it is waited for, so nothing outlives the drain.
                try? following?.wait()
                throw error
            }
            sent += current.count
            if cancelled { throw SyncError.cancelled }
            guard let following else { break }
            (current, sending) = (next, following)
        }
        return sent
    }

    private func checkCancelled() throws {
        if producer.cancellation?.isCancelled == true { throw SyncError.cancelled }
    }
}

/// One batch sent from a thread of its own, so the caller can use its store connection meanwhile.
private final class Sending: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var failure: Error?

    init(_ producer: HTTPProducer, _ batch: HTTPProducer.Batch) {
        let thread = Thread { [self] in
            do {
                try producer.push(batch)
            } catch {
                failure = error
            }
            done.signal()
        }
        thread.name = "tinbox send"
        thread.start()
    }

    /// Returns when the server took the batch; throws what the send threw.
    func wait() throws {
        done.wait()
        if let failure { throw failure }
    }
}

extension Inbox {
    /// Saves a server's `Retry-After` as the producer's "not before" (PROTOCOL 1.5).
    func noteThrottle(producer: String, retryAfter: Double?, bootId: String) throws {
        guard let retryAfter, retryAfter > 0 else { return }
        try setThrottle(producer: producer, seconds: retryAfter, bootId: bootId)
    }
}
