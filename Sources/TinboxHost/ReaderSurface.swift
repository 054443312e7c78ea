import Foundation
import InboxCore
import Synchronization
import TerminalUI
import TinboxKitCore

/// The reader as TinboxKit's in-app surface and delegate. The kit calls it on its own queue;
/// ncurses belongs to the reader's thread, so each call is kept here, in order, and the reader's
/// input wait is woken (`InputWake`) to take them at once: a slide-up's auto-dismissal lands on
/// the second the kit's timer fires, not at the reader's next timed wake.
final class ReaderSurface: InAppSurface, InAppMessagingDelegate, Sendable {
    /// What the kit asked of the reader, for its thread.
    enum Call: Sendable {
        case present(InAppPresentation)
        case remove(messageId: String)
        /// A `[tinbox-iam]` decision-log line, sanitized.
        case log(String)
        /// A notice on the status line.
        case notice(String)
        /// An action only the terminal can carry out (a link, the notifications question).
        case perform(ClickAction, messageId: String)
        case navigate(String)
        /// A tap's action, before the kit runs it (`button` nil: the message's surface).
        case tapped(ClickAction, messageId: String, button: String?)
        /// The message was taken down, and why.
        case dismissed(messageId: String, reason: InAppDismissReason)
    }

    private struct State {
        var size: Size
        var userIsBusy = false
        var calls: [Call] = []
    }

    private let state: Mutex<State>
    private let wake: InputWake?
    let reducesMotion: Bool

    init(size: Size, reduceMotion: Bool, wake: InputWake?) {
        state = Mutex(State(size: size))
        reducesMotion = reduceMotion
        self.wake = wake
    }

    /// The terminal's size, for the room rules and `fits`.
    var size: Size {
        get { state.withLock { $0.size } }
        set { state.withLock { $0.size = newValue } }
    }

    /// Issue 6, point 2: messages wait (`later`) while the user types or answers a question.
    var userIsBusy: Bool {
        get { state.withLock { $0.userIsBusy } }
        set { state.withLock { $0.userIsBusy = newValue } }
    }

    /// Every call since the last take, oldest first.
    func take() -> [Call] {
        state.withLock { state in
            defer { state.calls.removeAll() }
            return state.calls
        }
    }

    func post(_ call: Call) {
        state.withLock { $0.calls.append(call) }
        wake?.wake()
    }

    /// A line of the kit's decision log, for the reader's log pane.
    func decided(_ line: String) {
        post(.log(TerminalText.sanitize(line)))
    }

    // MARK: InAppSurface

    var columns: Int { size.columns }
    var rows: Int { size.rows }

    /// A message whose smallest layout does not fit waits (the engine already holds every message
    /// below 40x10 with `noRoom`).
    func fits(_ presentation: InAppPresentation) -> Bool {
        OverlayView.fits(presentation, in: size)
    }

    func present(_ presentation: InAppPresentation) { post(.present(presentation)) }

    func remove(messageId: String) { post(.remove(messageId: messageId)) }

    func perform(_ action: ClickAction, for message: InAppMessage) {
        post(.perform(action, messageId: message.id))
    }

    // MARK: InAppMessagingDelegate

    func shouldDisplay(_ message: InAppMessage) -> DisplayDecision {
        userIsBusy ? .later : .show
    }

    /// B.11 in a terminal (issue 6, point 4): the selection is a decision-log line.
    func didSelectMessage(_ message: InAppMessage) {
        post(.log("[tinbox-iam] host: didSelect campaign \(TerminalText.sanitize(message.id))"))
    }

    /// A `message/<id>` route with a `producer` argument names that producer's message: the
    /// demo's welcome note has an id both its producers use, and "Read the welcome note" found none.
    func shouldNavigate(route: String, arguments: [String: JSONValue]?) {
        if case .message(let id)? = ReaderRoute(route), !id.contains("/"),
            let producer = arguments?["producer"]?.stringValue, ProducerKind(rawValue: producer) != nil
        {
            return post(.navigate("message/\(producer)/\(id)"))
        }
        post(.navigate(route))
    }

    /// Never handled here: the kit runs the action, and the surface carries out what only a
    /// terminal can (`perform`).
    func didHandleAction(_ message: InAppMessage, button: MessageButton?, action: ClickAction) -> Bool {
        post(.tapped(action, messageId: message.id, button: button?.id))
        return false
    }

    func didDismissMessage(_ message: InAppMessage, reason: InAppDismissReason) {
        post(.dismissed(messageId: message.id, reason: reason))
    }

    /// A start that failed is said on the status line too, as the reader said it before the kit.
    func didFailToStartMessaging(reason: String) {
        post(.notice(TerminalText.sanitize("in-app messaging did not start: \(reason)")))
    }
}
