import Foundation

/// A message with its local state, as lists and the reader see it.
public struct InboxEntry: Equatable, Sendable {
    public var message: InboxMessage
    public var state: MessageState

    public init(message: InboxMessage, state: MessageState) {
        self.message = message
        self.state = state
    }

    public var key: MessageKey { message.key }
}

/// BEHAVIOR A.3: pinned first, then receive date newest first, then producer and id ascending.
public enum InboxOrder {
    public static func precedes(_ a: InboxMessage, _ b: InboxMessage) -> Bool {
        if a.isPinned != b.isPinned { return a.isPinned }
        if a.receiveDate != b.receiveDate { return a.receiveDate > b.receiveDate }
        return a.key < b.key
    }
}
