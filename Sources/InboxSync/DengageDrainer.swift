import Foundation
import InboxCore
import InboxStore

/// Sends a Dengage producer's queue (VENDORS.md §2): its pending statuses become queued `OP`/`DT`
/// events first (`Inbox.queueStatusesAsEvents`), then the events go out oldest first in requests
/// of at most `HTTPProducer.batchLimit`.
///
/// Durability and order are the event queue's (`OrderedBatches`): a batch is cleared from the
/// store only after the server's answer, so a kill sends at most that batch again (with the same
/// events) and never loses one; the commits are synced once when the drain ends. A 4xx other
/// than 408 and 429 can never succeed: that batch is cleared with a log line. 408, 429, 5xx and
/// network failures keep it and end the drain (A.7); a `429`'s `Retry-After` is saved for the
/// producer.
public struct DengageDrainer {
    public let inbox: Inbox
    public let producer: DengageProducer
    public var bootId: String
    public var batchSize: Int
    /// The largest body of one request, in bytes (`OrderedBatches`).
    public var bodyLimit: Int
    /// Where the line about a dropped batch goes.
    public var log: @Sendable (String) -> Void
    /// Whether the drain fsyncs the log when it ends; false when the caller does (a refresh, as
    /// `QueueDrainer.syncsAtEnd`).
    public var syncsAtEnd = true

    public init(
        inbox: Inbox, producer: DengageProducer, bootId: String = BootIdentity.current,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.inbox = inbox
        self.producer = producer
        self.bootId = bootId
        batchSize = HTTPProducer.batchLimit
        bodyLimit = HTTPProducer.requestBodyLimit
        self.log = log
    }

    var name: String { producer.config.name }

    /// Sends everything queued when it starts. `DrainReport.statuses` counts the statuses that
    /// went out as events; `events` every event the server took or refused for good.
    @discardableResult
    public func drain() throws -> DrainReport {
        if let throttle = try inbox.throttle(producer: name, bootId: bootId) {
            throw SyncError.stillThrottled(remaining: throttle.remaining)
        }
        try producer.options.requireAccount()
        var report = DrainReport()
        report.statuses = try inbox.queueStatusesAsEvents(producer: name)
        let end = try inbox.queueEnds(producer: name).events
        report.events = try inbox.drainSyncedOnce(producer: name, bootId: bootId, syncing: syncsAtEnd) {
            acknowledged in
            let events = OrderedBatches.Queue(
                through: end,
                read: { [name] inbox, after, through, limit in
                    try inbox.queuedEvents(producer: name, limit: limit, after: after, through: through)
                },
                prepare: { [producer] in producer.batch($0.map(\.event)) }, push: push,
                acknowledge: { [name] inbox, events in
                    try inbox.acknowledgeEvents(producer: name, run: events, durable: false)
                })
            let batches = OrderedBatches(
                batchSize: batchSize, bodyLimit: bodyLimit, cancellation: producer.cancellation)
            return try batches.send(acknowledged: &acknowledged, through: inbox, [events])[0]
        }
        return report
    }

    /// Sends one batch; returns when the server took it or refused it for good (logged).
    private var push: @Sendable (HTTPProducer.Batch) throws -> Void {
        { [producer, name, log] batch in
            do {
                try producer.push(batch)
            } catch SyncError.http(let endpoint, let status) where Self.refusesForGood(status) {
                log("\(name): \(endpoint) answered HTTP \(status); \(batch.count) events dropped")
            }
        }
    }

    /// A 4xx other than 408 (timeout) and 429 (throttled) will never take this batch.
    static func refusesForGood(_ status: Int) -> Bool {
        (400...499).contains(status) && status != 408 && status != 429
    }
}
