import Foundation
import InboxCore

/// The in-app presenter: every rule of BEHAVIOR §B as a value-type state machine.
///
/// One `mutating func` per input; each returns the effects to carry out, in order. It never does
/// I/O, never reads a clock (every input carries its `EngineTime`) and never starts a timer (it
/// returns `.scheduleTimer` and expects `timerFired(_:at:)` back).
///
/// A driver must carry out the effects in the order returned. Answers to requests (sync, artwork,
/// placeholders, host, presentation, analytics) may come back later or at once; an answer given at
/// once should be fed in when its request effect is reached, so reports keep cause-then-effect order.
public struct InAppPresenter: Sendable {
    /// Settings the app provides, not the server.
    public struct Configuration: Sendable, Equatable {
        /// The configured language, used when `start` names none (B.17).
        public var language: String
        public var reduceMotion: Bool
        public var columns: Int
        public var rows: Int

        public init(language: String = "en", reduceMotion: Bool = false, columns: Int = 80, rows: Int = 24) {
            self.language = language
            self.reduceMotion = reduceMotion
            self.columns = columns
            self.rows = rows
        }
    }

    enum State: Sendable {
        /// Before the first start and after a stop: no requests, timers or drawing (B.1).
        case dormant
        case running(Session)
    }

    /// What lives for one customer's messaging, from start (or switch) to stop.
    struct Session: Sendable {
        var customer: String
        /// Requested in the sync (B.17): the customer's preferred language, else the configured one.
        var requestedLanguage: String
        /// After `supportedLanguages`.
        var language: String
        var number: Int
        var document: CampaignDocument?
        /// Where `document` came from: this session's sync, or the cache when the sync failed.
        var documentSource: SyncSource = .none
        var index = CampaignIndex([])
        var sync: SyncProgress
        /// `sessionStart` campaigns wait for the sync and the artwork prefetch (B.13, B.14).
        var sessionStartPending = true
        var slot: Slot = .empty
        var stack = DeferredStack()
        /// Analytics ticks are counted from here (B.15).
        var tickAnchor: Double
    }

    enum SyncProgress: Sendable, Equatable {
        case inFlight(requestId: Int, attempt: Int)
        case waitingToRetry(attempt: Int)
        case finished
    }

    /// The one display slot (B.6): a message being asked about, personalized, drawn or visible.
    enum Slot: Sendable {
        case empty
        case askingHost(requestId: Int, Offer)
        case personalizing(requestId: Int, requestedAt: Double, Offer)
        case presenting(Presentation, Offer)
        case visible(Showing)

        var isEmpty: Bool {
            if case .empty = self { return true }
            return false
        }
    }

    struct Offer: Sendable {
        enum Origin: Sendable { case trigger, retry }
        var campaign: Campaign
        var origin: Origin
    }

    struct Showing: Sendable {
        enum Timer: Sendable {
            case none
            case running(due: Double)
            case paused(remaining: Double)
        }

        var presentation: Presentation
        var shownAt: Double
        var entered = false
        var autoDismiss: Timer = .none
        var campaign: Campaign { presentation.campaign }
    }

    var state: State = .dormant
    var configuration: Configuration
    var history = FrequencyHistory()
    /// Presentation instant of the last message shown, for the cooldown (B.6). Survives switches.
    var lastShownAt: Double?
    var cache: [String: CampaignDocument]
    var readyArtwork: Set<String> = []
    /// Artwork being fetched: key -> uptime of the request.
    var pendingArtwork: [String: Double] = [:]
    var analytics = AnalyticsQueue()
    var eventIds: any EventIdGenerator
    /// Last placeholder values for the history's customer (B.12).
    var placeholderValues: [String: String] = [:]
    /// The document problems already said (B.19: once). A runtime that starts a fresh presenter
    /// (a stop and a start, a language change) hands them on.
    public var reportedProblems: Set<String> = []
    var backgroundSince: Double?
    var sessionCount = 0
    var nextRequestId = 1
    var bookedTimers: [PresenterTimer: Double] = [:]

    /// The input being handled and the effects it produced so far.
    var now = EngineTime(uptime: 0, utc: Date(timeIntervalSince1970: 0))
    var effects: [PresenterEffect] = []

    public init(
        configuration: Configuration = Configuration(), eventIds: any EventIdGenerator = RandomEventIds(),
        cache: [String: CampaignDocument] = [:]
    ) {
        self.configuration = configuration
        self.eventIds = eventIds
        self.cache = cache
    }

    // MARK: Observing

    public var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// The message on screen, if any.
    public var visibleMessageId: String? {
        guard case .running(let session) = state, case .visible(let showing) = session.slot else { return nil }
        return showing.campaign.messageId
    }

    /// The deferred stack, bottom first.
    public var deferredMessageIds: [String] {
        guard case .running(let session) = state else { return [] }
        return session.stack.entries.map(\.messageId)
    }

    /// Analytics events recorded and not yet sent.
    public var waitingAnalytics: [AnalyticsEvent] { analytics.waiting }

    public var language: String? {
        guard case .running(let session) = state else { return nil }
        return session.language
    }

    // MARK: Plumbing

    /// The running session; only touched after checking `isRunning`.
    var session: Session {
        get {
            guard case .running(let session) = state else { preconditionFailure("presenter is dormant") }
            return session
        }
        set { state = .running(newValue) }
    }

    mutating func begin(_ time: EngineTime) {
        now = time
        effects = []
    }

    mutating func finish() -> [PresenterEffect] {
        defer { effects = [] }
        return effects
    }

    mutating func report(_ report: PresenterReport) {
        effects.append(.report(report))
    }

    mutating func log(_ line: String) {
        effects.append(.log("[tinbox-iam] " + line))
    }

    mutating func book(_ timer: PresenterTimer, at uptime: Double) {
        bookedTimers[timer] = uptime
        effects.append(.scheduleTimer(timer, at: uptime))
    }

    mutating func cancel(_ timer: PresenterTimer) {
        if bookedTimers.removeValue(forKey: timer) != nil {
            effects.append(.cancelTimer(timer))
        }
    }

    mutating func makeRequestId() -> Int {
        defer { nextRequestId += 1 }
        return nextRequestId
    }
}

// MARK: - Inputs

extension InAppPresenter {
    /// Starts messaging for `customer` (B.1). The same customer again is a no-op; another customer
    /// is a switch. `language` is the customer's preferred language, if any.
    ///
    /// `history` and `placeholders` are what the driver stored from `.storeHistory` and
    /// `.storePlaceholders` (B.1, B.12). They are taken only when they belong to `customer`, messaging
    /// is dormant (a switch always starts fresh) and this presenter does not already hold that
    /// customer's history (its own, from a stop then start, is as new or newer). Otherwise the
    /// customer starts fresh and the fresh history and values are emitted to be stored.
    public mutating func start(
        customer: String, language: String? = nil, history storedHistory: FrequencyHistory? = nil,
        placeholders storedPlaceholders: StoredPlaceholders? = nil, at time: EngineTime
    ) -> [PresenterEffect] {
        begin(time)
        guard !customer.isEmpty else {
            log("start refused: the customer id is empty")
            return finish()
        }
        let preferred = language.flatMap { $0.isEmpty ? nil : $0 } ?? configuration.language
        let requested = preferred.lowercased()
        if case .running(let running) = state {
            if running.customer == customer {
                log("start ignored: messaging already runs for customer \(customer)")
                return finish()
            }
            switchCustomer(to: customer, language: requested)
        } else {
            if history.owner != customer {
                adoptDeviceMemory(
                    of: customer, history: storedHistory.flatMap { $0.owner == customer ? $0 : nil },
                    placeholders: storedPlaceholders.flatMap { $0.customer == customer ? $0.values : nil })
            }
            startMessaging(customer: customer, language: requested)
        }
        return finish()
    }

    /// Stops messaging (B.1): removes what is showing (no dismissal analytics), clears the deferred
    /// stack, sends pending analytics. The frequency history survives for a later start.
    public mutating func stop(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard isRunning else { return finish() }
        removeSlot(reason: .stop)
        session.stack.removeAll()
        flushAnalytics()
        for timer in [PresenterTimer.analyticsTick, .syncRetry, .deferredRetry, .placeholderTimeout] {
            cancel(timer)
        }
        state = .dormant
        log("messaging stopped")
        return finish()
    }

    /// A customer event (B.3).
    public mutating func event(
        name: String, properties: [String: JSONValue] = [:], at time: EngineTime
    ) -> [PresenterEffect] {
        begin(time)
        guard isRunning else { return finish() }
        let candidates = session.index.matches(event: name, properties: properties)
        if candidates.isEmpty {
            log("event \(name): no campaign matches")
        } else {
            select(candidates, trigger: "event \(name)")
        }
        return finish()
    }

    public mutating func timerFired(_ timer: PresenterTimer, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard bookedTimers.removeValue(forKey: timer) != nil else { return finish() }
        switch timer {
        case .analyticsTick: analyticsTick()
        case .syncRetry: retrySync()
        case .artworkTimeout(let key): artworkSettled(key: key, ready: false, why: "timed out after 5 s")
        case .placeholderTimeout: placeholdersTimedOut()
        case .entrance: endEntrance()
        case .autoDismiss: autoDismissFired()
        case .deferredRetry: retryDeferred()
        }
        return finish()
    }

    /// The terminal changed size: orientation and room may now allow a deferred message (B.7, B.9).
    public mutating func resize(columns: Int, rows: Int, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        configuration.columns = columns
        configuration.rows = rows
        if isRunning { retryDeferred() }
        return finish()
    }

    /// tinbox was suspended or lost focus (B.2): pending analytics go out, visible time stops.
    public mutating func background(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard backgroundSince == nil else { return finish() }
        backgroundSince = now.uptime
        guard isRunning else { return finish() }
        pauseAutoDismiss()
        flushAnalytics()
        return finish()
    }

    /// Back in the foreground (B.2, B.7): after more than 30 s a new session starts; otherwise the
    /// deferred stack is retried.
    public mutating func foreground(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard let since = backgroundSince else { return finish() }
        backgroundSince = nil
        guard isRunning else { return finish() }
        resumeAutoDismiss()
        let away = now.uptime - since
        if away > InAppPresenter.sessionTimeout + Elapsed.tolerance {
            beginSession()
        } else {
            retryDeferred()
        }
        return finish()
    }

    /// B.2: more than this many seconds in the background starts a new session.
    static let sessionTimeout = 30.0
}
