import Foundation
import InAppEngine
import InboxCore
import InboxStore

/// Carries out the presenter's effects for real: timers on the injected clock, the network on
/// background threads (answers come back through a mailbox the owner drains with `pump()`),
/// and the store for what must survive a kill — analytics queued before anything else happens
/// to them and deleted only once acknowledged (B.15), the frequency history and placeholder
/// values of the customer on the device (B.1, B.12), and the sync cache (B.13).
///
/// Single-threaded by design: the owner (the reader's loop) calls every method from one thread,
/// and sleeps until `nextDeadline()` or until `wake` is called by a finished network answer.
public final class InAppRuntime {
    public private(set) var presenter: InAppPresenter
    public let client: InAppClient
    public let store: InAppStore
    public let clock: Clock
    public weak var host: InAppHost?
    /// Every decision, as `tinbox simulate` would print it.
    public var onReport: (PresenterReport) -> Void = { _ in }
    /// The `[tinbox-iam]` decision log.
    public var onLog: (String) -> Void = { _ in }
    /// Called from a background thread when an answer is waiting in the mailbox.
    public var wake: @Sendable () -> Void = {}

    private let configuration: InAppPresenter.Configuration
    private let timeZone: TimeZone
    private let runInBackground: (@escaping @Sendable () -> Void) -> Void
    /// Test sends only (`tinbox preview`, B.16): no session campaigns (the sync is answered with an
    /// empty document), no network but the placeholder values beside a file, no store, no
    /// artwork wait, the host never asked: each message shows at once when sent.
    private let testSendsOnly: Bool
    private var timers: [PresenterTimer: Double] = [:]
    private let mailbox = Mailbox()
    private var customer: String?
    /// The raw bytes of the last successful sync, kept when the presenter says `storeCache`.
    private var lastSyncBytes: [String: Data] = [:]

    /// `runInBackground` runs network work; tests pass `{ $0() }` to answer at once.
    public init(
        client: InAppClient, store: InAppStore, clock: Clock, configuration: InAppPresenter.Configuration,
        timeZone: TimeZone = .current, testSendsOnly: Bool = false,
        runInBackground: @escaping (@escaping @Sendable () -> Void) -> Void = {
            DispatchQueue.global().async(execute: $0)
        }
    ) {
        self.testSendsOnly = testSendsOnly
        self.client = client
        self.store = store
        self.clock = clock
        self.timeZone = timeZone
        self.runInBackground = runInBackground
        self.configuration = configuration
        presenter = InAppPresenter(configuration: configuration)
    }

    var now: EngineTime { EngineTime(clock: clock, timeZone: timeZone) }

    // MARK: inputs from the owner

    /// Starts messaging for `customer` with what the device holds for them: the cached sync,
    /// the frequency history, the placeholder values, and analytics not yet acknowledged.
    ///
    /// While messaging runs, the start goes to the running presenter instead (B.1): the same
    /// customer is a no-op, another is a switch (the message removed, the old customer's analytics
    /// sent as theirs, the cooldown kept).
    public func start(customer: String, language: String?) throws {
        if presenter.isRunning {
            self.customer = customer
            apply(presenter.start(customer: customer, language: language, at: now))
            return
        }
        self.customer = customer
        if testSendsOnly {
            presenter = InAppPresenter(configuration: configuration)
            apply(presenter.start(customer: customer, language: language, at: now))
            return
        }
        // A stored record that no longer decodes is logged and left out: messaging starts without
        // it rather than not at all, and the log says what was lost.
        let history = try store.history(customer: customer).flatMap { data in
            unreadable("the frequency history of customer \(customer)") {
                try JSONDecoder().decode(FrequencyHistory.self, from: data)
            }
        }
        let placeholders = try store.heldPlaceholders(customer: customer) {
            onLog("[tinbox-iam] the placeholder values of customer \(customer) cannot be read back and are left out")
        }
        // B.1: from now the device's history and placeholder values are this customer's alone.
        try store.forgetCustomers(except: customer)
        let queued = try store.pending(.analytics, limit: Int.max).compactMap { item in
            unreadable("queued analytics event \(item.eventId)") {
                try JSONDecoder().decode(AnalyticsEvent.self, from: item.payload)
            }
        }
        let cached = try store.cachedSync(customer: customer).flatMap { sync in
            unreadable("the cached campaigns of customer \(customer)") { try client.source.read(sync.document) }
        }
        var fresh = InAppPresenter(configuration: configuration, cache: cached.map { [customer: $0] } ?? [:])
        // B.19's "reported once" holds across a stop and a start of the same messaging.
        fresh.reportedProblems = presenter.reportedProblems
        swap(&fresh, &presenter)
        apply(presenter.restoreAnalytics(queued, at: now))
        apply(
            presenter.start(
                customer: customer, language: language, history: history, placeholders: placeholders, at: now))
    }

    public func stop() { apply(presenter.stop(at: now)) }
    /// Another language for the running session: synced again, no new session (B.17, B.2).
    public func changeLanguage(_ language: String) { apply(presenter.changeLanguage(language, at: now)) }
    /// Shows `campaign` now as a test send (B.16): displayed, never reported.
    public func testSend(_ campaign: Campaign) { apply(presenter.testSend(campaign, at: now)) }
    public func event(_ name: String, properties: [String: JSONValue]) {
        apply(presenter.event(name: name, properties: properties, at: now))
    }
    public func presented() { apply(presenter.presented(at: now)) }
    public func tap(buttonId: String?, handledByHost: Bool = false) {
        apply(presenter.tap(buttonId: buttonId, handledByHost: handledByHost, at: now))
    }
    public func close() { apply(presenter.close(at: now)) }
    public func clickOutside() { apply(presenter.clickOutside(at: now)) }
    public func resize(columns: Int, rows: Int) { apply(presenter.resize(columns: columns, rows: rows, at: now)) }
    public func background() { apply(presenter.background(at: now)) }
    public func foreground() { apply(presenter.foreground(at: now)) }

    /// The monotonic instant of the earliest booked timer, for the owner's sleep.
    public func nextDeadline() -> Double? { timers.values.min() }

    /// Fires the timers that are due and feeds the network answers that arrived, in order.
    public func pump() {
        for answer in mailbox.drain() { apply(answer(&presenter, now)) }
        while let (timer, due) = timers.min(by: { $0.value < $1.value }), due <= clock.uptime {
            timers[timer] = nil
            apply(presenter.timerFired(timer, at: now))
        }
    }

    // MARK: effects

    private func apply(_ effects: [PresenterEffect]) {
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: PresenterEffect) {
        if testSendsOnly, answeredForTestSend(effect) { return }
        switch effect {
        case .report(let report): onReport(report)
        case .log(let line): onLog(line)
        case .scheduleTimer(let timer, let at): timers[timer] = at
        case .cancelTimer(let timer): timers[timer] = nil
        case .requestSync(let request): sync(request)
        case .storeCache(let customer, _):
            if let bytes = lastSyncBytes[customer] {
                saving("the campaigns cache") {
                    try store.saveSync(customer: customer, lang: configuration.language, document: bytes, at: clock.now)
                }
            }
        case .fetchArtwork(let reference): fetchArtwork(reference)
        case .fetchPlaceholders(let requestId, let customer): fetchPlaceholders(requestId, customer)
        case .askHost(let requestId, let campaign):
            let decision = host?.shouldDisplay(campaign) ?? .later
            apply(presenter.hostAnswered(requestId: requestId, decision, at: now))
        case .present(let presentation): host?.present(presentation)
        case .remove(let messageId): host?.remove(messageId: messageId)
        case .sendAnalytics(let batch): send(batch)
        case .recordAnalytics(let event):
            saving("analytics event \(event.eventIdText)") {
                try store.enqueue(
                    .analytics, customer: event.customerId, events: [(event.eventIdText, Data(event.wireJSON.utf8))],
                    at: clock.now)
            }
        case .acknowledgeAnalytics(let ids):
            saving("the acknowledgement of \(ids.count) analytics events") {
                try store.acknowledge(ids.map { $0.uuidString.lowercased() })
            }
        case .storeHistory(let customer, let history):
            // B.1: the history on the device is one customer's at a time. Another customer's left
            // here was restored when they came back after a restart, where a switch starts fresh.
            saving("the frequency history") {
                try store.saveHistory(customer: customer, JSONEncoder().encode(history))
                try store.forgetCustomers(except: customer)
            }
        case .storePlaceholders(let customer, let values):
            saving("the placeholder values") { try store.holdPlaceholders(values, customer: customer) }
        }
    }

    /// A test-send session's answers: what is at hand is fed back at once, where its request is,
    /// and nothing is kept. False for the effects carried out as in any session (timers, the host).
    private func answeredForTestSend(_ effect: PresenterEffect) -> Bool {
        switch effect {
        case .requestSync(let request):
            apply(presenter.syncSucceeded(requestId: request.requestId, document: CampaignDocument(), at: now))
        case .fetchPlaceholders(let requestId, let customer):
            // The values beside a campaigns file, as the demo has them; none is no values.
            let values = (try? client.placeholders(customer: customer).get()) ?? [:]
            apply(presenter.placeholdersArrived(requestId: requestId, values: values, at: now))
        case .fetchArtwork(let reference): apply(presenter.artworkFailed(key: reference.key, at: now))
        case .askHost(let requestId, _): apply(presenter.hostAnswered(requestId: requestId, .show, at: now))
        case .sendAnalytics(let batch): apply(presenter.analyticsAnswered(batchId: batch.id, ok: true, at: now))
        case .storeCache, .storeHistory, .storePlaceholders, .recordAnalytics, .acknowledgeAnalytics: break
        case .report, .log, .scheduleTimer, .cancelTimer, .present, .remove: return false
        }
        return true
    }

    /// A store write that failed is told on the decision log, not dropped: messaging goes on
    /// (the next write tries again), and the user learns that what B.1, B.12, B.13 or B.15 keep
    /// across a kill may not have been kept this time.
    func saving(_ what: String, _ write: () throws -> Void) {
        do {
            try write()
        } catch {
            onLog("[tinbox-iam] could not save \(what): \(error)")
        }
    }

    /// A stored record read back, or nil with a decision-log line when it no longer decodes.
    private func unreadable<Value>(_ what: String, _ read: () throws -> Value) -> Value? {
        do {
            return try read()
        } catch {
            onLog("[tinbox-iam] \(what) cannot be read back and is left out")
            return nil
        }
    }

    private func sync(_ request: SyncRequest) {
        let client = client
        background { post in
            let result = client.sync(customer: request.customer, language: request.language)
            post { runtime, presenter, time in
                switch result {
                case .success(let (document, bytes)):
                    runtime.lastSyncBytes[request.customer] = bytes
                    return presenter.syncSucceeded(requestId: request.requestId, document: document, at: time)
                case .failure(let error):
                    return presenter.syncFailed(
                        requestId: request.requestId, reason: TerminalText.sanitize("\(error)"), at: time)
                }
            }
        }
    }

    private func fetchArtwork(_ reference: ArtworkReference) {
        let client = client
        background { post in
            let result = client.artwork(reference)
            post { runtime, presenter, time in
                let bytes: Data
                switch result {
                case .success(let fetched): bytes = fetched
                case .failure(let failure):
                    return presenter.artworkFailed(key: reference.key, reason: "\(failure)", at: time)
                }
                runtime.saving("artwork \(reference.key)") {
                    try runtime.store.saveArtwork(url: reference.key, bytes: bytes, at: runtime.clock.now)
                }
                return presenter.artworkArrived(key: reference.key, at: time)
            }
        }
    }

    private func fetchPlaceholders(_ requestId: Int, _ customer: String) {
        let client = client
        background { post in
            let result = client.placeholders(customer: customer)
            post { _, presenter, time in
                guard case .success(let values) = result else {
                    return presenter.placeholdersFailed(requestId: requestId, at: time)
                }
                return presenter.placeholdersArrived(requestId: requestId, values: values, at: time)
            }
        }
    }

    /// B.15: a batch in order; a file source has no server, so its analytics are dropped as
    /// delivered (README, "Decisions").
    private func send(_ batch: AnalyticsBatch) {
        let client = client
        let payloads = batch.events.map { Data($0.wireJSON.utf8) }
        background { post in
            let ok: Bool
            let (result, notes) = client.sendAnalyticsNoting(payloads)
            switch result {
            case .success: ok = true
            case .failure(.noServer): ok = true
            case .failure: ok = false
            }
            post { runtime, presenter, time in
                for note in notes { runtime.onLog("[tinbox-iam] " + note) }
                return presenter.analyticsAnswered(batchId: batch.id, ok: ok, at: time)
            }
        }
    }

    /// Runs `work` off the owner's thread; `work` posts one answer, fed in at the next `pump()`.
    private func background(
        _ work: @escaping @Sendable (_ post: @Sendable (@escaping Mailbox.Answer) -> Void) -> Void
    ) {
        let mailbox = mailbox
        let wake = wake
        let runtime = Unowned(self)
        runInBackground {
            work { answer in
                mailbox.post { presenter, time in answer(runtime.value, &presenter, time) }
                wake()
            }
        }
    }
}

/// Answers from background threads, drained on the owner's thread.
final class Mailbox: @unchecked Sendable {
    typealias Answer = (InAppRuntime, inout InAppPresenter, EngineTime) -> [PresenterEffect]
    typealias Input = (inout InAppPresenter, EngineTime) -> [PresenterEffect]

    private let lock = NSLock()
    private var inputs: [Input] = []

    func post(_ input: @escaping Input) { lock.withLock { inputs.append(input) } }

    func drain() -> [Input] {
        lock.withLock {
            defer { inputs.removeAll() }
            return inputs
        }
    }
}

/// Carries the runtime into a background closure; the answer is only used on the owner's thread.
private struct Unowned<Value: AnyObject>: @unchecked Sendable {
    unowned let value: Value
    init(_ value: Value) { self.value = value }
}
