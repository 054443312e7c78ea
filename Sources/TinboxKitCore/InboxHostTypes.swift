import Foundation
import InboxCore
import InboxSync

/// Which messages a read or a count covers: the reader's four tabs (BEHAVIOR A.3).
public enum InboxMessageFilter: String, CaseIterable, Sendable {
    /// Active messages: unread and read, not deleted.
    case all
    /// Active unread messages.
    case unread
    /// Active read messages.
    case read
    /// Deleted messages still inside their window (A.2).
    case deleted

    /// The same list as the reader's tab (`StateFilter`, InboxCore), for a host that lists
    /// `InboxListEntry` rows by it.
    public var storeFilter: StateFilter {
        switch self {
        case .all: return .all
        case .unread: return .unread
        case .read: return .read
        case .deleted: return .deleted
        }
    }

    /// The filter of the reader's tab `filter`.
    public init(_ filter: StateFilter) {
        switch filter {
        case .all: self = .all
        case .unread: self = .unread
        case .read: self = .read
        case .deleted: self = .deleted
        }
    }
}

/// A message's local state after the merge of A.1.
public enum InboxMessageState: String, Sendable {
    /// Not read yet.
    case unread
    /// Read here or on the server.
    case read
    /// Deleted; final.
    case deleted
}

/// The state `markMessages` and `markAllMessages` set (A.4).
public enum InboxMarkTarget: String, Sendable {
    /// Read; records no event.
    case read
    /// Deleted, for good; records `DT`.
    case deleted

    var state: MessageState { self == .read ? .read : .deleted }
}

/// Why a mark changed nothing (A.4: unknown or ambiguous id, deleted message, inbox disabled,
/// nothing to mark).
public struct InboxMarkRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `producer/id` whose mark was refused; nil when the refusal came before any message
    /// was named (an id that names none or two, a disabled inbox for a mark all).
    public let messageId: String?
    /// One line saying why, e.g. `the message is deleted, and deleted is final`.
    public let reason: String

    /// `reason`, after `<producer/id>: ` when a message is named.
    public var description: String {
        if let messageId { return "\(messageId): \(reason)" }
        return reason
    }
}

/// How one producer's refresh ended (A.6), as `refreshMessages(reporting:)` tells it.
public enum InboxRefreshOutcome: Equatable, Sendable {
    /// Its messages are stored: how many it sent, and how many invalid ones were skipped.
    case stored(messages: Int, skipped: Int)
    /// PROTOCOL 1.1's params guard: the inbox is off for this account; not an error.
    case notOperational
    /// Nothing was stored: why (a network error, a server's status).
    case failed(reason: String)
    /// A.6's limit: a manual refresh ran less than 60 s ago; the whole seconds to wait.
    case refused(nextRefreshIn: Int)
    /// Refused because the inbox is disabled (A.5, A.6): nothing was asked.
    case disabled

    init(_ outcome: RefreshOutcome) {
        switch outcome {
        case .ok(let messages, let skipped): self = .stored(messages: messages, skipped: skipped)
        case .notOperational: self = .notOperational
        case .failed(let reason): self = .failed(reason: reason)
        case .refused(let seconds): self = .refused(nextRefreshIn: seconds)
        case .disabled: self = .disabled
        }
    }

    var syncOutcome: RefreshOutcome {
        switch self {
        case .stored(let messages, let skipped): return .ok(messages: messages, skipped: skipped)
        case .notOperational: return .notOperational
        case .failed(let reason): return .failed(reason)
        case .refused(let seconds): return .refused(nextIn: seconds)
        case .disabled: return .disabled
        }
    }
}

/// One producer's end of a refresh.
public struct InboxRefreshReport: Equatable, Sendable, CustomStringConvertible {
    /// The producer, by the name the store keeps (`engagement`, `app-messaging`).
    public let producer: String
    /// How it ended.
    public let outcome: InboxRefreshOutcome

    /// The `success` of A.6's completion: stored, or not operational.
    public var succeeded: Bool { outcome.syncOutcome.succeeded }

    /// `<producer> ok <n> messages` (`, <k> skipped` after it when invalid ones were) |
    /// `<producer> ok 0 messages (inbox not operational for
    /// this account)` | `<producer> failed: <reason>` | `<producer> refused: next refresh in <s> s`
    /// | `<producer> refused: the inbox is disabled`.
    public var description: String { outcome.syncOutcome.line(producer: producer) }
}

/// The inbox as `getInboxStatus` finds it.
public struct InboxStatus: Equatable, Sendable {
    /// A.5's switch.
    public let isEnabled: Bool
    /// The four tab counts (all zero while disabled).
    public let counts: [InboxMessageFilter: Int]
    /// Every producer that was ever refreshed here, by name.
    public let producers: [InboxProducerStatus]
}

/// One producer's last refresh and what waits to be sent, as the store keeps them.
public struct InboxProducerStatus: Equatable, Sendable {
    /// The producer's name (`engagement`, `app-messaging`).
    public let name: String
    /// When its last refresh ended; nil before the first.
    public let lastRefresh: Date?
    /// The last refresh's outcome as stored (`ok`, a failure's reason); remote text, unsanitized.
    public let lastOutcome: String?
    /// How many invalid messages the last refresh skipped.
    public let lastSkipped: Int
    /// Read and deleted statuses waiting to be sent (PROTOCOL 1.3).
    public let pendingStatuses: Int
    /// Events waiting to be sent (PROTOCOL 1.4).
    public let pendingEvents: Int
    /// A server's `429`: no request before this instant; nil when not throttled.
    public let throttledUntil: Date?
}
