import Foundation
import InboxCore

/// One in-app campaign from the sync document (PROTOCOL 2.1).
///
/// A campaign that cannot work (no usable message, an unknown trigger type, a bad date) is kept
/// with `isUsable == false` so the rest of the document still works (BEHAVIOR B.19); it is never
/// indexed, so it never matches a trigger.
public struct Campaign: Sendable, Equatable {
    public var id: String
    public var variationId: String?
    /// `id`, or `id/variationId` when a variation is given: the id every report and analytics event uses.
    public var messageId: String
    /// The marketer's name for the campaign, when the document gives one: shown beside the id in
    /// the decision log and in `explain` (PROTOCOL 2.1 `name`).
    public var name: String?
    /// An opaque token the server wants echoed in analytics (PROTOCOL 2.1 `dispatchId`).
    public var dispatchId: String?
    /// The priority as the vendor wrote it, when its order is not tinbox's (Gameball: higher
    /// wins, so `priority` holds it negated); `explain` shows this one.
    public var vendorPriority: String?
    /// Lower wins; `nil` sorts after every numbered campaign (BEHAVIOR B.19).
    public var priority: Double?
    public var isTest: Bool
    public var trigger: CampaignTrigger
    public var repeatRule: RepeatRule
    public var startsAt: Date?
    public var endsAt: Date?
    public var message: InAppMessage?
    /// Position in the document: breaks priority ties (PROTOCOL 2.1).
    public var documentIndex: Int
    /// False when the campaign can never show; the reason was reported once as a problem.
    public var isUsable: Bool

    public init(
        id: String, variationId: String? = nil, priority: Double? = nil, isTest: Bool = false,
        trigger: CampaignTrigger, repeatRule: RepeatRule = .once, startsAt: Date? = nil, endsAt: Date? = nil,
        message: InAppMessage?, documentIndex: Int = 0, isUsable: Bool = true, name: String? = nil,
        dispatchId: String? = nil
    ) {
        self.id = id
        self.variationId = variationId
        self.messageId = variationId.map { "\(id)/\($0)" } ?? id
        self.priority = priority
        self.isTest = isTest
        self.trigger = trigger
        self.repeatRule = repeatRule
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.message = message
        self.documentIndex = documentIndex
        self.isUsable = isUsable && message != nil
        self.name = name
        self.dispatchId = dispatchId
    }

    /// `2055/20 "QA Fullscreen"`: the message id with the name beside it, sanitized, for the
    /// decision log and `explain`; the id alone when there is no name.
    public var label: String {
        guard let name, !name.isEmpty else { return messageId }
        return "\(messageId) \"\(TerminalText.sanitize(name))\""
    }

    /// Priority order: lower number first, unnumbered last, ties in document order (B.3).
    public static func precedes(_ lhs: Campaign, _ rhs: Campaign) -> Bool {
        switch (lhs.priority, rhs.priority) {
        case (let left?, let right?) where left != right: return left < right
        case (.some, .none): return true
        case (.none, .some): return false
        default: return lhs.documentIndex < rhs.documentIndex
        }
    }
}

/// What makes a campaign a candidate (PROTOCOL 2.1 `trigger`).
public enum CampaignTrigger: Sendable, Equatable {
    case sessionStart
    /// `name` as written; matching is case-insensitive. Every filter must pass.
    case event(name: String, filters: [EventFilter])
    /// An unknown `trigger.type`: the campaign is kept but never shows (B.19).
    case unsupported(String)
}

/// How often a campaign may show (PROTOCOL 2.1 `repeat`, BEHAVIOR B.10).
public enum RepeatRule: Sendable, Equatable {
    case once
    case oncePerSession
    case everyTime
    /// Allowed when at least `seconds` have passed since the last impression.
    case interval(seconds: Double)
}
