import Foundation
import InboxCore
import InboxStore

/// How one producer's refresh ended (CLI.md `tinbox refresh` lines).
public enum RefreshOutcome: Equatable, Sendable {
    case ok(messages: Int, skipped: Int)
    case failed(String)
    case refused(nextIn: Int)

    public var succeeded: Bool {
        if case .ok = self { return true }
        return false
    }

    /// "<producer> ok <n> messages" | "<producer> failed: <reason>" | "<producer> refused: next refresh in <s> s"
    public func line(producer: String) -> String {
        switch self {
        case .ok(let count, _): return "\(producer) ok \(count) messages"
        case .failed(let reason): return "\(producer) failed: \(reason)"
        case .refused(let seconds): return "\(producer) refused: next refresh in \(seconds) s"
        }
    }
}

/// Runs refreshes (BEHAVIOR A.6) for the configured producers.
public struct Refresher {
    public let inbox: Inbox
    public let producers: [ProducerConfig]

    public init(inbox: Inbox, producers: [ProducerConfig]) {
        self.inbox = inbox
        self.producers = producers
    }

    /// A manual refresh: limited to one per 60 s across processes; a refused one sends nothing
    /// and completes for each expected producer at once. While disabled, it completes false.
    public func manualRefresh() throws -> [(producer: String, outcome: RefreshOutcome)] {
        guard try inbox.isEnabled() else {
            return producers.map { ($0.name, .failed("the inbox is disabled")) }
        }
        if case .refused(let nextIn) = try inbox.claimManualRefresh(bootId: BootIdentity.current) {
            let seconds = RefreshLimit.wholeSeconds(nextIn)
            return producers.map { ($0.name, .refused(nextIn: seconds)) }
        }
        return try producers.map { ($0.name, try refresh($0)) }
    }

    /// Reads one producer and merges what it sent. Read failures become `.failed`; store
    /// failures are thrown (they are not the producer's fault).
    public func refresh(_ producer: ProducerConfig) throws -> RefreshOutcome {
        switch producer.source {
        case .file(let url):
            let document: FeedDocument
            do {
                document = try FileProducer(config: producer, url: url).read(now: inbox.clock.now)
            } catch let error as SyncError {
                try inbox.recordFailure(producer: producer.name, reason: error.description)
                return .failed(error.description)
            }
            let report = try inbox.merge(producer: producer.name, messages: document.messages, skipped: document.skipped)
            try inbox.discardPending(producer: producer.name)
            return .ok(messages: report.stored, skipped: report.skipped)
        case .http(let url):
            let reason = "HTTP producers (\(url.host ?? url.absoluteString)) are not supported by this build yet"
            try inbox.recordFailure(producer: producer.name, reason: reason)
            return .failed(reason)
        }
    }
}

/// Identifies this boot, so monotonic times saved by another process are comparable.
public enum BootIdentity {
    public static let current: String = {
        let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown-boot"
    }()
}
