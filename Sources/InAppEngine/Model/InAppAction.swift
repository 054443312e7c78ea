import InboxCore

/// What a tap on a button or on the message surface does (PROTOCOL 2.1 action `type`).
public enum InAppAction: Sendable, Equatable {
    case dismiss
    case openURL(url: String, external: Bool)
    case navigate(route: String, arguments: [String: JSONValue])
    case requestPushPermission
    /// An action type this version does not know, with the type as written. It runs as a no-op
    /// and leaves the message open (BEHAVIOR B.11).
    case unsupported(type: String)

    /// The wire name of the action, as reported in the `action` output line.
    public var typeName: String {
        switch self {
        case .dismiss: return "dismiss"
        case .openURL: return "openURL"
        case .navigate: return "navigate"
        case .requestPushPermission: return "requestPushPermission"
        case .unsupported: return "unsupported"
        }
    }

    /// `dismiss` and `requestPushPermission` close the message; the others leave it open (B.11).
    public var closesMessage: Bool {
        switch self {
        case .dismiss, .requestPushPermission: return true
        case .openURL, .navigate, .unsupported: return false
        }
    }

    /// Decodes an action object; `nil` when it is missing or unusable (e.g. `openURL` without a url).
    static func decode(_ json: JSONValue?) -> InAppAction? {
        guard let type = json?["type"]?.stringValue else { return nil }
        switch type {
        case "dismiss":
            return .dismiss
        case "openURL":
            guard let url = json?["url"]?.stringValue, !url.isEmpty else { return nil }
            return .openURL(url: url, external: json?["external"]?.boolValue ?? false)
        case "navigate":
            guard let route = json?["route"]?.stringValue, !route.isEmpty else { return nil }
            return .navigate(route: route, arguments: json?["arguments"]?.objectValue ?? [:])
        case "requestPushPermission":
            return .requestPushPermission
        default:
            return .unsupported(type: type)
        }
    }
}
