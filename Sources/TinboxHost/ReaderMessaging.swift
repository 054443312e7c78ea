import Foundation
import InAppEngine
import InboxCore
import TerminalUI
import TinboxKitCore

/// In-app messaging inside the reader (issue 6), as a host of TinboxKit: `InAppMessaging` with
/// the reader's own surface (`ReaderSurface`). The kit runs on a queue of its own; each call the
/// reader makes waits there (`kitQueue.sync`), so what it leads to is in the surface's calls when
/// the call returns. Timers and network answers call the surface later, which wakes the reader.
final class ReaderMessaging: ReaderInAppDriver {
    private let app: AppContext
    private let messaging: InAppMessaging
    private let surface: ReaderSurface
    /// The kit's `callbackQueue`: never the reader's thread, which sleeps in curses' input wait.
    private let kitQueue = DispatchQueue(label: "tinbox.reader.in-app")
    private let artwork: OverlayArtwork
    /// The terminal's size, for the pictures' room.
    private var size: Size
    /// The message on screen, to draw its pictures again after a resize.
    private var shown: Presentation?
    private let actions: ReaderActions
    private var customer: String?
    private let grammar: ConsoleGrammar

    init(setup: ReaderSetup) {
        let app = setup.context
        self.app = app
        actions = setup.actions
        grammar = setup.console
        size = setup.size
        customer = app.customer
        // The screen is curses': the decision lines go to the reader's log (`L`), not to stderr.
        InAppMessaging.logging = false
        let surface = ReaderSurface(size: setup.size, reduceMotion: setup.reduceMotion, wake: setup.wake)
        self.surface = surface
        let messaging = InAppMessaging(configuration: app.configuration(callbackQueue: kitQueue), surface: surface)
        messaging.inAppMessagingDelegate = surface
        messaging.onDecisionLog = { line in surface.decided(line) }
        self.messaging = messaging
        artwork = setup.overlayArtwork { reference in reference.url.flatMap(messaging.pictureData(at:)) }
    }

    /// Starts messaging for the configured customer; without one, says how to name one.
    func start() -> [ReaderEvent] {
        guard let customer else {
            return [.inApp(.log(["[tinbox-iam] messaging not started: no customer (:customer ID, or --customer)"]))]
        }
        return kit { $0.startInAppMessaging(customerId: customer) }
    }

    // MARK: ReaderInAppDriver

    func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        surface.userIsBusy = userIsBusy
        switch request {
        case .presented: return kit { $0.presented() }
        case .tap(let buttonId): return kit { $0.tap(buttonId: buttonId) }
        case .close: return kit { $0.close() }
        case .clickOutside: return kit { $0.clickOutside() }
        case .command(let line): return console(line)
        case .resize(let size):
            self.size = size
            surface.size = size
            var events = takeCalls()
            if let shown { events.append(.inApp(.redraw(artwork.shown(shown, at: app.clock.now, size: size)))) }
            return events + kit { $0.resize(columns: size.columns, rows: size.rows) }
        case .background: return kit { $0.enterBackground() }
        case .foreground: return kit { $0.enterForeground() }
        case .preview: return []
        case .newMessages(let count):
            actions.notifier.announce(newMessages: count)
            return []
        case .notifications(let allowed): return actions.answer(allowed: allowed)
        }
    }

    /// What the kit asked for since the last look: its timers and network answers run on its queue.
    func pump(userIsBusy: Bool) -> [ReaderEvent] {
        surface.userIsBusy = userIsBusy
        return takeCalls()
    }

    /// The kit's timers are its own; the reader hears them through the surface's wake. A terminal
    /// that cannot be woken is looked at every 20 ms while messaging runs.
    func millisecondsUntilDue() -> Int? {
        surface.wakesReader || !messaging.isInAppMessagingStarted ? nil : 20
    }

    /// Stopping sends what waits (B.15). Quitting waits for that send as long as the inbox's
    /// queues may take; what does not go in time stays queued for the next run.
    func stop() {
        let stopped = DispatchSemaphore(value: 0)
        messaging.stopInAppMessaging { stopped.signal() }
        _ = stopped.wait(timeout: .now() + ReaderInboxSource.quitFlushSeconds)
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
                return try send(event: name, properties: properties)
            case "purchase":
                return try send(event: InAppEventWords.purchaseEvent, properties: try grammar.purchase(rest))
            case "customer":
                guard rest.count == 1 else { throw UsageError("usage: :customer ID") }
                customer = rest[0]
                return kit { $0.startInAppMessaging(customerId: rest[0]) }
            case "lang":
                guard rest.count == 1 else { throw UsageError("usage: :lang CODE") }
                let code = rest[0]
                // A running session starts again in it; one that is not running starts now.
                return restart { $0.setLanguage(code) }
            case "session":
                guard rest.isEmpty else { throw UsageError("usage: :session") }
                return restart { $0.stopInAppMessaging() }
            default:
                let known = ["event", "purchase", "customer", "lang", "session"]
                let near = Suggestion.nearest(to: verb, in: known).map { ". Did you mean :\($0)?" } ?? ""
                return [.notice("Unknown command :\(TerminalText.sanitize(verb))\(near)")]
            }
        } catch {
            return takeCalls() + [.notice(TerminalText.sanitize("\(error)"))]
        }
    }

    /// The kit queues the event durably, offers it to the campaigns and sends it in the
    /// background; a send that fails leaves it queued, and the decision log says so.
    private func send(event name: String, properties: [String: JSONValue]) throws -> [ReaderEvent] {
        guard customer != nil else { throw UsageError("no customer: start messaging with :customer ID") }
        let event = TerminalText.sanitize(name)
        let surface = surface
        var started = false
        let events = kit { messaging in
            // Not started, the kit queues nothing and its decision line says the event was ignored.
            let running = messaging.isInAppMessagingStarted
            started = running
            messaging.sendEvent(name, properties: properties) { sent, reason in
                guard running, !sent, let reason else { return }
                surface.post(
                    .log(
                        TerminalText.sanitize(
                            "[tinbox-iam] event \(event) is queued but was not sent: \(reason) "
                                + "(it goes out with the next one)")))
            }
        }
        return started ? events + [.notice("Sent \(event)")] : events
    }

    /// `change` (a new language, a stop), then a new session for the customer (and a new sync).
    private func restart(_ change: (InAppMessaging) -> Void) -> [ReaderEvent] {
        guard let customer else {
            return kit(change) + [.notice("No customer: start messaging with :customer ID")]
        }
        return kit { messaging in
            change(messaging)
            if !messaging.isInAppMessagingStarted { messaging.startInAppMessaging(customerId: customer) }
        }
    }

    // MARK: the kit's calls

    /// `body` on the kit's queue, waited for; then what it asked of the reader.
    private func kit(_ body: (InAppMessaging) -> Void) -> [ReaderEvent] {
        kitQueue.sync { body(messaging) }
        return takeCalls()
    }

    private func takeCalls() -> [ReaderEvent] {
        surface.take().flatMap(events)
    }

    private func events(_ call: ReaderSurface.Call) -> [ReaderEvent] {
        switch call {
        case .present(let kitPresentation):
            let presentation = Presentation(kit: kitPresentation)
            shown = presentation
            return [.inApp(.present(artwork.shown(presentation, at: app.clock.now, size: size)))]
        case .remove(let messageId):
            if shown?.messageId == messageId { shown = nil }
            return [.inApp(.remove(messageId: messageId))]
        case .log(let line): return [.inApp(.log([line]))]
        case .notice(let text): return [.notice(text)]
        case .perform(let action, let messageId): return actions.run(action, of: messageId)
        case .navigate(let route): return [.inApp(.navigate(route))]
        }
    }
}
