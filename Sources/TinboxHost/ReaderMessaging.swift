import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import Synchronization
import TerminalUI

/// In-app messaging inside the reader (issue 6): the engine's runtime, with the reader as its
/// host. Everything runs on the reader's thread; network answers wait in the runtime's mailbox
/// until `pump`.
final class ReaderMessaging: ReaderInAppDriver, InAppHost {
    private let app: AppContext
    private let runtime: InAppRuntime
    private let artwork: OverlayArtwork
    /// The terminal's size, for the pictures' room.
    private var size: Size
    /// The message on screen, to draw its pictures again after a resize.
    private var shown: Presentation?
    private let actions: ReaderActions
    private var customer: String?
    private var language: String
    /// Events for the reader, gathered while the runtime runs an input.
    private var outbox: [ReaderEvent] = []
    private var userIsBusy = false
    /// Network work under way: the reader then wakes often to take the answers.
    private let inFlight = WorkCounter()
    /// Decision-log lines from work off the reader's thread (a customer event that was not sent).
    private let lateLines = LineMailbox()

    private let campaigns: CampaignSource
    private let grammar: ConsoleGrammar

    init(setup: ReaderSetup, campaigns: CampaignSource) throws {
        let app = setup.context
        let size = setup.size
        let reduceMotion = setup.reduceMotion
        self.app = app
        actions = setup.actions
        grammar = setup.console
        let store = try app.inAppStore()
        self.campaigns = campaigns
        let client = InAppClient(source: campaigns)
        artwork = setup.overlayArtwork { reference in
            // An unreadable cache entry is a miss: the picture falls back as if never fetched.
            if let cached = try? store.artwork(url: reference.key) { return cached }
            // Only a local file is read here; remote pictures come from the prefetch's cache.
            guard case .local = reference.kind, case .success(let data) = client.artwork(reference) else {
                return nil
            }
            return data
        }
        self.size = size
        customer = app.customer
        language = app.language
        let inFlight = inFlight
        runtime = InAppRuntime(
            client: client, store: store, clock: app.clock,
            configuration: InAppPresenter.Configuration(
                language: app.language, reduceMotion: reduceMotion, columns: size.columns, rows: size.rows),
            runInBackground: { work in inFlight.run(work) })
        runtime.host = self
        runtime.onLog = { [unowned self] line in outbox.append(.inApp(.log([TerminalText.sanitize(line)]))) }
        runtime.onReport = { [unowned self] report in self.report(report) }
    }

    /// Starts messaging for the configured customer; without one, says how to name one.
    func start() -> [ReaderEvent] {
        guard let customer else {
            return [.inApp(.log(["[tinbox-iam] messaging not started: no customer (:customer ID, or --customer)"]))]
        }
        return begin(customer: customer, language: language)
    }

    // MARK: ReaderInAppDriver

    func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        self.userIsBusy = userIsBusy
        switch request {
        case .presented: runtime.presented()
        case .tap(let buttonId): runtime.tap(buttonId: buttonId)
        case .close: runtime.close()
        case .clickOutside: runtime.clickOutside()
        case .command(let line): return console(line)
        case .resize(let size):
            self.size = size
            if let shown { outbox.append(.inApp(.redraw(artwork.shown(shown, at: app.clock.now, size: size)))) }
            runtime.resize(columns: size.columns, rows: size.rows)
        case .background: runtime.background()
        case .foreground: runtime.foreground()
        case .preview: break
        case .newMessages(let count): actions.notifier.announce(newMessages: count)
        case .notifications(let allowed): outbox += actions.answer(allowed: allowed)
        }
        return takeOutbox()
    }

    func pump(userIsBusy: Bool) -> [ReaderEvent] {
        self.userIsBusy = userIsBusy
        let late = lateLines.take()
        if !late.isEmpty { outbox.append(.inApp(.log(late))) }
        runtime.pump()
        return takeOutbox()
    }

    func millisecondsUntilDue() -> Int? {
        let network = inFlight.isBusy ? 20 : nil
        guard let due = runtime.nextDeadline() else { return network }
        let timer = max(0, Int(((due - app.clock.uptime) * 1000).rounded(.up)))
        return min(timer, network ?? timer)
    }

    /// Stopping sends what waits (B.15). Quitting waits for that send as long as the inbox's
    /// queues may take, then takes its answer, so acknowledged events leave the outbox; what
    /// does not go in time stays there for the next run.
    func stop() {
        runtime.stop()
        inFlight.waitUntilIdle(timeout: ReaderInboxSource.quitFlushSeconds)
        runtime.pump()
    }

    // MARK: InAppHost

    /// Issue 6, point 2: `later` while the user types or answers a question.
    /// A message whose smallest layout does not fit waits too (the engine already holds every
    /// message below 40x10 with `noRoom`).
    func shouldDisplay(_ campaign: Campaign) -> HostDecision {
        if userIsBusy { return .later }
        let sample = Presentation(campaign, values: [:], language: language)
        return OverlayView.fits(sample, in: size) ? .show : .later
    }

    func present(_ presentation: Presentation) {
        shown = presentation
        outbox.append(.inApp(.present(artwork.shown(presentation, at: app.clock.now, size: size))))
    }

    func remove(messageId: String) {
        if shown?.messageId == messageId { shown = nil }
        outbox.append(.inApp(.remove(messageId: messageId)))
    }

    // MARK: actions

    /// B.11 in a terminal (issue 6, point 4).
    private func report(_ report: PresenterReport) {
        switch report {
        case .selected(let id):
            outbox.append(.inApp(.log(["[tinbox-iam] host: didSelect campaign \(TerminalText.sanitize(id))"])))
        case .action(let id, let action):
            outbox += actions.run(action, of: id)
        default:
            break
        }
    }

    // MARK: console

    /// Issue 6, point 6: `:event NAME k=v…`, `:purchase …`, `:customer ID`, `:lang CODE`, `:session`.
    private func console(_ line: String) -> [ReaderEvent] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first else { return [] }
        let rest = Array(words.dropFirst())
        do {
            switch verb {
            case "event":
                let (name, properties) = try grammar.event(rest)
                try send(event: name, properties: properties)
            case "purchase":
                try send(
                    event: HeadlessEvaluation.purchaseEvent, properties: try grammar.purchase(rest))
            case "customer":
                guard rest.count == 1 else { throw UsageError("usage: :customer ID") }
                customer = rest[0]
                return begin(customer: rest[0], language: language)
            case "lang":
                guard rest.count == 1 else { throw UsageError("usage: :lang CODE") }
                language = rest[0]
                return restart()
            case "session":
                guard rest.isEmpty else { throw UsageError("usage: :session") }
                return restart()
            default:
                let known = ["event", "purchase", "customer", "lang", "session"]
                let near = Suggestion.nearest(to: verb, in: known).map { ". Did you mean :\($0)?" } ?? ""
                return [.notice("Unknown command :\(TerminalText.sanitize(verb))\(near)")]
            }
        } catch {
            return takeOutbox() + [.notice(TerminalText.sanitize("\(error)"))]
        }
        return takeOutbox()
    }

    /// The event goes to the durable queue first, then to the engine; it is sent in the background.
    private func send(event name: String, properties: [String: JSONValue]) throws {
        guard let customer else { throw UsageError("no customer: start messaging with :customer ID") }
        let queue = CustomerEventQueue(app: app, customer: customer)
        try queue.enqueue(name: name, properties: properties)
        let directory = app.dataDirectory
        let source = campaigns
        // The event is already in the durable queue; a failed flush leaves it there for the next
        // one, and the decision log says so.
        let lateLines = lateLines
        let event = TerminalText.sanitize(name)
        inFlight.run {
            let problem: String?
            do {
                if case .failed(let reason) = try CustomerEventQueue.flush(directory: directory, campaigns: source) {
                    problem = reason
                } else {
                    problem = nil
                }
            } catch {
                problem = "\(error)"
            }
            guard let problem else { return }
            let line =
                "[tinbox-iam] event \(event) is queued but was not sent: \(problem) (it goes out with the next one)"
            lateLines.post(TerminalText.sanitize(line))
        }
        runtime.event(name, properties: properties)
        outbox.append(.notice("Sent \(TerminalText.sanitize(name))"))
    }

    private func begin(customer: String, language: String) -> [ReaderEvent] {
        do {
            try runtime.start(customer: customer, language: language)
        } catch {
            return [.notice(TerminalText.sanitize("in-app messaging did not start: \(error)"))]
        }
        return takeOutbox()
    }

    /// A new session (and a new sync, in the language now chosen).
    private func restart() -> [ReaderEvent] {
        guard let customer else { return [.notice("No customer: start messaging with :customer ID")] }
        runtime.stop()
        return takeOutbox() + begin(customer: customer, language: language)
    }

    private func takeOutbox() -> [ReaderEvent] {
        defer { outbox.removeAll() }
        return outbox
    }
}

/// Lines posted from other threads, taken on the reader's.
final class LineMailbox: Sendable {
    private let lines = Mutex<[String]>([])

    func post(_ line: String) { lines.withLock { $0.append(line) } }

    func take() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}

/// Work running off the reader's thread; while any runs, the reader wakes often for its answer.
final class WorkCounter: Sendable {
    private let count = Mutex(0)

    var isBusy: Bool { count.withLock { $0 > 0 } }

    /// Waits until no work is under way, or `timeout` seconds have passed.
    func waitUntilIdle(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while isBusy, Date() < deadline { usleep(5_000) }
    }

    func run(_ work: @escaping @Sendable () -> Void) {
        count.withLock { $0 += 1 }
        DispatchQueue.global().async {
            work()
            self.count.withLock { $0 -= 1 }
        }
    }
}
