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

/// Sends a producer's queued statuses and its queued events, side by side, in requests of at most
/// 500 (PROTOCOL 1.3-1.4, issue 4 point 4).
///
/// Durability: each batch is read from the store, sent, and only after the server's 2xx cleared
/// from the store in one transaction, before its queue's next batch is sent. A kill before that commit
/// sends the batch again with the same `eventId`s (the server drops duplicates); a kill after it
/// never sends those events again. Nothing is cleared on a failure, so nothing is lost.
///
/// Those commits are not fsynced one by one: a commit in the write-ahead log survives a kill
/// without its `fsync` (Database+Durability.swift), and one `fsync` when the drain ends, however
/// it ends, makes them all durable against a power loss too. A drain of 10,000 events and 10,000
/// statuses paid 40 `fsync`s, one per batch, for that (issue 14 point 5); a power loss in the
/// middle of a drain can now bring back the newest acknowledged batches, still queued, to be sent
/// again with their `eventId`s, never lose one.
///
/// A refresh drains with `syncsAtEnd` false: it fetches the list right after, and its one `fsync`
/// when it ends, however it ends (`Refresher`), covers the acknowledgements and the merge alike.
/// The log keeps commits in order, so a power loss before that `fsync` can take only the newest
/// commits (the merge first), never an acknowledgement without what came after it.
public struct QueueDrainer {
    public let inbox: Inbox
    public let producer: HTTPProducer
    public var bootId: String
    public var batchSize: Int
    /// The largest body of one request, in bytes (`OrderedBatches`).
    public var bodyLimit: Int
    /// Whether the drain fsyncs the log when it ends; false when the caller does (a refresh).
    public var syncsAtEnd = true

    public init(inbox: Inbox, producer: HTTPProducer, bootId: String = BootIdentity.current) {
        self.inbox = inbox
        self.producer = producer
        self.bootId = bootId
        batchSize = HTTPProducer.batchLimit
        bodyLimit = HTTPProducer.requestBodyLimit
    }

    var name: String { producer.config.name }

    private var batches: OrderedBatches {
        OrderedBatches(batchSize: batchSize, bodyLimit: bodyLimit, cancellation: producer.cancellation)
    }

    /// Sends everything queued when it starts, statuses and events side by side
    /// (`OrderedBatches`). Throws the first failure (`SyncError`), with the batches sent before it
    /// already cleared. A `429` with `Retry-After` is saved per producer.
    @discardableResult
    public func drain() throws -> DrainReport {
        if let throttle = try inbox.throttle(producer: name, bootId: bootId) {
            throw SyncError.stillThrottled(remaining: throttle.remaining)
        }
        let ends = try inbox.queueEnds(producer: name)
        return try inbox.drainSyncedOnce(producer: name, bootId: bootId, syncing: syncsAtEnd) { acknowledged in
            let sent = try batches.send(
                acknowledged: &acknowledged, through: inbox,
                [
                    OrderedBatches.Queue(
                        through: ends.statuses,
                        read: { [name] inbox, after, through, limit in
                            try inbox.pendingStatuses(producer: name, limit: limit, after: after, through: through)
                        },
                        prepare: { HTTPProducer.batch($0) }, push: producer.push,
                        acknowledge: { [name] inbox, statuses in
                            try inbox.acknowledgeStatuses(producer: name, statuses, durable: false)
                        }),
                    OrderedBatches.Queue(
                        through: ends.events,
                        read: { [name] inbox, after, through, limit in
                            try inbox.queuedEvents(producer: name, limit: limit, after: after, through: through)
                        },
                        prepare: { HTTPProducer.batch($0.map { HTTPProducer.sendable($0.event) }) },
                        push: producer.push,
                        acknowledge: { [name] inbox, events in
                            try inbox.acknowledgeEvents(producer: name, run: events, durable: false)
                        }),
                ])
            return DrainReport(statuses: sent[0], events: sent[1])
        }
    }
}

extension Inbox {
    /// Saves a server's `Retry-After` as the producer's "not before" (PROTOCOL 1.5).
    func noteThrottle(producer: String, retryAfter: Double?, bootId: String) throws {
        guard let retryAfter, retryAfter > 0 else { return }
        try setThrottle(producer: producer, seconds: retryAfter, bootId: bootId)
    }
}
