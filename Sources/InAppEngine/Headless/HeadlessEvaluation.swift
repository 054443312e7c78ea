import Foundation
import InboxCore

/// One trigger evaluated without a screen, for `tinbox event`, `tinbox purchase` and `tinbox explain`
/// (CLI.md): the presenter itself, run at one instant on a virtual clock, so no rule is written twice.
///
/// What it assumes, because the command line is not the reader:
/// - It is not a session start: `sessionStart` campaigns are never offered (only `explain` looks at them).
/// - The host answers `show`. Placeholders are asked of `fetchPlaceholders` when a message that
///   has one is about to be presented (B.12); without it, or when it has no answer, the values
///   given serve.
/// - Nothing is displayed, so the entrance never ends: a `shown` line means "would be presented",
///   and no impression is recorded, no repeat rule is consumed, no analytics are queued. The
///   history given in is never changed; the driver stores only `placeholdersToHold`.
/// - Time does not move: a deferred message is reported `deferred` and is not retried.
/// - Artwork counts as ready per `artwork` (by default every fetchable image, as if its bytes were
///   cached); `http://` artwork is refused as always (B.14).
/// - The session is new, so `oncePerSession` allows a campaign whatever the reader showed.
public struct HeadlessEvaluation: Sendable {
    /// Which artwork counts as fetched.
    public enum Artwork: Sendable, Equatable {
        /// Every `https://` or local image is ready.
        case assumeFetched
        /// Only these keys (`ArtworkReference.key`, or the text as written) are ready.
        case ready(Set<String>)
    }

    public var document: CampaignDocument
    /// Where `document` came from: the cache serves when the sync failed (B.13).
    public var documentSource: SyncSource = .network
    public var customer: String
    /// The customer's preferred language (B.17); `nil` means `en`.
    public var language: String?
    /// The history stored on the device; used only when it belongs to `customer` (B.1).
    public var history: FrequencyHistory?
    /// The last placeholder values held for `customer` (B.12).
    public var placeholders: [String: String]
    /// Fetches the customer's placeholder values (B.12), waiting less than 2.0 s; when it failed
    /// or timed out, the last values held serve. Nil: the held values answer at once.
    public var fetchPlaceholders: (@Sendable (_ customer: String) -> PlaceholderAnswer)?

    /// How a fetch of placeholder values ended (B.12).
    public enum PlaceholderAnswer: Sendable, Equatable {
        case values([String: String])
        /// Why, for the decision log; nil when there is nothing to say (a campaigns file with no
        /// values beside it).
        case failed(String?)
        /// No answer within 2.0 s.
        case timedOut
    }
    /// The UTC instant and local offset of "now"; `uptime` is not used.
    public var time: EngineTime
    public var columns: Int
    public var rows: Int
    /// When the last message was shown, for the cooldown (B.6); `nil` when unknown or never.
    public var lastShownAt: Date?
    public var artwork: Artwork

    public init(
        document: CampaignDocument, customer: String, time: EngineTime, columns: Int = 80, rows: Int = 24,
        language: String? = nil, history: FrequencyHistory? = nil, placeholders: [String: String] = [:],
        lastShownAt: Date? = nil, artwork: Artwork = .assumeFetched
    ) {
        self.document = document
        self.customer = customer
        self.language = language
        self.history = history
        self.placeholders = placeholders
        self.time = time
        self.columns = columns
        self.rows = rows
        self.lastShownAt = lastShownAt
        self.artwork = artwork
    }

    /// `tinbox event NAME k=v…`: the decisions for this one event.
    public func evaluate(event name: String, properties: [String: JSONValue] = [:]) -> HeadlessResult {
        var runner = Runner(evaluation: self)
        guard runner.prepare() else { return runner.result }
        runner.carryOut(runner.presenter.event(name: name, properties: properties, at: runner.now))
        return runner.result
    }

    /// `tinbox purchase`: the event `purchase` with the properties of PROTOCOL 2.3.
    public func evaluatePurchase(
        productId: String, price: Double, currency: String, quantity: Int = 1, extras: [String: JSONValue] = [:]
    ) -> HeadlessResult {
        evaluate(
            event: Self.purchaseEvent,
            properties: Self.purchaseProperties(
                productId: productId, price: price, currency: currency, quantity: quantity, extras: extras))
    }

    /// `tinbox explain ID`: the checklist against the same state an event would see.
    public func explain(campaignId: String) -> Explanation {
        var runner = Runner(evaluation: self)
        _ = runner.prepare()
        return runner.presenter.explain(campaignId: campaignId, at: runner.now)
    }

    public static let purchaseEvent = "purchase"

    /// PROTOCOL 2.3: `productId`, `price`, `currency`, `quantity` (default 1), with any extra
    /// property merged over them (an extra named like one of the four replaces it).
    public static func purchaseProperties(
        productId: String, price: Double, currency: String, quantity: Int = 1, extras: [String: JSONValue] = [:]
    ) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [
            "productId": .string(productId), "price": .number(price), "currency": .string(currency),
            "quantity": .number(Double(quantity)),
        ]
        properties.merge(extras) { _, extra in extra }
        return properties
    }

    /// The virtual clock's reading at "now": far enough from 0 that a `lastShownAt` in the past
    /// maps to a positive uptime.
    static let originUptime = 1_000_000_000.0
}

/// What one headless evaluation decided.
public struct HeadlessResult: Sendable, Equatable {
    public var reports: [PresenterReport]
    /// The reports as `tinbox simulate` writes them (CLI.md), `at` 0.000, without newlines.
    public var lines: [String]
    /// `[tinbox-iam]` decision-log lines for the trigger, for stderr.
    public var log: [String]
    /// Placeholder values fetched on the way that differ from those held: the driver keeps
    /// them as the last held for the customer (B.12), as the reader's runtime does.
    public var placeholdersToHold: [String: String]?

    public init(reports: [PresenterReport] = [], log: [String] = [], placeholdersToHold: [String: String]? = nil) {
        self.reports = reports
        self.lines = reports.map { $0.jsonLine(atMilliseconds: 0) }
        self.log = log
        self.placeholdersToHold = placeholdersToHold
    }
}

extension HeadlessEvaluation {
    /// A presenter started for the customer with the document adopted, answering at once.
    fileprivate struct Runner {
        let evaluation: HeadlessEvaluation
        var presenter: InAppPresenter
        let now: EngineTime
        var reports: [PresenterReport] = []
        var log: [String] = []
        var placeholdersToHold: [String: String]?
        /// Reports and logs of the preparation (session, sync) are not the trigger's.
        var recording = false

        init(evaluation: HeadlessEvaluation) {
            self.evaluation = evaluation
            now = EngineTime(
                uptime: HeadlessEvaluation.originUptime, utc: evaluation.time.utc, utcOffset: evaluation.time.utcOffset)
            presenter = InAppPresenter(
                configuration: .init(columns: evaluation.columns, rows: evaluation.rows),
                eventIds: SequentialEventIds())
        }

        var result: HeadlessResult {
            HeadlessResult(reports: reports, log: log, placeholdersToHold: placeholdersToHold)
        }

        /// Starts messaging (not a session start for `sessionStart` campaigns) and adopts the document.
        mutating func prepare() -> Bool {
            let started = presenter.start(
                customer: evaluation.customer, language: evaluation.language, history: evaluation.history,
                placeholders: StoredPlaceholders(customer: evaluation.customer, values: evaluation.placeholders),
                at: now)
            guard presenter.isRunning else {
                log = started.compactMap { if case .log(let line) = $0 { line } else { nil } }
                return false
            }
            presenter.session.sessionStartPending = false
            if let last = evaluation.lastShownAt {
                presenter.lastShownAt = now.uptime - now.utc.timeIntervalSince(last)
            }
            carryOut(started)
            recording = true
            return true
        }

        mutating func carryOut(_ effects: [PresenterEffect]) {
            for effect in effects {
                switch effect {
                case .report(let report): if recording { reports.append(report) }
                case .log(let line): if recording { log.append(line) }
                case .requestSync(let request):
                    if evaluation.documentSource == .cache {
                        presenter.cache[evaluation.customer] = evaluation.document
                        carryOut(presenter.syncFailed(requestId: request.requestId, at: now))
                    } else {
                        carryOut(
                            presenter.syncSucceeded(
                                requestId: request.requestId, document: evaluation.document, at: now))
                    }
                case .fetchArtwork(let reference):
                    carryOut(
                        isReady(reference)
                            ? presenter.artworkArrived(key: reference.key, at: now)
                            : presenter.artworkFailed(key: reference.key, at: now))
                case .askHost(let id, _):
                    carryOut(presenter.hostAnswered(requestId: id, .show, at: now))
                case .fetchPlaceholders(let id, let customer):
                    guard let fetch = evaluation.fetchPlaceholders else {
                        carryOut(presenter.placeholdersArrived(requestId: id, values: evaluation.placeholders, at: now))
                        continue
                    }
                    // The wait is real; the virtual clock stays at "now".
                    switch fetch(customer) {
                    case .values(let values):
                        carryOut(presenter.placeholdersArrived(requestId: id, values: values, at: now))
                    case .failed(let reason):
                        if recording, let reason {
                            log.append("[tinbox-iam] placeholders of customer \(customer): \(reason)")
                        }
                        carryOut(presenter.placeholdersFailed(requestId: id, at: now))
                    case .timedOut: carryOut(presenter.timerFired(.placeholderTimeout, at: now))
                    }
                case .storePlaceholders(_, let values):
                    if recording { placeholdersToHold = values }
                case .present:
                    // On screen now; the entrance timer it books never fires (nothing is displayed).
                    carryOut(presenter.presented(at: now))
                case .scheduleTimer, .cancelTimer, .storeCache, .remove, .sendAnalytics, .recordAnalytics,
                    .acknowledgeAnalytics, .storeHistory:
                    break
                }
            }
        }

        func isReady(_ reference: ArtworkReference) -> Bool {
            switch evaluation.artwork {
            case .assumeFetched: return true
            case .ready(let keys): return keys.contains(reference.key) || keys.contains(reference.original)
            }
        }
    }
}
