import Foundation

/// The inbox's state rules (BEHAVIOR A.1, A.4), as pure functions the store applies inside
/// its transactions, so the rules are stated once and tested without a database.
public enum InboxRules {
    /// A.1: deleted is final, and a local read beats a server copy saying unread.
    public static func effectiveState(local: MessageState?, serverRead: Bool) -> MessageState {
        switch local {
        case .deleted: return .deleted
        case .read: return .read
        case .unread, nil: return serverRead ? .read : .unread
        }
    }

    /// A.4: what marking one message does, given its current effective state.
    public static func mark(_ target: MessageState, current: MessageState) -> MarkOutcome {
        switch (current, target) {
        // A.4: deleting a deleted message is true, as reading a read one is, and queues nothing
        // new; it was refused (A.1 refuses only reading it).
        case (.deleted, .deleted): return .unchanged
        case (.deleted, _): return .refused(.deleted)
        case (.read, .read): return .unchanged
        case (_, .unread): return .refused(.notAllowed)
        default: return .changed(to: target)
        }
    }

    /// PROTOCOL 1.3: a message both read and deleted is sent as `deleted` only.
    public static func pendingStatus(queued: MessageState?, new: MessageState) -> MessageState {
        queued == .deleted ? .deleted : new
    }
}

/// What a mark request did.
public enum MarkOutcome: Equatable, Sendable {
    case changed(to: MessageState)
    /// Already in that state: true is returned, nothing new is queued.
    case unchanged
    case refused(MarkRefusal)

    /// The Bool of BEHAVIOR A.4.
    public var succeeded: Bool {
        if case .refused = self { return false }
        return true
    }
}

/// Why a mark was refused (BEHAVIOR A.4, CLI.md `mark`).
public enum MarkRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case disabled
    case notOperational(producer: String)
    case unknown(id: String)
    case ambiguous(id: String, keys: [MessageKey])
    case deleted
    case nothingToMark
    case notAllowed

    public var description: String {
        switch self {
        case .disabled: return "the inbox is disabled (tinbox inbox enable turns it on)"
        case .notOperational(let producer): return "producer \(producer) is not operational (params guard)"
        case .unknown(let id): return "no message with id \(id)"
        case .ambiguous(let id, let keys):
            return "id \(id) is used by two producers; say \(keys.map(\.description).joined(separator: " or "))"
        case .deleted: return "the message is deleted, and deleted is final"
        case .nothingToMark: return "nothing to mark"
        case .notAllowed: return "that state cannot be set"
        }
    }
}
