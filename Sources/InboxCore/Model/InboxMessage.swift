import Foundation

/// A message's identity: the pair (producer, id) (PROTOCOL 1.2).
public struct MessageKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var producer: String
    public var id: String

    public init(producer: String, id: String) {
        self.producer = producer
        self.id = id
    }

    public static func < (lhs: MessageKey, rhs: MessageKey) -> Bool {
        (lhs.producer, lhs.id) < (rhs.producer, rhs.id)
    }

    /// `producer/id`, the spelling `tinbox mark` accepts when two producers share an id.
    public var description: String { "\(producer)/\(id)" }
}

/// The two producer kinds tinbox knows (PROTOCOL 1).
public enum ProducerKind: String, Sendable, CaseIterable, Codable {
    case engagement
    case appMessaging = "app-messaging"
}

/// One call-to-action button (PROTOCOL 1.2); every field is optional.
public struct CTAButton: Equatable, Sendable, Codable {
    public var buttonId: String?
    public var label: String?
    public var iosDeeplink: String?
    public var androidDeeplink: String?
    public var webUrl: String?

    public init(
        buttonId: String? = nil, label: String? = nil, iosDeeplink: String? = nil,
        androidDeeplink: String? = nil, webUrl: String? = nil
    ) {
        self.buttonId = buttonId
        self.label = label
        self.iosDeeplink = iosDeeplink
        self.androidDeeplink = androidDeeplink
        self.webUrl = webUrl
    }

    /// A vendor's one message-level link as a button labelled `Open` (VENDORS.md §2, §3): the
    /// link a terminal opens when it is http(s), else the deeplink.
    public static func open(_ link: String) -> CTAButton {
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return CTAButton(label: "Open", webUrl: link) }
        return CTAButton(label: "Open", iosDeeplink: link, androidDeeplink: link)
    }
}

/// An inbox message as a producer sent it. Local state lives apart (`MessageState`).
///
/// Text fields hold the producer's raw strings: they pass `TerminalText.sanitize` before
/// they are measured or drawn.
public struct InboxMessage: Equatable, Sendable {
    public var key: MessageKey
    /// The producer's `isRead` (missing means unread).
    public var serverRead: Bool
    public var start: Date?
    public var end: Date?
    public var title: String
    public var body: String?
    public var imageUrl: String?
    public var buttons: [CTAButton]
    public var isPinned: Bool
    public var receiveDate: Date
    public var messageDetails: String?
    /// False when the vendor gave no date: `receiveDate` is then the instant the document was
    /// read, and a message already stored keeps the instant tinbox first stored it (VENDORS.md §2, §3).
    public var hasReceiveDate: Bool
    /// PROTOCOL 1.2's optional `data.subtitle` (SFMC `inboxSubtitle`/`subtitle`), shown in the detail view.
    public var subtitle: String?
    /// `data.imageAlt` (SFMC `media.altText`), shown beside the image.
    public var imageAlt: String?
    /// `data.customKeys` (SFMC `custom`, `customKeys`, `keys`), shown as `key: value` lines.
    public var customKeys: [String: String]
    /// `data.priority` (Dengage `priority`): shown, never used for order (BEHAVIOR A.3).
    public var priority: Int?
    /// `isDeleted` (SFMC `deleted`): the message is deleted locally when it is stored.
    public var isDeleted: Bool
    /// SFMC (VENDORS.md §3): `read` and `deleted` set the local state when the message is first
    /// stored only; afterwards A.1 decides, so a read message stays read when a later export of
    /// the same list says unread, as if the user had read it here.
    public var stateOnFirstImport = false

    public init(
        key: MessageKey, serverRead: Bool = false, start: Date? = nil, end: Date? = nil,
        title: String, body: String? = nil, imageUrl: String? = nil, buttons: [CTAButton] = [],
        isPinned: Bool = false, receiveDate: Date, messageDetails: String? = nil, hasReceiveDate: Bool = true,
        subtitle: String? = nil, imageAlt: String? = nil, customKeys: [String: String] = [:], priority: Int? = nil,
        isDeleted: Bool = false
    ) {
        self.hasReceiveDate = hasReceiveDate
        self.subtitle = subtitle
        self.imageAlt = imageAlt
        self.customKeys = customKeys
        self.priority = priority
        self.isDeleted = isDeleted
        self.key = key
        self.serverRead = serverRead
        self.start = start
        self.end = end
        self.title = title
        self.body = body
        self.imageUrl = imageUrl
        self.buttons = buttons
        self.isPinned = isPinned
        self.receiveDate = receiveDate
        self.messageDetails = messageDetails
    }

    /// BEHAVIOR A.2: inside `start <= now < end`; a missing bound is open.
    /// (Deletion is local state and is checked by the caller.)
    public func isInWindow(at now: Date) -> Bool {
        if let start, now < start { return false }
        if let end, now >= end { return false }
        return true
    }
}

/// Local state of a message (BEHAVIOR A.1). Deleted is final.
public enum MessageState: String, Sendable, Codable, CaseIterable {
    case unread, read, deleted
}

/// What a list or count shows (CLI.md `--state`).
public enum StateFilter: String, Sendable, CaseIterable {
    case all, unread, read, deleted
}
