import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import InboxSync

/// In-app messaging (the Gameball shape; BEHAVIOR B) over the engine's `InAppRuntime`.
///
/// The runtime lives on the configuration's `callbackQueue`: a call made there takes effect at
/// once, a call from another thread is carried out there in order. Delegate and surface methods
/// are called there too. Timers follow the configuration's clock: the system clock is waited on
/// exactly; any other clock is looked at every 20 ms while a timer is booked, so moving a
/// `ManualClock` fires what became due.
public final class InAppMessaging: @unchecked Sendable {
    private let configuration: TinboxConfiguration
    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<UInt8>()
    private let surface: InAppSurface?
    private let delegateBox = Locked(WeakMessagingDelegate())
    private let status = Locked(Status())
    private let decisionHook = Locked<(@Sendable (String) -> Void)?>(nil)
    private static let loggingFlag = Locked(true)
    /// How often a clock other than the system's is looked at while a timer is booked.
    static let virtualClockPoll = 0.02

    // Only touched on `queue`:
    private var runtime: InAppRuntime?
    private var store: InAppStore?
    private var host: RuntimeHost?
    private var outbox: CustomerEventOutbox?
    /// The engine's campaign source, when the configured one can be read.
    private var source: InAppSync.CampaignSource?
    /// One transport for the runtime and the outbox (one `tinbox-net` when a helper is named).
    private let transport: HTTPTransport
    /// Why messaging cannot run (no campaigns, a refused format, the store); logged at start.
    private var unavailable: String?
    private var customer: String?
    private var language: String
    private var visible: Presentation?
    private var timerTicket = 0
    /// The message presented last, for the delegate's `didDismissMessage` once it is gone.
    private var lastPresented: Presentation?
    /// `testSends(configuration:surface:)`.
    private let testSendsOnly: Bool
    /// The runtime's network work under way (syncs, pictures, analytics), counted off `queue`.
    private let inFlight = Locked(0)
    /// `stopInAppMessaging(completion:)`'s completions, run once no network work is under way.
    private var whenIdle: [@Sendable () -> Void] = []

    /// Messaging for `configuration`; `surface` nil is headless. Dormant until started (B.1).
    public convenience init(configuration: TinboxConfiguration, surface: InAppSurface? = nil) {
        self.init(configuration: configuration, surface: surface, testSendsOnly: false)
    }

    /// Messaging that shows campaigns only as test sends (B.16), as a campaign editor's preview
    /// does: `testSend(campaignId:from:)` shows one at once, with its entrance, its visible-time
    /// timer (B.10), its buttons and its closings, and nothing is reported, stored or synced. The
    /// configuration's campaigns name the file whose placeholder values personalize them.
    public static func testSends(configuration: TinboxConfiguration, surface: InAppSurface?) -> InAppMessaging {
        InAppMessaging(configuration: configuration, surface: surface, testSendsOnly: true)
    }

    private init(configuration: TinboxConfiguration, surface: InAppSurface?, testSendsOnly: Bool) {
        self.configuration = configuration
        self.testSendsOnly = testSendsOnly
        self.surface = surface
        queue = configuration.callbackQueue
        language = configuration.language ?? "en"
        transport = configuration.transport
        queue.setSpecific(key: queueKey, value: 1)
        do {
            guard let campaigns = configuration.campaigns else {
                throw Unavailable(reason: "no campaign source is configured")
            }
            let source = try campaigns.engineSource()
            self.source = source
            outbox = CustomerEventOutbox(
                directory: configuration.dataDirectory, clock: configuration.clock,
                client: InAppClient(source: source, transport: transport),
                log: { [queue, decisionHook] line in
                    Self.log(line)
                    queue.async { decisionHook.withLock { $0 }?(line) }
                })
        } catch {
            unavailable = "\(error)"
            Self.log("[tinbox-iam] in-app messaging is off: \(error)")
        }
    }

    deinit {
        // The key dies with this object; a stale entry on a queue that outlives it could match a
        // later key allocated at the same address.
        queue.setSpecific(key: queueKey, value: nil)
    }

    // MARK: Gameball API

    /// Starts messaging for `customerId`, else the configuration's customer (B.1). The same
    /// customer again is a no-op; another is a switch.
    public func startInAppMessaging(customerId: String? = nil) {
        perform { [self] in
            guard let customer = customerId ?? configuration.customer, !customer.isEmpty else {
                notStarted("no customer")
                return
            }
            guard let runtime = preparedRuntime() else { return }
            self.customer = customer
            do {
                try runtime.start(customer: customer, language: language)
            } catch {
                notStarted("\(error)")
            }
            afterInput()
        }
    }

    /// Stops messaging (B.1): removes what is showing, sends pending analytics.
    public func stopInAppMessaging() {
        stopInAppMessaging(completion: nil)
    }

    /// Stops messaging as `stopInAppMessaging()` does; `completion` runs on `callbackQueue` once
    /// the sends the stop started, and customer events queued before it, have ended (acknowledged
    /// analytics are then deleted): a program about to exit waits for it as long as it may.
    public func stopInAppMessaging(completion: (@Sendable () -> Void)?) {
        perform { [self] in
            runtime?.stop()
            afterInput()
            guard let completion else { return }
            let queue = queue
            let settle: @Sendable () -> Void = { [weak self] in
                guard let self else { return queue.async(execute: completion) }
                perform { [self] in
                    whenIdle.append(completion)
                    finishIfIdle()
                }
            }
            if let outbox { outbox.afterPending(settle) } else { settle() }
        }
    }

    /// Shows the campaign `campaignId` of `file` now as a test send (B.16), in place of any message
    /// shown; messaging must be started. False, with nothing shown, when the file has no such
    /// campaign or it has no message this version can draw.
    @discardableResult
    public func testSend(campaignId: String, from file: InAppCampaignFile) -> Bool {
        guard let campaign = file.engineCampaigns.first(where: { $0.id == campaignId }),
            let kind = campaign.message?.kind
        else { return false }
        if case .unsupported = kind { return false }
        perform { [self] in
            runtime?.testSend(campaign)
            afterInput()
        }
        return true
    }

    /// Takes the network answers that arrived and fires the timers now due on the configuration's
    /// clock, at once: for a host that moves a `ManualClock`, or that wakes for its own reasons.
    /// TinboxKit does it by itself too (see the type's summary).
    public func runDueWork() {
        perform { [self] in pumpRuntime() }
    }

    /// Seconds until the next booked timer (the entrance, the visible time, the analytics flush),
    /// on the configuration's clock; nil when none is booked. A host that sleeps wakes by then.
    public var secondsUntilNextTimer: Double? {
        guard let due = status.withLock({ $0.nextTimer }) else { return nil }
        return max(0, due - configuration.clock.uptime)
    }

    /// True while messaging runs for a customer.
    public var isInAppMessagingStarted: Bool { status.withLock { $0.started } }

    /// The message on screen now (personalized), or nil.
    public var shownMessage: InAppMessage? { status.withLock { $0.shown } }

    /// The delegate, held weakly: once released, the seed's defaults answer.
    public var inAppMessagingDelegate: InAppMessagingDelegate? {
        get { delegateBox.withLock { $0.value } }
        set { delegateBox.withLock { $0.value = newValue } }
    }

    /// A customer event (PROTOCOL 2.3): queued durably, sent in the background, and offered to
    /// the campaigns (B.3). Ignored (logged) while messaging is not started.
    public func sendEvent(_ name: String, properties: [String: JSONValue] = [:]) {
        sendEvent(name, properties: properties, completion: nil)
    }

    /// `sendEvent(_:properties:)`; `completion` runs on `callbackQueue` once the send ended: true
    /// when the server took it (or a file source, which has none), else false and why; the event
    /// then stays queued and goes out with the next one. Messaging not started: false at once.
    public func sendEvent(
        _ name: String, properties: [String: JSONValue], completion: (@Sendable (Bool, String?) -> Void)?
    ) {
        perform { [self] in
            let queue = queue
            guard let runtime, runtime.presenter.isRunning, let customer else {
                decide("[tinbox-iam] event \(name) ignored: messaging is not started")
                queue.async { completion?(false, "messaging is not started") }
                return
            }
            outbox?.send(customer: customer, name: name, properties: properties) { ok, reason in
                queue.async { completion?(ok, reason) }
            }
            runtime.event(name, properties: properties)
            afterInput()
        }
    }

    /// The bytes of a message's picture at `url` (an `InAppPicture`'s), for a surface to draw: a
    /// file beside the campaigns read from disk, else what the prefetch cached (B.14); nil when not
    /// fetched yet or unreadable, which a surface draws as the placeholder. Safe from any thread.
    public func pictureData(at url: URL) -> Data? {
        if url.isFileURL { return try? InAppClient.readLocal(url, limit: InAppClient.pictureLimit).get() }
        // An unreadable cache entry is a miss: the picture falls back as if never fetched.
        return onQueue { [self] in try? cache()?.artwork(url: url.absoluteString) }
    }

    /// The event `purchase` (PROTOCOL 2.3) for `customerId`: an empty id throws and nothing is
    /// sent. `completion` runs on `callbackQueue` once the send ended (true for a file source,
    /// which has no server). The campaigns see it when messaging runs for this customer.
    public func logPurchase(
        customerId: String, productId: String, price: Double, currency: String, quantity: Int = 1,
        properties: [String: JSONValue]? = nil, completion: (@Sendable (Bool, String?) -> Void)? = nil
    ) throws {
        guard !customerId.isEmpty else { throw InAppMessagingError.emptyCustomerId }
        let purchase = HeadlessEvaluation.purchaseProperties(
            productId: productId, price: price, currency: currency, quantity: quantity, extras: properties ?? [:])
        let name = HeadlessEvaluation.purchaseEvent
        perform { [self] in
            let queue = queue
            if let outbox {
                outbox.send(customer: customerId, name: name, properties: purchase) { ok, reason in
                    queue.async { completion?(ok, reason) }
                }
            } else {
                let reason = unavailable ?? "no campaign source is configured"
                queue.async { completion?(false, reason) }
            }
            if let runtime, runtime.presenter.isRunning, customer == customerId {
                runtime.event(name, properties: purchase)
                afterInput()
            }
        }
    }

    /// The language asked for at the next sync (B.17). A running session syncs again in it at
    /// once, as the same session (B.2): its cooldown, repeat rules and deferred messages hold, and
    /// its `sessionStart` campaigns are not offered again.
    public func setLanguage(_ code: String) {
        perform { [self] in
            language = code
            // The running session syncs again in the new language; it is not a new session (B.2),
            // so the cooldown and the repeat rules hold across it.
            guard let runtime, runtime.presenter.isRunning else { return }
            runtime.changeLanguage(code)
            afterInput()
        }
    }

    /// A tap on a button (`buttonId`) or on the message's surface (nil), on the message shown.
    /// The delegate's `didHandleAction` decides whether TinboxKit runs the action (B.11).
    public func tap(buttonId: String?) {
        perform { [self] in
            guard let runtime else { return }
            var handled = false
            // Only a message the engine has on screen takes a tap (B.11): before the surface said
            // `presented()`, the delegate was asked about the action and the tap then dropped,
            // so a host that acted recorded no click.
            if let visible, runtime.presenter.visibleMessageId == visible.messageId {
                let button = buttonId.flatMap { id in visible.buttons.first { $0.id == id } }
                let action = buttonId == nil ? visible.campaign.message?.clickAction : button?.action
                if let action {
                    handled = delegate().didHandleAction(
                        InAppMessage(visible), button: button.map(MessageButton.init), action: ClickAction(action))
                }
            }
            runtime.tap(buttonId: buttonId, handledByHost: handled)
            afterInput()
        }
    }

    /// The close key on the message shown: a dismissal (B.11).
    public func close() {
        perform { [self] in
            runtime?.close()
            afterInput()
        }
    }

    /// A click outside the message shown: closes a modal that allows it.
    public func clickOutside() {
        perform { [self] in
            runtime?.clickOutside()
            afterInput()
        }
    }

    /// Every `[tinbox-iam]` decision line (B.18), on `callbackQueue`, whether or not `logging`
    /// writes them to stderr: a host's decision log (the reader's `L`).
    public var onDecisionLog: (@Sendable (String) -> Void)? {
        get { decisionHook.withLock { $0 } }
        set { decisionHook.withLock { $0 = newValue } }
    }

    /// The `[tinbox-iam]` lines on stderr (B.18); default true.
    public static var logging: Bool {
        get { loggingFlag.withLock { $0 } }
        set { loggingFlag.withLock { $0 = newValue } }
    }

    // MARK: what a surface reports

    /// The surface drew the message it was given: the `shown` instant (B.10).
    public func presented() {
        perform { [self] in
            runtime?.presented()
            afterInput()
        }
    }

    /// The drawing area changed: orientation and room may now allow a deferred message (B.7, B.9).
    public func resize(columns: Int, rows: Int) {
        perform { [self] in
            runtime?.resize(columns: columns, rows: rows)
            afterInput()
        }
    }

    /// The program went to the background (B.2): analytics go out, visible time stops.
    public func enterBackground() {
        perform { [self] in
            runtime?.background()
            afterInput()
        }
    }

    /// Back in the foreground (B.2): after more than 30 s a new session starts.
    public func enterForeground() {
        perform { [self] in
            runtime?.foreground()
            afterInput()
        }
    }

    // MARK: the runtime's host

    fileprivate func shouldDisplay(_ campaign: Campaign) -> HostDecision {
        let decision = delegate().shouldDisplay(InAppMessage(campaign))
        if decision == .show, let surface {
            let sample = Presentation(campaign, values: [:], language: runtime?.presenter.language ?? language)
            if !surface.fits(InAppPresentation(sample)) { return .later }
        }
        return decision.engineDecision
    }

    fileprivate func present(_ presentation: Presentation) {
        visible = presentation
        lastPresented = presentation
        status.withLock { $0.shown = InAppMessage(presentation) }
        if let surface {
            surface.present(InAppPresentation(presentation))
        } else {
            // Headless: on screen at once; reduce-motion ends the entrance at once too.
            runtime?.presented()
        }
    }

    fileprivate func remove(messageId: String) {
        if visible?.messageId == messageId {
            visible = nil
            status.withLock { $0.shown = nil }
        }
        surface?.remove(messageId: messageId)
    }

    private func handle(_ report: PresenterReport) {
        switch report {
        case .synced(let source, let attempt, let language):
            decide("[tinbox-iam] campaigns synced from \(source.rawValue) (attempt \(attempt), language \(language))")
        case .selected(let id):
            if let campaign = runtime?.presenter.campaign(messageId: id) {
                delegate().didSelectMessage(InAppMessage(campaign))
            }
        case .dismissed(let id, let reason):
            if let shown = lastPresented, shown.messageId == id {
                delegate().didDismissMessage(InAppMessage(shown), reason: InAppDismissReason(reason))
            }
        case .action(_, let action):
            switch ClickAction(action) {
            case .navigate(let route, let arguments):
                delegate().shouldNavigate(route: route, arguments: arguments)
            case .dismiss:
                break
            case let other:
                if let visible { surface?.perform(other, for: InAppMessage(visible)) }
            }
        default:
            break
        }
    }

    // MARK: plumbing

    private func delegate() -> InAppMessagingDelegate {
        inAppMessagingDelegate ?? SeedDefaults()
    }

    /// Runs `body` on `queue`: at once when already there, else after what was asked before.
    private func perform(_ body: @escaping @Sendable () -> Void) {
        if DispatchQueue.getSpecific(key: queueKey) != nil {
            body()
        } else {
            queue.async(execute: body)
        }
    }

    /// A start that failed: the decision line, and the delegate told why, so a host hears it
    /// without reading the log.
    private func notStarted(_ reason: String) {
        decide("[tinbox-iam] messaging not started: \(reason)")
        delegate().didFailToStartMessaging(reason: reason)
    }

    /// The runtime, made on first use (on `queue`, where the surface may be asked its size).
    private func preparedRuntime() -> InAppRuntime? {
        if let runtime { return runtime }
        if let unavailable {
            notStarted("\(unavailable)")
            return nil
        }
        guard let source else { return nil }
        let store: InAppStore
        do {
            store = try openedStore()
        } catch {
            notStarted("\(error)")
            return nil
        }
        let runtime = InAppRuntime(
            client: InAppClient(source: source, transport: transport), store: store,
            clock: configuration.clock,
            configuration: InAppPresenter.Configuration(
                language: language, reduceMotion: surface?.reducesMotion ?? true, columns: surface?.columns ?? 80,
                rows: surface?.rows ?? 24),
            timeZone: configuration.timeZone, testSendsOnly: testSendsOnly,
            runInBackground: { [weak self, inFlight] work in
                inFlight.withLock { $0 += 1 }
                let owner = WeakMessaging(self)
                DispatchQueue.global().async {
                    work()
                    inFlight.withLock { $0 -= 1 }
                    owner.value?.perform { owner.value?.pumpRuntime() }
                }
            })
        let host = RuntimeHost(owner: self)
        runtime.host = host
        runtime.onLog = { [unowned self] line in decide(line) }
        runtime.onReport = { [unowned self] report in handle(report) }
        runtime.wake = { [weak self] in
            guard let self else { return }
            perform { [weak self] in self?.pumpRuntime() }
        }
        self.host = host
        self.runtime = runtime
        return runtime
    }

    /// After every input: mirror the state for other threads and book the next timer.
    private func afterInput() {
        let started = runtime?.presenter.isRunning ?? false
        let next = runtime?.nextDeadline()
        status.withLock {
            $0.started = started
            $0.nextTimer = next
        }
        timerTicket &+= 1
        guard let due = next else { return }
        let clock = configuration.clock
        let wait = max(0, due - clock.uptime)
        let delay = clock is InboxCore.SystemClock ? wait : min(wait, Self.virtualClockPoll)
        let ticket = timerTicket
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, timerTicket == ticket else { return }
            pumpRuntime()
        }
    }

    /// Network answers that arrived and timers that are due, then the next timer.
    private func pumpRuntime() {
        runtime?.pump()
        afterInput()
        finishIfIdle()
    }

    /// The stops' completions, once no network work is under way and its answers were taken.
    private func finishIfIdle() {
        guard !whenIdle.isEmpty, inFlight.withLock({ $0 == 0 }) else { return }
        runtime?.pump()
        let waiting = whenIdle
        whenIdle.removeAll()
        for completion in waiting { completion() }
    }

    /// The store's in-app tables: the runtime's connection, opened once (a reader of pictures
    /// before any start opens it too, and the runtime then uses the same).
    private func openedStore() throws -> InAppStore {
        if let store { return store }
        let opened = InAppStore(store: try Store(directory: configuration.dataDirectory))
        store = opened
        return opened
    }

    /// The store, or nil with no log line when it cannot be opened (a picture is then a miss).
    private func cache() -> InAppStore? { try? openedStore() }

    /// `body` on `queue`, waited for: at once when already there. On the main thread with the
    /// main queue as `queue` it runs at once too: no work of that queue can run meanwhile, and
    /// top-level code is not inside a block of it, so waiting there would never end.
    private func onQueue<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: queueKey) != nil { return body() }
        if queue === DispatchQueue.main, Thread.isMainThread { return body() }
        return queue.sync(execute: body)
    }

    /// A decision line: to the host's hook, and to stderr while `logging`.
    private func decide(_ line: String) {
        Self.log(line)
        onDecisionLog?(line)
    }

    static func log(_ line: String) {
        if logging { TinboxLog.write(line) }
    }

    private struct Status {
        var started = false
        var shown: InAppMessage?
        var nextTimer: Double?
    }

    private struct Unavailable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}

/// The engine's host protocol, kept off `InAppMessaging`'s public face.
private final class RuntimeHost: InAppHost {
    unowned let owner: InAppMessaging

    init(owner: InAppMessaging) { self.owner = owner }

    func shouldDisplay(_ campaign: Campaign) -> HostDecision { owner.shouldDisplay(campaign) }
    func present(_ presentation: Presentation) { owner.present(presentation) }
    func remove(messageId: String) { owner.remove(messageId: messageId) }
}

/// `InAppMessaging` held weakly by work that may outlive it.
private struct WeakMessaging: Sendable {
    weak var value: InAppMessaging?

    init(_ value: InAppMessaging?) { self.value = value }
}

/// The delegate held weakly.
private struct WeakMessagingDelegate {
    weak var value: InAppMessagingDelegate?
}

/// Answers with the seed's defaults when no delegate is set (or it was released).
private final class SeedDefaults: InAppMessagingDelegate {}
