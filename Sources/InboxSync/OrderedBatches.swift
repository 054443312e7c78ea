import Foundation
import InboxStore

/// The send loop of both drainers (`QueueDrainer`, `DengageDrainer`): each queue goes out oldest
/// first, one batch at a time, each cleared from the store after the server's answer and before
/// that queue's next batch is sent, so a kill sends at most the batch in flight of each queue
/// again. A queue sends what it held when the drain started, up to its last place then
/// (`Inbox.queueEnds`): rows queued meanwhile wait for the next drain, so a queue another
/// process keeps filling cannot keep a drain going.
///
/// Queues go side by side: a producer's statuses and its events are independent requests
/// (PROTOCOL 1.3-1.4 set no order between them), so while a status batch is on its way an event
/// batch is too, and a drain of both costs the longer queue's time instead of the sum
/// (issue 14 point 5). Each queue with rows waiting runs on a thread of its own with a store
/// connection of its own (the first on the caller's thread and connection): on one thread, a
/// queue's answer waited while the other's next batch was read and written, and that thread was
/// the drain's bottleneck. The queues' acknowledgements take turns on one lock, so two of them
/// never meet in SQLite's busy handler, which sleeps a millisecond or more.
///
/// While a full batch is on its way, the next one of its queue is read and its body written: the
/// rows after this batch, which stays queued until its acknowledgement. That work then costs no
/// time of its own. A row the read-ahead missed, because another process changed the queue
/// meanwhile, stays queued for a later batch or the next drain.
///
/// A batch's body is also kept within `HTTPProducer.requestBodyLimit` (8 MiB, PROTOCOL 1.5's
/// bound on a body): rows read past it wait for the queue's next batch. Events carry their
/// message's `messageDetails`, which a feed file may make as long as it likes, and a batch of 500
/// long ones made a body larger than the pipe to the network helper carries: the helper stopped
/// at it, the queue failed at it on every refresh, and no refresh of that producer ever fetched
/// its list again. A single row longer than the limit still goes, alone (an event's own
/// `messageDetails` is left out before that, `HTTPProducer.sendable`).
///
/// A failure stops every queue: no new batch is sent, the batches in flight are waited for (and
/// cleared if the server took them), and the first failure is thrown.
struct OrderedBatches {
    let batchSize: Int
    let bodyLimit: Int
    let cancellation: Cancellation?

    /// One queue: its last place when the drain starts (nil: empty), how to read and prepare its
    /// rows after a place (from the first when nil) and up to that last one through a connection,
    /// how to send a batch and how to clear its rows once sent.
    struct Queue: Sendable {
        let through: Int64?
        /// Reads at most `limit` rows after a place and prepares as many of them as fit a body of
        /// at most `bodyLimit` bytes.
        let read: @Sendable (_ inbox: Inbox, _ after: Int64?, _ bodyLimit: Int, _ limit: Int) throws -> Prepared?
        let push: @Sendable (HTTPProducer.Batch) throws -> Void

        init<Item: QueuedRow>(
            through: Int64?,
            read:
                @escaping @Sendable (_ inbox: Inbox, _ after: Int64?, _ through: Int64?, _ limit: Int) throws -> [Item],
            prepare: @escaping @Sendable ([Item]) -> HTTPProducer.Batch,
            push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void,
            acknowledge: @escaping @Sendable (_ inbox: Inbox, [Item]) throws -> Void
        ) {
            self.through = through
            self.push = push
            self.read = { inbox, after, bodyLimit, limit in
                let rows = try read(inbox, after, through, limit)
                guard !rows.isEmpty else { return nil }
                var sent = rows
                var batch = prepare(sent)
                // Cut in proportion to the body until it fits, usually once: only a queue of long
                // rows pays for the bodies written again.
                while batch.body.count > bodyLimit && sent.count > 1 {
                    let share = Double(bodyLimit) / Double(batch.body.count) * 0.95
                    sent = Array(sent.prefix(max(1, min(sent.count - 1, Int(Double(sent.count) * share)))))
                    batch = prepare(sent)
                }
                return Prepared(
                    batch: batch, last: sent[sent.count - 1].seq,
                    more: rows.count == limit || sent.count < rows.count,
                    acknowledge: { [sent] in try acknowledge($0, sent) })
            }
        }
    }

    /// A batch read and written, the place of its last row, whether rows may follow it (the read
    /// was full, or did not all fit), and what clears its rows.
    struct Prepared: Sendable {
        let batch: HTTPProducer.Batch
        let last: Int64
        let more: Bool
        let acknowledge: @Sendable (Inbox) throws -> Void
    }

    /// Sends the queues side by side through `inbox` and, for every queue that held rows after
    /// the first, a connection of its own to the same store; returns how many items of each were
    /// sent, in their order. `acknowledged` becomes true once the server took a batch (the caller
    /// then syncs the log).
    func send(acknowledged: inout Bool, through inbox: Inbox, _ queues: [Queue]) throws -> [Int] {
        let shared = SharedDrain()
        var sent = queues.map { _ in 0 }
        let busy = queues.indices.filter { queues[$0].through != nil }
        let alongside = busy.dropFirst().map { index in
            let lane = Lane()
            let (queue, directory, clock) = (queues[index], inbox.store.directory, inbox.clock)
            let thread = Thread { [self] in
                do {
                    let connection = Inbox(store: try Store(directory: directory), clock: clock)
                    lane.finish(run(queue, through: connection, shared))
                } catch {
                    shared.fail(error)
                    lane.finish(0)
                }
            }
            thread.name = "tinbox drain"
            thread.start()
            return (index, lane)
        }
        if let first = busy.first { sent[first] = run(queues[first], through: inbox, shared) }
        for (index, lane) in alongside { sent[index] = lane.wait() }
        acknowledged = acknowledged || shared.acknowledged
        if let failure = shared.failure { throw failure }
        return sent
    }

    /// One queue's batches, one after the other, each cleared before the next is sent; the next
    /// is read while one is on its way. Returns how many items were sent.
    private func run(_ queue: Queue, through inbox: Inbox, _ shared: SharedDrain) -> Int {
        var sent = 0
        // The next batch reads as many rows as the last one's size says fit, up to `batchSize`:
        // after one cut to fit its body, its rows are likely as long, and reading and writing 500
        // of them each time cost more than sending what fitted.
        var limit = batchSize
        var next = Result { try queue.read(inbox, nil, bodyLimit, limit) }
        var more = true
        while more, shared.failure == nil {
            do {
                if cancellation?.isCancelled == true { throw SyncError.cancelled }
                guard let prepared = try next.get() else { break }
                let sending = Sending(prepared.batch, queue.push)
                more = prepared.more
                // At least one row more than the last batch sent: a row longer than the rest went
                // alone, and the next rows must not go one by one after it.
                let fitting =
                    Double(prepared.batch.count) * Double(bodyLimit) / Double(max(1, prepared.batch.body.count))
                limit = Int(min(Double(batchSize), max(Double(prepared.batch.count + 1), fitting.rounded(.down))))
                if more { next = Result { [limit] in try queue.read(inbox, prepared.last, bodyLimit, limit) } }
                try sending.wait().get()
                try shared.acknowledge { try prepared.acknowledge(inbox) }
                sent += prepared.batch.count
            } catch {
                shared.fail(error)
            }
        }
        return sent
    }
}

/// What the queues of one drain share: the first failure, whether the server took a batch, and
/// the turn to write an acknowledgement.
private final class SharedDrain: @unchecked Sendable {
    private let lock = NSLock()
    private let writing = NSLock()
    private var firstFailure: Error?
    private var took = false

    var failure: Error? { lock.withLock { firstFailure } }
    var acknowledged: Bool { lock.withLock { took } }

    func fail(_ error: Error) {
        lock.withLock { firstFailure = firstFailure ?? error }
    }

    /// The server took a batch: `clear` removes its rows, one queue at a time.
    func acknowledge(_ clear: () throws -> Void) throws {
        lock.withLock { took = true }
        try writing.withLock { try clear() }
    }
}

/// How many items a queue on another thread sent, once it has ended.
private final class Lane: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var sent = 0

    func finish(_ count: Int) {
        sent = count
        done.signal()
    }

    /// Without a limit: every send is bounded by the transport's own limits.
    func wait() -> Int {
        done.wait()
        return sent
    }
}

/// One batch sent from a thread of its own, so its queue can read the next batch meanwhile.
private final class Sending: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Void, Error> = .success(())

    init(_ batch: HTTPProducer.Batch, _ push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void) {
        let thread = Thread { [self] in
            result = Result { try push(batch) }
            done.signal()
        }
        thread.name = "tinbox send"
        thread.start()
    }

    /// How the send ended, once it has (the transport bounds every exchange).
    func wait() -> Result<Void, Error> {
        done.wait()
        return result
    }
}

extension Inbox {
    /// Runs a drain of `producer` whose acknowledgements commit without an `fsync` each: one
    /// `fsync` when it ends, however it ends, makes what was cleared durable against a power loss
    /// too (QueueDrainer.swift), unless `syncing` is false: the caller then syncs the log itself
    /// when it ends. A `429` with `Retry-After` is saved for the producer. `body` sets its flag
    /// once the server took a batch.
    func drainSyncedOnce<T>(
        producer: String, bootId: String, syncing: Bool, _ body: (inout Bool) throws -> T
    ) throws -> T {
        var acknowledged = false
        do {
            let result: T
            do {
                result = try body(&acknowledged)
            } catch {
                if acknowledged && syncing { try? syncAcknowledgements() }
                throw error
            }
            if acknowledged && syncing { try syncAcknowledgements() }
            return result
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try noteThrottle(producer: producer, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }
}
