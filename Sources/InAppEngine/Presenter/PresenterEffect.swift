import Foundation

/// What the presenter asks its host to do after an input (swift-nio style: the machine decides,
/// the caller carries it out).
public enum PresenterEffect: Sendable, Equatable {
    /// A decision or effect worth one `tinbox simulate` output line (CLI.md).
    case report(PresenterReport)
    /// One decision-log line, already prefixed `[tinbox-iam]` (BEHAVIOR B.18).
    case log(String)
    /// Call `timerFired(_:at:)` at `uptime`; booking the same timer again replaces it.
    case scheduleTimer(PresenterTimer, at: Double)
    case cancelTimer(PresenterTimer)
    /// Fetch the sync document; answer with `syncSucceeded` or `syncFailed`.
    case requestSync(SyncRequest)
    /// Keep this document as the customer's cache (B.13).
    case storeCache(customer: String, document: CampaignDocument)
    /// Fetch one image; answer with `artworkArrived` or `artworkFailed` (the 5 s limit is booked).
    case fetchArtwork(ArtworkReference)
    /// Fetch the customer's placeholder values; answer with `placeholdersArrived` or `placeholdersFailed`.
    case fetchPlaceholders(requestId: Int, customer: String)
    /// Ask the host `shouldDisplay`; answer with `hostAnswered(requestId:_:at:)`.
    case askHost(requestId: Int, campaign: Campaign)
    /// Draw the overlay; answer with `presented(at:)` once it is on screen.
    case present(Presentation)
    /// Take the overlay of this message down.
    case remove(messageId: String)
    /// Send this batch; answer with `analyticsAnswered(batchId:ok:at:)`.
    case sendAnalytics(AnalyticsBatch)
    /// An analytics event was just queued: write it to the durable outbox before carrying out
    /// anything after it (B.15 "stored durably"). Never for a test send (B.16), never for events
    /// given back with `restoreAnalytics`.
    case recordAnalytics(AnalyticsEvent)
    /// The server took these events (a batch answered ok): delete them from the outbox. A failed
    /// batch emits nothing, so its events stay stored with their ids (B.15).
    case acknowledgeAnalytics(eventIds: [UUID])
    /// The frequency history changed (an impression, or a fresh history for a new customer): keep it
    /// as the one history on the device, replacing any other customer's (B.1, B.10).
    case storeHistory(customer: String, FrequencyHistory)
    /// The customer's placeholder values changed: keep them as the last values held (B.12).
    case storePlaceholders(customer: String, values: [String: String])
}

/// The named timers the presenter books. One of each at a time.
public enum PresenterTimer: Sendable, Hashable {
    case analyticsTick
    case syncRetry
    case artworkTimeout(String)
    case placeholderTimeout
    case entrance
    case autoDismiss
    /// A booked blocker lapse (the cooldown ending) for the deferred stack (B.5, B.7).
    case deferredRetry
}

/// One attempt at the sync document for the session (B.13).
public struct SyncRequest: Sendable, Equatable {
    public var requestId: Int
    public var customer: String
    /// The customer's preferred language, else the configured one (B.17).
    public var language: String
    public var attempt: Int
}

/// Why a campaign was deferred, dropped or held (CLI.md reasons; BEHAVIOR B.3–B.9).
public enum DecisionReason: String, Sendable, Equatable {
    case visible, cooldown, orientation, noRoom, hostLater, runnerUp, lowerPriority
    case notStarted, expired, unsupported, `repeat`, quietHours, artwork
}

/// Why a visible message went away (CLI.md `dismissed`).
public enum DismissReason: String, Sendable, Equatable {
    case close, timer, action, scrim, `switch`, stop

    /// B.11: the *dismissal* analytics event is only for a closing without a tap.
    var recordsDismissal: Bool { self == .close || self == .timer || self == .scrim }
}

/// Where a session's campaigns came from (CLI.md `synced`).
public enum SyncSource: String, Sendable, Equatable {
    case network, cache, none
}

/// What the host answers to `shouldDisplay` (B.5).
public enum HostDecision: String, Sendable, Equatable {
    case show, later, discard
}

/// The decisions and effects `tinbox simulate` prints, one line each (CLI.md).
public enum PresenterReport: Sendable, Equatable {
    case sessionStarted(customer: String)
    case synced(source: SyncSource, attempt: Int, language: String)
    /// The host's `didSelect`: once per trigger, for its winner only.
    case selected(messageId: String)
    case deferred(messageId: String, reason: DecisionReason)
    case dropped(messageId: String, reason: DecisionReason)
    case discarded(messageId: String)
    case retried(messageId: String)
    case shown(messageId: String, header: String?, body: String?, isTest: Bool)
    case impression(messageId: String)
    case click(messageId: String, buttonId: String?, url: String?)
    case action(messageId: String, InAppAction)
    case dismissed(messageId: String, reason: DismissReason)
    case analyticsSent(eventIds: [UUID])
    case analyticsFailed(eventIds: [UUID])
}

/// A message ready to draw: personalized text, language and direction (B.12, B.17).
public struct Presentation: Sendable, Equatable {
    public var campaign: Campaign
    public var messageId: String { campaign.messageId }
    public var header: String?
    public var body: String?
    /// The buttons with personalized text.
    public var buttons: [MessageButton]
    public var language: String
    /// ar, he, fa, ur mirror the overlay (alignment, close glyph, button order).
    public var isRightToLeft: Bool

    /// B.17: these languages mirror the overlay.
    public static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur"]

    /// The campaign's message with its placeholders resolved from `values` and the unresolved
    /// ones removed (B.12), in `language`.
    public init(_ campaign: Campaign, values: [String: String], language: String) {
        let message = campaign.message
        let resolve = { (text: String?) in text.map { Personalization.resolve($0, values: values) } }
        var buttons = message?.buttons ?? []
        for index in buttons.indices {
            buttons[index].text = Personalization.resolve(buttons[index].text, values: values)
        }
        self.campaign = campaign
        header = resolve(message?.header)
        body = resolve(message?.body)
        self.buttons = buttons
        self.language = language
        isRightToLeft = Self.rightToLeftLanguages.contains(language)
    }
}
