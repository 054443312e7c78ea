import Foundation
import InboxCore

/// Turns sync-document JSON into campaigns, collecting problems instead of failing (B.19).
struct CampaignDecoder {
    let documentBase: URL?
    private(set) var problems: [String] = []

    init(documentBase: URL?) {
        self.documentBase = documentBase
    }

    mutating func problem(_ text: String) {
        problems.append(text)
    }

    mutating func settings(_ json: JSONValue?) -> CampaignSettings {
        var settings = CampaignSettings()
        guard let json, json != .null else { return settings }
        if let value = json["cooldownSeconds"], value != .null {
            if let duration = CampaignSettings.duration(value.numberValue) {
                settings.cooldownSeconds = duration.seconds
                if duration.cut { problem("settings.cooldownSeconds: over ten years; ten years is used") }
            } else {
                problem("settings.cooldownSeconds: not a number >= 0; using 30")
            }
        }
        if let quiet = json["quietHours"], quiet != .null {
            // `HH:mm`, or `HH:mm:ss` as Gameball's windows have them: `convert` wrote a Gameball
            // window's seconds away (12:00:30 as 12:00), and the converted file judged differently.
            let inDay = { (text: String) in QuietHours.seconds(text).flatMap { $0 < 86_400 ? $0 : nil } }
            if let start = quiet["start"]?.stringValue.flatMap(inDay),
                let end = quiet["end"]?.stringValue.flatMap(inDay)
            {
                let clock = json["quietHoursClock"]?.stringValue.flatMap(QuietHours.Clock.init) ?? .local
                settings.quietHours = QuietHours(startSeconds: start, endSeconds: end, clock: clock)
            } else {
                problem("settings.quietHours: start and end must be HH:mm or HH:mm:ss; no quiet hours are used")
            }
        }
        if let languages = json["supportedLanguages"]?.arrayValue {
            settings.supportedLanguages = languages.compactMap(\.stringValue)
        }
        return settings
    }

    mutating func campaign(_ json: JSONValue, index: Int) -> Campaign {
        let rawId = json["id"]?.stringValue ?? ""
        let variation = json["variationId"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let name = rawId.isEmpty ? "#\(index + 1)" : (variation.map { "\(rawId)/\($0)" } ?? rawId)
        var failures: [String] = []
        let unusable = { (field: String, why: String) in
            failures.append("campaign \(name): \(field) \(why); it never shows")
        }
        if rawId.isEmpty { unusable("id", "is missing") }

        let trigger = self.trigger(json["trigger"], campaign: name, unusable: unusable)
        let message = self.message(json["message"], campaign: name, unusable: unusable)
        let repeatRule = self.repeatRule(json["repeat"], campaign: name)
        let startsAt = date(json["startsAt"], field: "startsAt", unusable: unusable)
        let endsAt = date(json["endsAt"], field: "endsAt", unusable: unusable)
        problems.append(contentsOf: failures)
        return Campaign(
            id: rawId.isEmpty ? name : rawId, variationId: variation, priority: json["priority"]?.numberValue,
            isTest: json["test"]?.boolValue ?? false, trigger: trigger, repeatRule: repeatRule,
            startsAt: startsAt, endsAt: endsAt, message: message, documentIndex: index, isUsable: failures.isEmpty,
            name: json["name"]?.stringValue, dispatchId: json["dispatchId"]?.stringValue)
    }

    private func date(_ json: JSONValue?, field: String, unusable: (String, String) -> Void) -> Date? {
        guard let json, json != .null else { return nil }
        guard let text = json.stringValue, let date = UTCDate.parse(text) else {
            unusable(field, "is not a yyyy-MM-dd'T'HH:mm:ss.SSS'Z' instant")
            return nil
        }
        return date
    }

    private mutating func trigger(
        _ json: JSONValue?, campaign name: String, unusable: (String, String) -> Void
    ) -> CampaignTrigger {
        guard let type = json?["type"]?.stringValue else {
            unusable("trigger.type", "is missing")
            return .unsupported("")
        }
        switch type {
        case "sessionStart":
            return .sessionStart
        case "event":
            guard let event = json?["event"]?.stringValue, !event.isEmpty else {
                unusable("trigger.event", "is missing")
                return .unsupported(type)
            }
            var filters: [EventFilter] = []
            for (position, item) in (json?["filters"]?.arrayValue ?? []).enumerated() {
                let field = "trigger.filters[\(position)]"
                guard let property = item["property"]?.stringValue, let opName = item["op"]?.stringValue else {
                    unusable(field, "needs a property and an op")
                    continue
                }
                let op = EventFilter.Operator(opName)
                let value = item["value"] ?? .null
                if case .unsupported = op {
                    unusable("\(field).op", "\"\(opName)\" is unknown")
                } else if op != .exists, value == .null {
                    unusable("\(field).value", "is missing")
                }
                filters.append(EventFilter(property: property, op: op, value: value))
            }
            return .event(name: event, filters: filters)
        default:
            unusable("trigger.type", "\"\(type)\" is unknown")
            return .unsupported(type)
        }
    }

    private mutating func repeatRule(_ json: JSONValue?, campaign name: String) -> RepeatRule {
        guard let json, json != .null else { return .once }
        switch json["type"]?.stringValue {
        case nil, "once": return .once
        case "oncePerSession": return .oncePerSession
        case "everyTime": return .everyTime
        case "interval":
            if let duration = CampaignSettings.duration(json["seconds"]?.numberValue) {
                if duration.cut { problem("campaign \(name): repeat.seconds is over ten years; ten years is used") }
                return .interval(seconds: duration.seconds)
            }
            problem("campaign \(name): repeat.seconds is missing or negative; it repeats once")
            return .once
        case let other?:
            problem("campaign \(name): repeat.type \"\(other)\" is unknown; it repeats once")
            return .once
        }
    }

    private mutating func message(
        _ json: JSONValue?, campaign name: String, unusable: (String, String) -> Void
    ) -> InAppMessage? {
        guard let json, json.objectValue != nil else {
            unusable("message", "is missing")
            return nil
        }
        guard let typeName = json["type"]?.stringValue else {
            unusable("message.type", "is missing")
            return nil
        }
        let kind: InAppMessage.Kind
        switch typeName {
        case "slideup": kind = .slideup
        case "modal": kind = .modal
        case "fullscreen": kind = .fullscreen
        default: kind = .unsupported(typeName)
        }
        var message = InAppMessage(kind: kind)
        message.header = json["header"]?.stringValue
        message.body = json["body"]?.stringValue
        message.imageURL = artwork(json["imageURL"], field: "message.imageURL", campaign: name)
        message.iconURL = artwork(json["iconURL"], field: "message.iconURL", campaign: name)
        if let click = json["clickAction"], click != .null {
            message.clickAction = InAppAction.decode(click)
            if message.clickAction == nil {
                problem("campaign \(name): message.clickAction is unusable; tapping the message does nothing")
            }
        }
        for (position, item) in (json["buttons"]?.arrayValue ?? []).enumerated() {
            let id = item["id"]?.stringValue ?? "\(position + 1)"
            let action = InAppAction.decode(item["action"])
            if action == nil {
                problem("campaign \(name): message.buttons[\(position)].action is missing or unusable; it dismisses")
            }
            message.buttons.append(
                MessageButton(
                    id: id, text: item["text"]?.stringValue ?? "", action: action ?? .dismiss,
                    backgroundColor: colour(item["style"]?["backgroundColor"]),
                    textColor: colour(item["style"]?["textColor"]), borderColor: colour(item["style"]?["borderColor"])))
        }
        message.showCloseButton = json["showCloseButton"]?.boolValue ?? true
        message.dismissOnScrimTap = json["dismissOnScrimTap"]?.boolValue ?? false
        if let value = json["autoDismissAfter"], value != .null {
            if let duration = CampaignSettings.duration(value.numberValue) {
                message.autoDismissAfter = duration.seconds
                if duration.cut {
                    problem("campaign \(name): message.autoDismissAfter is over ten years; ten years is used")
                }
            } else {
                problem("campaign \(name): message.autoDismissAfter is not a number >= 0; the default is used")
            }
        }
        message.layout = enumValue(json["layout"], default: .textWithImage, field: "message.layout", campaign: name)
        message.orientation = enumValue(
            json["orientation"], default: .any, field: "message.orientation", campaign: name)
        message.slidePosition = enumValue(
            json["slidePosition"], default: .bottom, field: "message.slidePosition", campaign: name)
        for (key, value) in json["extras"]?.objectValue ?? [:] {
            if let text = value.stringValue { message.extras[key] = text }
        }
        let style = json["style"]
        message.style.backgroundColor = colour(style?["backgroundColor"])
        message.style.textColor = colour(style?["textColor"])
        message.style.headerColor = colour(style?["headerColor"])
        message.style.closeButtonColor = colour(style?["closeButtonColor"])
        message.style.borderColor = colour(style?["borderColor"])
        message.style.frameColor = colour(style?["frameColor"])
        message.style.headerAlignment = style?["headerAlignment"]?.stringValue.flatMap(MessageStyle.Alignment.init)
        message.style.bodyAlignment = style?["bodyAlignment"]?.stringValue.flatMap(MessageStyle.Alignment.init)
        return message
    }

    private func colour(_ json: JSONValue?) -> RGBColour? {
        json?.stringValue.flatMap { RGBColour(hex: $0) }
    }

    private mutating func artwork(_ json: JSONValue?, field: String, campaign name: String) -> ArtworkReference? {
        guard let text = json?.stringValue, !text.isEmpty else { return nil }
        let reference = ArtworkReference(text, documentBase: documentBase)
        if case .refused(let reason) = reference.kind {
            problem("campaign \(name): \(field) \(text) is refused (\(reason)); the campaign is never ready")
        }
        return reference
    }

    /// An unknown layout, orientation or slide position takes the default (and is reported), so a
    /// newer server never hides a campaign this version could draw.
    private mutating func enumValue<Value: RawRepresentable>(
        _ json: JSONValue?, default fallback: Value, field: String, campaign name: String
    ) -> Value where Value.RawValue == String {
        guard let text = json?.stringValue else { return fallback }
        guard let value = Value(rawValue: text) else {
            problem("campaign \(name): \(field) \"\(text)\" is unknown; using \(fallback.rawValue)")
            return fallback
        }
        return value
    }
}
