import Foundation
import InAppEngine
import InboxCore

/// The host's answer to `shouldDisplay` (BEHAVIOR B.5).
public enum DisplayDecision: Sendable {
    /// Display it now.
    case show
    /// Not now: it waits on the deferred stack and is retried (`hostLater`).
    case later
    /// Drop it for this occurrence, without counting it as shown.
    case discard

    var engineDecision: HostDecision {
        switch self {
        case .show: return .show
        case .later: return .later
        case .discard: return .discard
        }
    }
}

/// What a tap on a button or on a message's surface asks for (PROTOCOL 2.1 actions).
public enum ClickAction: Sendable, Equatable {
    /// Close the message.
    case dismiss
    /// Open a link; `external` asks for the system browser.
    case openURL(url: URL, external: Bool)
    /// Go to a place in the host; arguments are nil when the campaign gives none.
    case navigate(route: String, arguments: [String: JSONValue]?)
    /// Ask for notification permission; closes the message.
    case requestPushPermission
    /// An action type this version does not know, as written; the message stays open. An
    /// `openURL` whose text is not a URL also lands here, as `openURL`.
    case unsupported(type: String)

    init(_ action: InAppAction) {
        switch action {
        case .dismiss: self = .dismiss
        case .openURL(let text, let external):
            if let url = URL(string: text) {
                self = .openURL(url: url, external: external)
            } else {
                self = .unsupported(type: "openURL")
            }
        case .navigate(let route, let arguments):
            self = .navigate(route: route, arguments: arguments.isEmpty ? nil : arguments)
        case .requestPushPermission: self = .requestPushPermission
        case .unsupported(let type): self = .unsupported(type: type)
        }
    }
}

/// Why `InAppMessaging` refused a call.
public enum InAppMessagingError: Error, Equatable {
    /// PROTOCOL 2.3: an empty customer id is refused and nothing is sent.
    case emptyCustomerId
}

/// What the program using `InAppMessaging` decides (the Gameball delegate). Called on the
/// configuration's `callbackQueue`; every method has the seed's default (see the extension).
public protocol InAppMessagingDelegate: AnyObject {
    /// Asked before a message is displayed; sees the raw placeholders (B.12).
    func shouldDisplay(_ message: InAppMessage) -> DisplayDecision
    /// A tap's action, before TinboxKit runs it; true means the host handled it (B.11). Sees the
    /// personalized text.
    func didHandleAction(_ message: InAppMessage, button: MessageButton?, action: ClickAction) -> Bool
    /// Once per trigger, for its winner, before anything else happens to it (B.3); raw placeholders.
    func didSelectMessage(_ message: InAppMessage)
    /// A `navigate` action the host did not handle in `didHandleAction`.
    func shouldNavigate(route: String, arguments: [String: JSONValue]?)
    /// The message shown was taken down, and why (B.10, B.11); personalized text.
    func didDismissMessage(_ message: InAppMessage, reason: InAppDismissReason)
    /// `startInAppMessaging` (or `setLanguage`'s restart) did not start messaging, and why; the
    /// decision log says it too.
    func didFailToStartMessaging(reason: String)
}

/// Why a message was taken down.
public enum InAppDismissReason: String, Sendable {
    /// The close glyph or key.
    case close
    /// A click outside a modal that allows it.
    case scrim
    /// Its visible time ran out (B.10).
    case timer
    /// A tap whose action closes it.
    case action
    /// Another message took its place (a switch of customer, a test send).
    case switched
    /// Messaging stopped.
    case stopped

    init(_ reason: DismissReason) {
        switch reason {
        case .close: self = .close
        case .scrim: self = .scrim
        case .timer: self = .timer
        case .action: self = .action
        case .switch: self = .switched
        case .stop: self = .stopped
        }
    }
}

extension InAppMessagingDelegate {
    /// The seed's default: show it.
    public func shouldDisplay(_ message: InAppMessage) -> DisplayDecision { .show }
    /// The seed's default: not handled, so TinboxKit runs the action.
    public func didHandleAction(_ message: InAppMessage, button: MessageButton?, action: ClickAction) -> Bool {
        false
    }
    /// The seed's default: nothing.
    public func didSelectMessage(_ message: InAppMessage) {}
    /// The seed's default: nothing.
    public func shouldNavigate(route: String, arguments: [String: JSONValue]?) {}
    /// By default nothing.
    public func didDismissMessage(_ message: InAppMessage, reason: InAppDismissReason) {}
    /// By default nothing: the decision log has the reason.
    public func didFailToStartMessaging(reason: String) {}
}
