import Foundation
import InboxCore

/// Who a message comes from (PROTOCOL 1), as the Marketing Cloud SDK names it.
public enum MessageProducer: String, Sendable {
    /// The `engagement` producer.
    case engagement
    /// The `app-messaging` producer.
    case appMessaging = "app-messaging"
    /// No producer: the answer of a refused refresh (BEHAVIOR A.6).
    case inboxFeature

    /// The sync layer's kind; nil for `inboxFeature`.
    var kind: ProducerKind? { ProducerKind(rawValue: rawValue) }

    init(producerName: String) {
        self = MessageProducer(rawValue: producerName) ?? .inboxFeature
    }
}

/// One inbox message with its local state, as the reads return it (BEHAVIOR A.1-A.3).
public struct InboxMessage: Sendable, Hashable {
    /// The producer; with `id` it is the message's identity.
    public let producer: MessageProducer
    /// The producer's id.
    public let id: String
    /// `data.title`, as the producer sent it (not sanitized).
    public let title: String
    /// `data.message`.
    public let message: String?
    /// `data.imageUrl`.
    public let imageUrl: String?
    /// `data.ctaButtons`.
    public let ctaButtons: [InboxButton]
    /// Pinned messages come first (A.3).
    public let isPinned: Bool
    /// `data.receiveDateUTC`.
    public let receiveDate: Date
    /// `startDateUtc`; nil is an open bound.
    public let startDate: Date?
    /// `endDateUtc`; nil is an open bound.
    public let endDate: Date?
    /// The opaque token sent back with events.
    public let messageDetails: String?
    /// Read after the merge of A.1 (local read beats a server copy saying unread).
    public let isRead: Bool
    /// Deleted (final, A.1).
    public let isDeleted: Bool
    /// `isRead` and `isDeleted` as one state.
    public let state: InboxMessageState
    /// `producer/id`: how a message is named when two producers share an id.
    public let qualifiedId: String

    init(_ entry: InboxEntry) {
        let message = entry.message
        producer = MessageProducer(producerName: message.key.producer)
        id = message.key.id
        title = message.title
        self.message = message.body
        imageUrl = message.imageUrl
        ctaButtons = message.buttons.map(InboxButton.init)
        isPinned = message.isPinned
        receiveDate = message.receiveDate
        startDate = message.start
        endDate = message.end
        messageDetails = message.messageDetails
        isRead = entry.state == .read
        isDeleted = entry.state == .deleted
        switch entry.state {
        case .unread: state = .unread
        case .read: state = .read
        case .deleted: state = .deleted
        }
        qualifiedId = message.key.description
    }

    /// The store's identity of this message.
    var key: MessageKey {
        MessageKey(producer: producer == .inboxFeature ? "" : producer.rawValue, id: id)
    }
}

/// A call-to-action button of an inbox message (PROTOCOL 1.2); every field is optional.
public struct InboxButton: Sendable, Hashable {
    /// Sent back as `buttonId` in a `CL` event.
    public let buttonId: String?
    /// The text on the button.
    public let label: String?
    /// The iOS deep link.
    public let iosDeeplink: String?
    /// The Android deep link.
    public let androidDeeplink: String?
    /// The link a terminal opens.
    public let webUrl: String?

    init(_ button: CTAButton) {
        buttonId = button.buttonId
        label = button.label
        iosDeeplink = button.iosDeeplink
        androidDeeplink = button.androidDeeplink
        webUrl = button.webUrl
    }
}

/// What the user touched in a message.
public enum InboxInteractionType: Sendable {
    /// The message's call to action.
    case cta
    /// One of its buttons (`InboxMessageInteraction.buttonId`).
    case button
}

/// An interaction to record with `trackMessageInteractionEvent` (a `CL` event).
public struct InboxMessageInteraction: Sendable {
    /// What was touched.
    public let type: InboxInteractionType
    /// The button's id, sent with the event for `.button`.
    public let buttonId: String?

    /// An interaction; `buttonId` matters for `.button` only.
    public init(type: InboxInteractionType, buttonId: String? = nil) {
        self.type = type
        self.buttonId = buttonId
    }
}

/// The Dengage inbox channel's event types, with their PROTOCOL 1.4 codes.
public enum InboxChannelEventType: String, Sendable {
    /// `IM`: the message was seen in a list.
    case impression = "IM"
    /// `CL`: the message was clicked; marks it read.
    case click = "CL"
    /// `OP`: the message was opened; marks it read.
    case open = "OP"
    /// `DT`: the message was deleted.
    case delete = "DT"
}

/// One Dengage inbox channel event for `sendInboxChannelEvents`.
public struct InboxChannelEvent: Sendable {
    /// What happened.
    public let eventType: InboxChannelEventType
    /// The message's id (or `producer/id` when two producers share it).
    public let messageId: String
    /// The message's opaque token. The queued event carries the stored message's token, which is
    /// the one the producer sent; this field is kept for the Dengage shape.
    public let messageDetails: String?

    /// An event about one message.
    public init(eventType: InboxChannelEventType, messageId: String, messageDetails: String?) {
        self.eventType = eventType
        self.messageId = messageId
        self.messageDetails = messageDetails
    }
}
