import Foundation
import InboxCore

/// A campaign document as PROTOCOL 2.1's sync document, for `tinbox convert` (VENDORS.md §1):
/// keys in PROTOCOL.md's order, every field written (null where absent), so reading it back as
/// tinbox's format gives the same campaigns.
extension CampaignDocument {
    /// The document as a JSONWriter value. A campaign that never shows (B.19; its problem line says
    /// why) is left out: written as it was read, a Gameball campaign dropped for its `contentMode`
    /// or its `metadataLogicalOperator` (VENDORS.md §4) became an ordinary campaign that shows,
    /// since tinbox's format has neither field.
    public var syncDocument: JSONWriter.Value {
        .object([
            ("settings", settings.written), ("campaigns", .array(campaigns.filter(\.isUsable).map(\.written))),
        ])
    }
}

extension CampaignSettings {
    fileprivate var written: JSONWriter.Value {
        var fields: [(String, JSONWriter.Value)] = [("cooldownSeconds", .number(cooldownSeconds))]
        if let quietHours {
            fields.append(
                (
                    "quietHours",
                    .object([
                        ("start", .string(Self.clock(quietHours.startSeconds))),
                        ("end", .string(Self.clock(quietHours.endSeconds))),
                    ])
                ))
            if quietHours.clock == .utc { fields.append(("quietHoursClock", .string("utc"))) }
        }
        if let supportedLanguages {
            fields.append(("supportedLanguages", .array(supportedLanguages.map(JSONWriter.Value.string))))
        }
        return .object(fields)
    }

    /// `HH:mm`, or `HH:mm:ss` when the window has seconds (a Gameball window's); the end of the
    /// day (`24:00`), which the form cannot say, is written as `00:00` (the same window).
    private static func clock(_ seconds: Int) -> String {
        let inDay = seconds % 86_400
        let (hours, minutes, rest) = (inDay / 3600, inDay / 60 % 60, inDay % 60)
        if rest == 0 { return String(format: "%02d:%02d", hours, minutes) }
        return String(format: "%02d:%02d:%02d", hours, minutes, rest)
    }
}

extension Campaign {
    fileprivate var written: JSONWriter.Value {
        var fields: [(String, JSONWriter.Value)] = [("id", .string(id))]
        if let variationId { fields.append(("variationId", .string(variationId))) }
        if let name { fields.append(("name", .string(name))) }
        if let dispatchId { fields.append(("dispatchId", .string(dispatchId))) }
        fields += [
            ("priority", priority.map(JSONWriter.Value.number) ?? .null), ("test", .bool(isTest)),
            ("trigger", trigger.written), ("repeat", repeatRule.written),
            ("startsAt", .orNull(startsAt.map(UTCDate.format))), ("endsAt", .orNull(endsAt.map(UTCDate.format))),
            ("message", message?.written ?? .null),
        ]
        return .object(fields)
    }
}

extension CampaignTrigger {
    fileprivate var written: JSONWriter.Value {
        switch self {
        case .sessionStart: return .object([("type", .string("sessionStart"))])
        case .event(let name, let filters):
            return .object([
                ("type", .string("event")), ("event", .string(name)),
                (
                    "filters",
                    .array(
                        filters.map {
                            .object([
                                ("property", .string($0.property)), ("op", .string($0.op.name)),
                                ("value", $0.value.writerValue),
                            ])
                        })
                ),
            ])
        case .unsupported(let type): return .object([("type", .string(type))])
        }
    }
}

extension EventFilter.Operator {
    /// The PROTOCOL 2.1 `op`.
    var name: String {
        switch self {
        case .eq: return "eq"
        case .neq: return "neq"
        case .gt: return "gt"
        case .gte: return "gte"
        case .lt: return "lt"
        case .lte: return "lte"
        case .contains: return "contains"
        case .exists: return "exists"
        case .unsupported(let text): return text
        }
    }
}

extension RepeatRule {
    fileprivate var written: JSONWriter.Value {
        switch self {
        case .once: return .object([("type", .string("once"))])
        case .oncePerSession: return .object([("type", .string("oncePerSession"))])
        case .everyTime: return .object([("type", .string("everyTime"))])
        case .interval(let seconds): return .object([("type", .string("interval")), ("seconds", .number(seconds))])
        }
    }
}

extension InAppMessage {
    fileprivate var written: JSONWriter.Value {
        let type: String
        switch kind {
        case .slideup: type = "slideup"
        case .modal: type = "modal"
        case .fullscreen: type = "fullscreen"
        case .unsupported(let name): type = name
        }
        return .object([
            ("type", .string(type)), ("header", .orNull(header)), ("body", .orNull(body)),
            ("imageURL", .orNull(imageURL?.original)), ("iconURL", .orNull(iconURL?.original)),
            ("clickAction", clickAction?.written ?? .null),
            (
                "buttons",
                .array(
                    buttons.map { button in
                        var fields: [(String, JSONWriter.Value)] = [
                            ("id", .string(button.id)), ("text", .string(button.text)),
                            ("action", button.action.written),
                        ]
                        let style = Self.colours([
                            ("backgroundColor", button.backgroundColor), ("textColor", button.textColor),
                            ("borderColor", button.borderColor),
                        ])
                        if !style.isEmpty { fields.append(("style", .object(style))) }
                        return .object(fields)
                    })
            ),
            ("showCloseButton", .bool(showCloseButton)), ("dismissOnScrimTap", .bool(dismissOnScrimTap)),
            ("autoDismissAfter", autoDismissAfter.map(JSONWriter.Value.number) ?? .null),
            ("layout", .string(layout.rawValue)), ("orientation", .string(orientation.rawValue)),
            ("slidePosition", .string(slidePosition.rawValue)),
            ("extras", .object(extras.keys.sorted().map { ($0, .string(extras[$0]!)) })),
            (
                "style",
                .object(
                    Self.colours([
                        ("backgroundColor", style.backgroundColor), ("textColor", style.textColor),
                        ("headerColor", style.headerColor), ("closeButtonColor", style.closeButtonColor),
                        ("borderColor", style.borderColor), ("frameColor", style.frameColor),
                    ])
                        + [
                            ("headerAlignment", .orNull(style.headerAlignment?.rawValue)),
                            ("bodyAlignment", .orNull(style.bodyAlignment?.rawValue)),
                        ])
            ),
        ])
    }

    /// The colours that are set, as `#RRGGBB`.
    private static func colours(_ pairs: [(String, RGBColour?)]) -> [(String, JSONWriter.Value)] {
        pairs.compactMap { name, colour in
            colour.map { (name, .string($0.hexText)) }
        }
    }
}

extension InAppAction {
    fileprivate var written: JSONWriter.Value {
        switch self {
        case .dismiss: return .object([("type", .string("dismiss"))])
        case .openURL(let url, let external):
            return .object([("type", .string("openURL")), ("url", .string(url)), ("external", .bool(external))])
        case .navigate(let route, let arguments):
            return .object([
                ("type", .string("navigate")), ("route", .string(route)),
                ("arguments", JSONValue.object(arguments).writerValue),
            ])
        case .requestPushPermission: return .object([("type", .string("requestPushPermission"))])
        case .unsupported(let type): return .object([("type", .string(type))])
        }
    }
}
