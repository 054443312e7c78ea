import Foundation
import InboxCore
import TerminalUI
import TinboxKitCore

/// In-app messaging inside the reader (issue 6), as a host of TinboxKit: `InAppMessaging` with
/// the reader's own surface, through `InAppKitBridge`.
final class ReaderMessaging: ReaderInAppDriver {
    private let bridge: InAppKitBridge
    private var messaging: InAppMessaging { bridge.messaging }
    private let actions: ReaderActions
    private var customer: String?
    private let grammar: ConsoleGrammar

    init(setup: ReaderSetup) {
        let app = setup.context
        actions = setup.actions
        grammar = setup.console
        customer = app.customer
        bridge = InAppKitBridge(setup: setup) { queue, surface in
            let messaging = InAppMessaging(configuration: app.configuration(callbackQueue: queue), surface: surface)
            messaging.onDecisionLog = { line in surface.decided(line) }
            return messaging
        }
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
        bridge.surface.userIsBusy = userIsBusy
        switch request {
        case .presented: return kit { $0.presented() }
        case .tap(let buttonId): return kit { $0.tap(buttonId: buttonId) }
        case .close: return kit { $0.close() }
        case .clickOutside: return kit { $0.clickOutside() }
        case .command(let line): return console(line)
        case .resize(let size): return bridge.resize(size)
        case .background: return kit { $0.enterBackground() }
        case .foreground: return kit { $0.enterForeground() }
        case .preview: return []
        case .newMessages(let count):
            actions.notifier.announce(newMessages: count)
            return []
        case .notifications(let allowed): return actions.answer(allowed: allowed)
        }
    }

    /// The kit's timers that are due and its network answers.
    func pump(userIsBusy: Bool) -> [ReaderEvent] {
        bridge.pump(userIsBusy: userIsBusy)
    }

    func millisecondsUntilDue() -> Int? {
        bridge.millisecondsUntilDue()
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
                // A running session syncs again in it, still the same session (B.2); one that is
                // not running starts now. The status line says so: it said nothing.
                return restart { $0.setLanguage(code) }
                    + [.notice("Language \(TerminalText.sanitize(code)): campaigns asked for in it")]
            case "session":
                guard rest.isEmpty else { throw UsageError("usage: :session") }
                return restart { $0.stopInAppMessaging() }
            default:
                let known = ["event", "purchase", "customer", "lang", "session"]
                let near = Suggestion.nearest(to: verb, in: known).map { ". Did you mean :\($0)?" } ?? ""
                return [.notice("Unknown command :\(TerminalText.sanitize(verb))\(near)")]
            }
        } catch {
            return bridge.takeCalls() + [.notice(TerminalText.sanitize("\(error)"))]
        }
    }

    /// The kit queues the event durably, offers it to the campaigns and sends it in the
    /// background; a send that fails leaves it queued, and the decision log says so.
    private func send(event name: String, properties: [String: JSONValue]) throws -> [ReaderEvent] {
        guard customer != nil else { throw UsageError("no customer: start messaging with :customer ID") }
        let event = TerminalText.sanitize(name)
        let surface = bridge.surface
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

    /// `body` on the kit's queue; then what it asked of the reader.
    private func kit(_ body: (InAppMessaging) -> Void) -> [ReaderEvent] {
        bridge.call(body)
    }
}
