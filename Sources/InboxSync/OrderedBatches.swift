import Foundation
import InboxStore

/// The send loop of both drainers (`QueueDrainer`, `DengageDrainer`): each queue goes out oldest
/// first, one batch at a time, each cleared from the store after the server's answer and before
/// that queue's next batch is sent, so a kill sends at most the batch in flight of each queue
/// again. The round limit stops a queue another process keeps filling from running forever.
///
/// Queues go side by side: a producer's statuses and its events are independent requests
/// (PROTOCOL 1.3-1.4 set no order between them), so while a status batch is on its way an event
/// batch is too, and a drain of both costs the longer queue's time instead of the sum
/// (issue 14 point 5). The store is touched on the caller's thread only; the sends run on
/// threads of their own.
///
/// While a full batch is on its way, the next one of its queue is read and its body written: the
/// rows after this batch, which stays queued until its acknowledgement. That work then costs no
/// time of its own. A row the read-ahead missed, because another process changed the queue
/// meanwhile, stays queued for a later batch or the next drain.
///
/// A failure stops every queue: no new batch is sent, the batches in flight are waited for (and
/// cleared if the server took them), and the first failure is thrown.
struct OrderedBatches {
    let batchSize: Int
    let cancellation: Cancellation?

    /// One queue: what is waiting when the drain starts, how to read and prepare its rows after
    /// the first `offset`, how to send a batch and how to clear its rows once sent.
    struct Queue {
        let waiting: Int
        let read: (_ offset: Int) throws -> Prepared?
        let push: @Sendable (HTTPProducer.Batch) throws -> Void

        init<Item>(
            waiting: Int, read: @escaping (_ offset: Int) throws -> [Item],
            prepare: @escaping ([Item]) -> HTTPProducer.Batch,
            push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void,
            acknowledge: @escaping ([Item]) throws -> Void
        ) {
            self.waiting = waiting
            self.push = push
            self.read = { offset in
                let items = try read(offset)
                return items.isEmpty ? nil : Prepared(batch: prepare(items), acknowledge: { try acknowledge(items) })
            }
        }
    }

    /// A batch read and written, with what clears its rows.
    struct Prepared {
        let batch: HTTPProducer.Batch
        let acknowledge: () throws -> Void
    }

    /// Sends what `read` finds, `waiting` rows or a few more; returns how many items were sent.
    /// `acknowledged` becomes true once the server took a batch (the caller then syncs the log).
    func send<Item>(
        acknowledged: inout Bool, waiting: Int, read: @escaping (_ offset: Int) throws -> [Item],
        prepare: @escaping ([Item]) -> HTTPProducer.Batch,
        push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void,
        acknowledge: @escaping ([Item]) throws -> Void
    ) throws -> Int {
        let queue = Queue(waiting: waiting, read: read, prepare: prepare, push: push, acknowledge: acknowledge)
        return try send(acknowledged: &acknowledged, [queue])[0]
    }

    /// Sends the queues side by side; returns how many items of each were sent, in their order.
    func send(acknowledged: inout Bool, _ queues: [Queue]) throws -> [Int] {
        let finished = DispatchSemaphore(value: 0)
        var lanes = queues.map { Lane(queue: $0, rounds: $0.waiting / batchSize + 2) }
        var failure: Error?
        // Starts a lane's next batch, and reads the one after it while it is on its way.
        func launch(_ index: Int) {
            guard failure == nil else { return }
            do {
                guard lanes[index].rounds > 0 else { return }
                if cancellation?.isCancelled == true { throw SyncError.cancelled }
                // The first batch is read now; the next ones were read ahead.
                guard let next = try lanes[index].next.map({ try $0.get() }) ?? lanes[index].queue.read(0) else {
                    lanes[index].rounds = 0
                    return
                }
                lanes[index].rounds -= 1
                lanes[index].inFlight = (next, Sending(next.batch, lanes[index].queue.push, finished: finished))
                if next.batch.count < batchSize {
                    lanes[index].rounds = 0
                } else {
                    lanes[index].next = Result { try lanes[index].queue.read(batchSize) }
                }
            } catch {
                failure = failure ?? error
            }
        }
        for index in lanes.indices { launch(index) }
        while lanes.contains(where: { $0.inFlight != nil }) {
            finished.wait()
            for index in lanes.indices {
                guard let (prepared, sending) = lanes[index].inFlight, let outcome = sending.outcome else { continue }
                lanes[index].inFlight = nil
                do {
                    try outcome.get()
                    acknowledged = true
                    try prepared.acknowledge()
                    lanes[index].sent += prepared.batch.count
                } catch {
                    failure = failure ?? error
                }
                launch(index)
            }
        }
        if let failure { throw failure }
        return lanes.map(\.sent)
    }

    /// One queue's state in `send`: the batch on its way, the next one read ahead.
    private struct Lane {
        let queue: Queue
        var rounds: Int
        var inFlight: (Prepared, Sending)?
        /// Read ahead while the batch in flight goes; nil before the first read.
        var next: Result<Prepared?, Error>?
        var sent = 0
    }
}

/// One batch sent from a thread of its own, so the caller can use its store connection meanwhile;
/// `finished` is signalled when the send ends.
private final class Sending: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Void, Error>?

    init(
        _ batch: HTTPProducer.Batch, _ push: @escaping @Sendable (HTTPProducer.Batch) throws -> Void,
        finished: DispatchSemaphore
    ) {
        let thread = Thread { [self] in
            let result = Result { try push(batch) }
            lock.withLock { self.result = result }
            finished.signal()
        }
        thread.name = "tinbox send"
        thread.start()
    }

    /// How the send ended; nil while it is on its way.
    var outcome: Result<Void, Error>? { lock.withLock { result } }
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
