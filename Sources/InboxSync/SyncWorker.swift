import Foundation
import InboxCore
import InboxStore

/// How one producer's queue flush ended.
public enum FlushOutcome: Equatable, Sendable {
    case sent(DrainReport)
    /// Not tried now: backing off after failures, throttled, disabled, not operational, or a file.
    case skipped(String)
    case failed(String)
}

/// Network work for the reader, on one serial worker thread with its own store connection
/// (SQLite connections are not shared between threads), so the screen never waits on the network.
///
/// - `refresh(claimingWith:completion:)` for `F5`/`Ctrl-R` and the refresh at start-up;
/// - `flushQueues(force:completion:)` every 30 s while the reader runs, and with `force` on quit
///   (`flushQueuesAndWait(timeout:)`).
///
/// Refreshes and flushes run one after another, never side by side, so one process never sends
/// the same queued item twice at once. Completions run on the worker thread.
///
/// Between them the worker keeps the search's title index caught up (Inbox+TitleIndex.swift):
/// when it starts, after each refresh and after each flush, one bounded chunk per queued block,
/// so a refresh asked for meanwhile waits for one chunk at most.
public final class SyncWorker: @unchecked Sendable {
    public let producers: [ProducerConfig]
    public let retryPolicy: RetryPolicy
    private let openInbox: @Sendable () throws -> Inbox
    private let transport: HTTPTransport
    private let random: @Sendable () -> Double
    private let bootId: String
    private let log: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "tinbox.sync")
    private let lock = NSLock()
    private var running: Cancellation?
    // Only touched on `queue`:
    private var workerInbox: Inbox?
    private var backoff: [String: (failures: Int, nextAttempt: Double)] = [:]
    /// True while a catch-up chunk is queued.
    private var indexing = false
    /// False: the title index is left to whoever searches (a host without search, TinboxKit).
    private let indexesTitles: Bool
    /// How long after start the title index's catch-up waits.
    static let indexDelay = 0.5

    /// `openInbox` opens a new connection to the reader's data directory; it is called once, on the worker.
    /// `indexesTitles` false leaves the search's title index alone (a host that never searches).
    public init(
        producers: [ProducerConfig], transport: HTTPTransport? = nil, retryPolicy: RetryPolicy = RetryPolicy(),
        random: @escaping @Sendable () -> Double = RetryPolicy.systemRandom, bootId: String = BootIdentity.current,
        indexesTitles: Bool = true, log: @escaping @Sendable (String) -> Void = { _ in },
        openInbox: @escaping @Sendable () throws -> Inbox
    ) {
        self.indexesTitles = indexesTitles
        self.log = log
        self.producers = producers
        self.transport = transport ?? ProcessTransport.shared
        self.retryPolicy = retryPolicy
        self.random = random
        self.bootId = bootId
        self.openInbox = openInbox
        // After the reader's first screen: on two cores the catch-up would compete with it.
        if indexesTitles {
            queue.asyncAfter(deadline: .now() + Self.indexDelay) { [self] in catchUpTitleIndex() }
        }
    }

    // MARK: refresh (BEHAVIOR A.6)

    /// Starts a manual refresh. The gate (disabled, the 60 s limit) is decided at once on the
    /// caller's `inbox`: when it refuses, `completion` has run for every producer before this
    /// returns false, and nothing was sent. Otherwise the refresh runs on the worker and
    /// `completion` runs once per producer, after that producer's messages are stored.
    @discardableResult
    public func refresh(
        claimingWith inbox: Inbox, completion: @escaping @Sendable (String, RefreshOutcome) -> Void
    ) -> Bool {
        let refused: [(producer: String, outcome: RefreshOutcome)]?
        do {
            refused = try Refresher.claim(inbox: inbox, producers: producers, bootId: bootId)
        } catch {
            refused = producers.map { ($0.name, .failed("\(error)")) }
        }
        if let refused {
            for (producer, outcome) in refused { completion(producer, outcome) }
            return false
        }
        let cancellation = Cancellation()
        lock.withLock { running = cancellation }
        queue.async { [self] in
            defer { lock.withLock { if running === cancellation { running = nil } } }
            guard let inbox = workerConnection(failing: completion) else { return }
            let refresher = Refresher(
                inbox: inbox, producers: producers, transport: transport, cancellation: cancellation, bootId: bootId)
            refresher.log = log
            _ = refresher.refreshClaimed(onOutcome: completion)
            catchUpTitleIndex()
        }
        return true
    }

    /// Cancels a refresh that is waiting (BEHAVIOR A.5: call it when the inbox is disabled).
    /// Its producers that have not ended complete false.
    public func cancelRefresh() {
        let cancellation = lock.withLock { running }
        cancellation?.cancel()
    }

    // MARK: queues (issue 4, point 4)

    /// Sends pending statuses and events of every HTTP producer. Without `force` a producer
    /// that failed recently waits out its back-off (`RetryPolicy`); with `force` (on quit) it is
    /// tried anyway. A producer throttled by a `429` is never tried before its `Retry-After`.
    public func flushQueues(
        force: Bool = false, completion: @escaping @Sendable ([(producer: String, outcome: FlushOutcome)]) -> Void
    ) {
        queue.async { [self] in
            completion(flushOnWorker(force: force))
            catchUpTitleIndex()
        }
    }

    /// `flushQueues(force: true)` for the reader's quit: waits at most `timeout` seconds.
    /// Returns nil when the flush did not end in time (what it did not send stays queued).
    public func flushQueuesAndWait(timeout: Double) -> [(producer: String, outcome: FlushOutcome)]? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        flushQueues(force: true) {
            box.value = $0
            done.signal()
        }
        return done.wait(timeout: .now() + timeout) == .success ? box.value : nil
    }

    private func flushOnWorker(force: Bool) -> [(producer: String, outcome: FlushOutcome)] {
        guard let inbox = workerConnection(failing: nil) else {
            return producers.map { ($0.name, .failed("cannot open the store")) }
        }
        return producers.map { ($0.name, flush($0, inbox: inbox, force: force)) }
    }

    private func flush(_ producer: ProducerConfig, inbox: Inbox, force: Bool) -> FlushOutcome {
        guard case .http(let base) = producer.source else { return .skipped("a file producer has no server") }
        do {
            guard try inbox.isEnabled() else { return .skipped(SyncError.disabled.description) }
            if try inbox.producerStatuses().contains(where: { $0.name == producer.name && !$0.operational }) {
                return .skipped("not operational")
            }
            let now = inbox.clock.uptime
            if !force, let wait = backoff[producer.name], now < wait.nextAttempt {
                return .skipped("backing off for \(RefreshLimit.wholeSeconds(wait.nextAttempt - now)) s")
            }
            do {
                let report = try drain(producer, base: base, inbox: inbox)
                backoff[producer.name] = nil
                return .sent(report)
            } catch SyncError.stillThrottled(let remaining) {
                return .skipped(SyncError.stillThrottled(remaining: remaining).description)
            } catch let error as SyncError {
                let failures = (backoff[producer.name]?.failures ?? 0) + 1
                let delay = retryPolicy.delay(afterFailures: failures, random: random)
                backoff[producer.name] = (failures, now + delay)
                return .failed(error.description)
            }
        } catch {
            return .failed("\(error)")
        }
    }

    /// The queue drain of `producer`'s format: Dengage's, or PROTOCOL 1.3-1.4's.
    private func drain(_ producer: ProducerConfig, base: URL, inbox: Inbox) throws -> DrainReport {
        if producer.format == .dengage {
            let dengage = try DengageProducer(config: producer, inbox: inbox, base: base, transport: transport)
            return try DengageDrainer(inbox: inbox, producer: dengage, bootId: bootId, log: log).drain()
        }
        let http = HTTPProducer(config: producer, base: base, transport: transport, clock: inbox.clock)
        return try QueueDrainer(inbox: inbox, producer: http, bootId: bootId).drain()
    }

    // MARK: title index

    /// Indexes one chunk of the titles the search index does not cover yet, and queues the next
    /// chunk when more remain; one chain at a time. A failure leaves the rest for the next call:
    /// searches stay exact meanwhile, testing the rows the index does not cover.
    private func catchUpTitleIndex() {
        guard indexesTitles, !indexing, let inbox = workerConnection(failing: nil) else { return }
        // See above: a failed chunk costs only speed, never a wrong answer, so it is not reported.
        let complete = (try? inbox.catchUpTitleIndex()) ?? true
        guard !complete else { return }
        indexing = true
        queue.async { [self] in
            indexing = false
            catchUpTitleIndex()
        }
    }

    /// The worker's own connection, opened on first use.
    private func workerConnection(failing completion: (@Sendable (String, RefreshOutcome) -> Void)?) -> Inbox? {
        if let workerInbox { return workerInbox }
        do {
            let inbox = try openInbox()
            workerInbox = inbox
            return inbox
        } catch {
            for producer in producers { completion?(producer.name, .failed("\(error)")) }
            return nil
        }
    }
}

private final class ResultBox: @unchecked Sendable {
    var value: [(producer: String, outcome: FlushOutcome)]?
}
