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

    /// The `success` of BEHAVIOR A.6's completion.
    public var succeeded: Bool {
        switch self {
        case .ok, .notOperational: return true
        case .failed, .refused: return false
        }
    }

    /// "<producer> ok <n> messages" | "<producer> failed: <reason>" | "<producer> refused: next refresh in <s> s"
    public func line(producer: String) -> String {
        switch self {
        case .ok(let count, _): return "\(producer) ok \(count) messages"
        case .notOperational: return "\(producer) ok 0 messages (inbox not operational for this account)"
        case .failed(let reason): return "\(producer) failed: \(reason)"
        case .refused(let seconds): return "\(producer) refused: next refresh in \(seconds) s"
        }
    }
}

/// Runs refreshes (BEHAVIOR A.6) for the configured producers, on the calling thread.
///
/// The reader runs it on a worker thread through `SyncWorker`; `tinbox refresh` runs it directly.
public final class Refresher {
    public let inbox: Inbox
    public let producers: [ProducerConfig]
    /// Raised by `cancel()` (another thread) or when the inbox is disabled meanwhile.
    public let cancellation: Cancellation
    public let bootId: String
    private let injectedTransport: HTTPTransport?
    private lazy var transport: HTTPTransport = injectedTransport ?? ProcessTransport.shared

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
            return producers.map { ($0.name, .failed(SyncError.disabled.description)) }
        }
        if case .refused(let nextIn) = try inbox.claimManualRefresh(bootId: bootId) {
            let seconds = RefreshLimit.wholeSeconds(nextIn)
            return producers.map { ($0.name, .refused(nextIn: seconds)) }
        }
        return nil
    }

    /// Refreshes every producer after a successful `claim()`. Never throws: a store error
    /// becomes that producer's failure, so each producer gets exactly one outcome.
    public func refreshClaimed(
        onOutcome: (String, RefreshOutcome) -> Void = { _, _ in }
    ) -> [(producer: String, outcome: RefreshOutcome)] {
        var results: [(producer: String, outcome: RefreshOutcome)] = []
        for producer in producers {
            let outcome: RefreshOutcome
            do {
                outcome = try refresh(producer)
            } catch {
                outcome = .failed("\(error)")
            }
            results.append((producer.name, outcome))
            onOutcome(producer.name, outcome)
        }
        return results
    }

    /// Reads one producer and merges what it sent. Producer failures become `.failed` (and are
    /// recorded for `inbox status`); store failures are thrown (they are not the producer's fault).
    public func refresh(_ producer: ProducerConfig) throws -> RefreshOutcome {
        do {
            switch producer.source {
            case .file(let url): return try refreshFile(producer, url)
            case .http(let base): return try refreshHTTP(producer, base)
            }
        } catch let error as SyncError {
            try inbox.recordFailure(producer: producer.name, reason: error.description)
            return .failed(error.description)
        }
    }

    private func refreshFile(_ producer: ProducerConfig, _ url: URL) throws -> RefreshOutcome {
        let staging = try inbox.beginImport(producer: producer.name)
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
        let http = HTTPProducer(config: producer, base: base, transport: transport, cancellation: cancellation)
        do {
            guard try http.isOperational() else {
                try checkStillWanted()
                try inbox.markInoperative(producer: producer.name)
                return .notOperational
            }
            try QueueDrainer(inbox: inbox, producer: http, bootId: bootId).drain()
            let staging = try inbox.beginImport(producer: producer.name)
            defer { try? staging.discard() }
            let skipped = try http.fetchMessages(into: staging)
            let report = try applyUnlessDisabled(staging, skipped: skipped)
            return .ok(messages: report.stored, skipped: report.skipped)
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try inbox.noteThrottle(producer: producer.name, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }

    /// Stores the staged list in one transaction that first checks the inbox is still enabled, so
    /// a refresh that was waiting when the inbox was disabled (here or in another process) stores
    /// nothing.
    private func applyUnlessDisabled(_ staging: FeedImport, skipped: Int) throws -> MergeReport {
        try staging.apply(skipped: skipped) { try checkStillWanted() }
    }

    private func checkStillWanted() throws {
        if cancellation.isCancelled { throw SyncError.cancelled }
        guard try inbox.isEnabled() else { throw SyncError.disabled }
    }
}

/// Identifies this boot, so monotonic times saved by another process are comparable.
public enum BootIdentity {
    public static let current: String = {
        let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown-boot"
    }()
}
