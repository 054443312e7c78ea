import Foundation

/// An inbox event (PROTOCOL 1.4), recorded locally first and sent in bulk later (BEHAVIOR A.7).
public struct InboxEvent: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case impression = "IM"
        case click = "CL"
        case open = "OP"
        case delete = "DT"
    }

    /// Made once when the event is recorded and kept across retries.
    public var eventId: String
    public var kind: Kind
    public var key: MessageKey
    public var messageDetails: String?
    public var buttonId: String?
    public var date: Date

    public init(
        eventId: String = UUID().uuidString.lowercased(), kind: Kind, key: MessageKey, messageDetails: String?,
        buttonId: String? = nil, date: Date
    ) {
        self.eventId = eventId
        self.kind = kind
        self.key = key
        self.messageDetails = messageDetails
        self.buttonId = buttonId
        self.date = date
    }
}
