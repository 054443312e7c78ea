import Foundation
import InboxStore

/// The send loop of both drainers (`QueueDrainer`, `DengageDrainer`): a queue goes out oldest
/// first, one batch at a time, each cleared from the store after the server's answer and before
/// the next is sent, so a kill sends at most that one batch again. The round limit stops a queue
/// another process keeps filling from running forever.
///
/// While a full batch is on its way, the next one is read and its body written: the rows after
/// this batch, which stays queued until its acknowledgement. That work then costs no time of its
/// own (issue 14 point 5). A row the read-ahead missed, because another process changed the
/// queue meanwhile, stays queued for a later batch or the next drain.
struct OrderedBatches {
    let batchSize: Int
    let cancellation: Cancellation?

    /// Sends what `read` finds, `waiting` rows or a few more; returns how many items were sent.
    /// `acknowledged` becomes true once the server took a batch (the caller then syncs the log).
    func send<Item>(
        acknowledged: inout Bool, waiting: Int, read: (_ offset: Int) throws -> [Item],
        prepare: ([Item]) -> HTTPProducer.Batch, push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void,
        acknowledge: ([Item]) throws -> Void
    ) throws -> Int {
        var sent = 0
        var next = try read(0)
        var prepared = next.isEmpty ? nil : prepare(next)
        for _ in 0..<(waiting / batchSize + 2) {
            if cancellation?.isCancelled == true { throw SyncError.cancelled }
            guard let batch = prepared else { break }
            let items = next
            if items.count < batchSize {
                try push(batch)
                acknowledged = true
                try acknowledge(items)
                sent += items.count
                break
            }
            let sending = Sending(batch, push)
            let ahead = Result { () throws -> ([Item], HTTPProducer.Batch?) in
                let rows = try read(batchSize)
                return (rows, rows.isEmpty ? nil : prepare(rows))
            }
            try sending.wait()
            acknowledged = true
            try acknowledge(items)
            sent += items.count
            (next, prepared) = try ahead.get()
        }
        return sent
    }
}

/// One batch sent from a thread of its own, so the caller can use its store connection meanwhile.
private final class Sending: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var failure: Error?

    init(_ batch: HTTPProducer.Batch, _ push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void) {
        let thread = Thread { [self] in
            do {
                try push(batch)
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
    /// Runs a drain of `producer` whose acknowledgements commit without an `fsync` each: one
    /// `fsync` when it ends, however it ends, makes what was cleared durable against a power loss
    /// too (QueueDrainer.swift). A `429` with `Retry-After` is saved for the producer.
    /// `body` sets its flag once the server took a batch.
    func drainSyncedOnce<T>(producer: String, bootId: String, _ body: (inout Bool) throws -> T) throws -> T {
        var acknowledged = false
        do {
            let result: T
            do {
                result = try body(&acknowledged)
            } catch {
                if acknowledged { try? syncAcknowledgements() }
                throw error
            }
            if acknowledged { try syncAcknowledgements() }
            return result
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try noteThrottle(producer: producer, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }
}
