import Foundation
import InboxCore
import InboxStore

/// How one producer's refresh ended (CLI.md `tinbox refresh` lines).
public enum RefreshOutcome: Equatable, Sendable {
    case ok(messages: Int, skipped: Int)
    /// PROTOCOL 1.1: the params guard said the inbox is off for this producer; not an error.
    case notOperational
    case failed(String)
    case refused(nextIn: Int)
    /// A.5's switch is off: refused like a refresh inside the minute (A.6), with no wait to tell.
    case disabled

    /// The `success` of BEHAVIOR A.6's completion.
    public var succeeded: Bool {
        switch self {
        case .ok, .notOperational: return true
        case .failed, .refused, .disabled: return false
        }
    }

    /// "<producer> ok <n> messages" (", <k> skipped" when invalid ones were) | "<producer> failed: <reason>"
    /// | "<producer> refused: next refresh in <s> s"
    /// | "<producer> refused: the inbox is disabled" (A.6: a refused refresh prints a refused line)
    public func line(producer: String) -> String {
        switch self {
        // PROTOCOL 1.2 and VENDORS.md §6: what was skipped is counted in this line.
        case .ok(let count, let skipped) where skipped > 0:
            return "\(producer) ok \(count) messages, \(skipped) skipped"
        case .ok(let count, _): return "\(producer) ok \(count) messages"
        case .notOperational: return "\(producer) ok 0 messages (inbox not operational for this account)"
        case .failed(let reason): return "\(producer) failed: \(reason)"
        case .refused(let seconds): return "\(producer) refused: next refresh in \(seconds) s"
        case .disabled: return "\(producer) refused: \(SyncError.disabled)"
        }
    }
}

/// Runs refreshes (BEHAVIOR A.6) for the configured producers; the calling thread waits for them
/// and hears every outcome (see `refreshClaimed`).
///
/// The reader runs it on a worker thread through `SyncWorker`; `tinbox refresh` runs it directly.
public final class Refresher {
    public let inbox: Inbox
    public let producers: [ProducerConfig]
    /// Raised by `cancel()` (another thread) or when the inbox is disabled meanwhile.
    public let cancellation: Cancellation
    public let bootId: String
    private let injectedTransport: HTTPTransport?
    lazy var transport: HTTPTransport = injectedTransport ?? ProcessTransport.shared
    /// Where a line about queued items a server refused for good goes (VENDORS.md §2's dropped
    /// Dengage batch); nowhere by default.
    public var log: @Sendable (String) -> Void = { _ in }

    /// `transport` defaults to URLSession in the `tinbox-net` helper, started only when an HTTP
    /// producer is refreshed.
    public init(
        inbox: Inbox, producers: [ProducerConfig], transport: HTTPTransport? = nil,
        cancellation: Cancellation = Cancellation(), bootId: String = BootIdentity.current
    ) {
        self.inbox = inbox
        self.producers = producers
        injectedTransport = transport
        self.cancellation = cancellation
        self.bootId = bootId
    }

    /// Stops a refresh that is waiting on the network; its remaining producers complete false.
    public func cancel() { cancellation.cancel() }

    /// A manual refresh: limited to one per 60 s across processes; a refused one sends nothing
    /// and completes for each expected producer at once. While disabled, it completes false.
    /// `onOutcome` runs once per configured producer, after that producer's messages are stored.
    public func manualRefresh(
        onOutcome: (String, RefreshOutcome) -> Void = { _, _ in }
    ) throws -> [(producer: String, outcome: RefreshOutcome)] {
        if let refused = try claim() {
            for (producer, outcome) in refused { onOutcome(producer, outcome) }
            return refused
        }
        return refreshClaimed(onOutcome: onOutcome)
    }

    /// The gate of A.5/A.6 alone: nil when the refresh may run (and the 60 s slot is now taken),
    /// else the outcome for each expected producer.
    public func claim() throws -> [(producer: String, outcome: RefreshOutcome)]? {
        try Self.claim(inbox: inbox, producers: producers, bootId: bootId)
    }

    static func claim(
        inbox: Inbox, producers: [ProducerConfig], bootId: String
    ) throws -> [(producer: String, outcome: RefreshOutcome)]? {
        guard try inbox.isEnabled() else {
            return producers.map { ($0.name, .disabled) }
        }
        if case .refused(let nextIn) = try inbox.claimManualRefresh(bootId: bootId) {
            let seconds = RefreshLimit.wholeSeconds(nextIn)
            return producers.map { ($0.name, .refused(nextIn: seconds)) }
        }
        return nil
    }

    /// Refreshes every producer after a successful `claim()`. Never throws: a store error
    /// becomes that producer's failure, so each producer gets exactly one outcome.
    ///
    /// HTTP producers next to each other in the list run side by side, each waiting on its own
    /// server: the others on threads of their own, each with its own store connection (SQLite
    /// connections are not shared between threads). A file producer runs alone, so a large
    /// import never holds the write lock while another producer waits to store its page.
    /// `onOutcome` still runs on this thread, in the producers' order, each as soon as that
    /// producer and those before it have stored their messages.
    public func refreshClaimed(
        onOutcome: (String, RefreshOutcome) -> Void = { _, _ in }
    ) -> [(producer: String, outcome: RefreshOutcome)] {
        var results: [(producer: String, outcome: RefreshOutcome)] = []
        var first = 0
        while first < producers.count {
            var end = first + 1
            if producers[first].isHTTP {
                while end < producers.count && producers[end].isHTTP { end += 1 }
            }
            let alongside = producers[first + 1..<end].map(startAlongside)
            var outcomes = [outcomeOf(producers[first])]
            for running in alongside { outcomes.append(running.wait()) }
            if producers[first].isHTTP { outcomes = persisted(outcomes) }
            for (producer, outcome) in zip(producers[first..<end], outcomes) {
                results.append((producer.name, outcome))
                onOutcome(producer.name, outcome)
            }
            first = end
        }
        return results
    }

    /// HTTP producers' merges commit without an `fsync` each (two producers side by side paid
    /// three, one of them for the second connection's first sync of the directory), and so do
    /// their drains' acknowledgements: one `fsync` of the log makes all of them durable before any
    /// is reported (A.6: told only after the messages are persisted). It runs however the
    /// producers ended. Should it fail, none of them is reported stored.
    private func persisted(_ outcomes: [RefreshOutcome]) -> [RefreshOutcome] {
        do {
            try inbox.store.database.syncWriteAheadLog()
            return outcomes
        } catch {
            return outcomes.map { $0.succeeded ? .failed("\(error)") : $0 }
        }
    }

    /// `refresh(_:)` with a store error as the producer's failure.
    private func outcomeOf(_ producer: ProducerConfig) -> RefreshOutcome {
        do {
            return try refreshUnsynced(producer)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Refreshes `producer` on a thread of its own, with its own connection to the same store.
    private func startAlongside(_ producer: ProducerConfig) -> Alongside {
        let running = Alongside()
        let directory = inbox.store.directory
        let (clock, transport, cancellation, bootId, log) = (inbox.clock, transport, cancellation, bootId, log)
        let thread = Thread {
            let outcome: RefreshOutcome
            do {
                let connection = Inbox(store: try Store(directory: directory), clock: clock)
                let refresher = Refresher(
                    inbox: connection, producers: [producer], transport: transport, cancellation: cancellation,
                    bootId: bootId)
                refresher.log = log
                outcome = refresher.outcomeOf(producer)
            } catch {
                outcome = .failed("\(error)")
            }
            running.finish(outcome)
        }
        thread.name = "tinbox refresh \(producer.name)"
        thread.start()
        return running
    }

    /// Reads one producer and merges what it sent, durably. Producer failures become `.failed`
    /// (and are recorded for `inbox status`); store failures are thrown (they are not the
    /// producer's fault).
    public func refresh(_ producer: ProducerConfig) throws -> RefreshOutcome {
        let outcome: RefreshOutcome
        do {
            outcome = try refreshUnsynced(producer)
        } catch {
            // The drain's acknowledgements wait for this sync too (`QueueDrainer.syncsAtEnd`).
            if producer.isHTTP { try? inbox.store.database.syncWriteAheadLog() }
            throw error
        }
        if producer.isHTTP { try inbox.store.database.syncWriteAheadLog() }
        return outcome
    }

    /// `refresh(_:)` with an HTTP producer's merge not yet synced (`persisted`).
    private func refreshUnsynced(_ producer: ProducerConfig) throws -> RefreshOutcome {
        do {
            switch producer.source {
            case .file(let url): return try refreshFile(producer, url)
            case .http(let base) where producer.format == .dengage: return try refreshDengage(producer, base)
            case .http(let base): return try refreshHTTP(producer, base)
            }
        } catch let error as SyncError {
            try inbox.recordFailure(producer: producer.name, reason: error.description)
            return .failed(error.description)
        }
    }

    private func refreshFile(_ producer: ProducerConfig, _ url: URL) throws -> RefreshOutcome {
        let staging = try inbox.beginImport(producer: producer.name, staging: .disk)
        defer { try? staging.discard() }
        let skipped = try FileProducer(config: producer, url: url).read(now: inbox.clock.now, into: staging)
        let report = try applyUnlessDisabled(staging, skipped: skipped)
        // A file has no server to take statuses and events: they are dropped as delivered.
        try inbox.discardPending(producer: producer.name)
        return .ok(messages: report.stored, skipped: report.skipped)
    }

    /// PROTOCOL 1: params guard, then queued statuses and events, then the list; any failure
    /// ends this producer's refresh with the queues kept.
    private func refreshHTTP(_ producer: ProducerConfig, _ base: URL) throws -> RefreshOutcome {
        try checkStillWanted()
        try HTTPProducer.validate(producer)
        if let throttle = try inbox.throttle(producer: producer.name, bootId: bootId) {
            throw SyncError.stillThrottled(remaining: throttle.remaining)
        }
        let http = HTTPProducer(
            config: producer, base: base, transport: transport, cancellation: cancellation, clock: inbox.clock)
        do {
            guard try http.isOperational() else {
                try checkStillWanted()
                try inbox.markInoperative(producer: producer.name)
                return .notOperational
            }
            // Synced with the merge below, once (`persisted`, `refresh`).
            var drainer = QueueDrainer(inbox: inbox, producer: http, bootId: bootId)
            drainer.syncsAtEnd = false
            try drainer.drain()
            let staging = try inbox.beginImport(producer: producer.name)
            defer { try? staging.discard() }
            let skipped = try http.fetchMessages(into: staging)
            // Synced with the other producers of its group before it is reported (`persisted`).
            let report = try applyUnlessDisabled(staging, skipped: skipped, durable: false)
            return .ok(messages: report.stored, skipped: report.skipped)
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try inbox.noteThrottle(producer: producer.name, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }

    /// Stores the staged list in one transaction that first checks the inbox is still enabled, so
    /// a refresh that was waiting when the inbox was disabled (here or in another process) stores
    /// nothing.
    func applyUnlessDisabled(_ staging: FeedImport, skipped: Int, durable: Bool = true) throws -> MergeReport {
        try staging.apply(skipped: skipped, durable: durable) { try checkStillWanted() }
    }

    func checkStillWanted() throws {
        if cancellation.isCancelled { throw SyncError.cancelled }
        guard try inbox.isEnabled() else { throw SyncError.disabled }
    }
}

/// The outcome of a producer refreshed on another thread, once it has one.
private final class Alongside: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: RefreshOutcome?

    func finish(_ outcome: RefreshOutcome) {
        self.outcome = outcome
        done.signal()
    }

    /// Waits without a limit: every exchange is bounded by the transport's own limits.
    func wait() -> RefreshOutcome {
        done.wait()
        return outcome ?? .failed("the refresh ended without an outcome")
    }
}

/// Identifies this boot, so monotonic times saved by another process are comparable.
public enum BootIdentity {
    public static let current: String = {
        // Without a boot id every run counts as the same boot: the stored limit then holds, which
        // errs on the side of the server (A.6), never of more refreshes.
        let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown-boot"
    }()
}
