import Foundation
import InboxCore

/// Maps a Gameball in-app sync (VENDORS.md §4: the V4 payload, or the older `{response,
/// success, …}` envelope) onto tinbox's campaign document. Pure: no I/O.
///
/// Like tinbox's own decoder it never fails on content: a campaign that cannot be mapped is kept
/// unusable (so `explain` can say why) with one problem line naming its JSON path, or skipped
/// when it has no `campaignId` to be named by (VENDORS.md §6).
struct GameballDecoder {
    let documentBase: URL?
    let quietHoursClock: QuietHours.Clock
    private(set) var problems: [String] = []

    init(documentBase: URL?, quietHoursClock: QuietHours.Clock) {
        self.documentBase = documentBase
        self.quietHoursClock = quietHoursClock
    }

    mutating func problem(_ text: String) {
        problems.append(text)
    }

    /// The payload inside the envelope, with the JSON path it sits at; throws when the envelope
    /// says the server failed (`success: false`).
    static func payload(_ json: JSONValue) throws(CampaignError) -> (JSONValue, path: String) {
        if json["success"].lenientBool == false {
            let why = json["errorMsg"].lenientString ?? json["errorCode"].lenientString.map { "error code \($0)" }
            throw .vendorFailure("the Gameball answer says success: false" + (why.map { " (\($0))" } ?? ""))
        }
        if let inner = json["response"], inner.objectValue != nil { return (inner, "$.response") }
        return (json, "$")
    }

    mutating func document(_ json: JSONValue) throws(CampaignError) -> CampaignDocument {
        let (root, path) = try Self.payload(json)
        let settings = self.settings(root, path: path)
        var campaigns: [Campaign] = []
        var seen: Set<String> = []
        if let items = root["messages"]?.arrayValue {
            for (index, item) in items.enumerated() {
                guard var campaign = campaign(item, path: "\(path).messages[\(index)]", index: campaigns.count) else {
                    continue
                }
                if campaign.isUsable, !seen.insert(campaign.messageId).inserted {
                    problem(
                        "campaign \(campaign.messageId): \(path).messages[\(index)] repeats its id; only the first is used"
                    )
                    campaign.isUsable = false
                }
                campaigns.append(campaign)
            }
        } else if root["messages"].present != nil {
            problem("\(path).messages: not a list; no campaign is used")
        }
        return CampaignDocument(
            settings: settings, campaigns: campaigns, problems: problems, documentBase: documentBase)
    }

    /// `cooldownSeconds` (default 30, negative -> default) and `quietHours` (only when enabled).
    /// `campaignOrdering` and unknown keys are ignored.
    private mutating func settings(_ root: JSONValue, path: String) -> CampaignSettings {
        var settings = CampaignSettings()
        let cooldown = root["cooldownSeconds"]
        if let duration = CampaignSettings.duration(cooldown.lenientNumber) {
            settings.cooldownSeconds = duration.seconds
            if duration.cut { problem("\(path).cooldownSeconds: over ten years; ten years is used") }
        } else if cooldown.present != nil, cooldown.lenientNumber == nil {
            // A negative one takes the default without a word.
            problem("\(path).cooldownSeconds: not a number; using 30")
        }
        if let quiet = root["quietHours"].present, quiet["enabled"].lenientBool == true {
            if let start = quiet["start"].lenientString.flatMap({ QuietHours.seconds($0) }),
                let end = quiet["end"].lenientString.flatMap({ QuietHours.seconds($0) })
            {
                settings.quietHours = QuietHours(startSeconds: start, endSeconds: end, clock: quietHoursClock)
            } else {
                problem("\(path).quietHours: start and end must be HH:mm or HH:mm:ss; no quiet hours are used")
            }
        }
        return settings
    }

    /// One `messages[]` item; `nil` (skipped, with a problem) when it has no numeric `campaignId`.
    private mutating func campaign(_ json: JSONValue, path: String, index: Int) -> Campaign? {
        guard json.objectValue != nil else {
            problem("\(path): not an object; skipped")
            return nil
        }
        guard let number = json["campaignId"].lenientInteger else {
            problem("\(path): no numeric campaignId; skipped")
            return nil
        }
        let id = String(number)
        let variation = json["variationId"].lenientString
        let messageId = variation.map { "\(id)/\($0)" } ?? id
        var failures: [String] = []
        let unusable = { (field: String, why: String) in
            failures.append("campaign \(messageId): \(path).\(field) \(why); it never shows")
        }
        if let mode = json["contentMode"].lenientString, mode.lowercased() != "prerendered" {
            unusable("contentMode", "\"\(mode)\" is not prerendered")
        }
        let trigger = self.trigger(json["trigger"], path: "\(path).trigger", campaign: messageId, unusable: unusable)
        let message = self.message(json, path: path, campaign: messageId, unusable: unusable)
        problems.append(contentsOf: failures)
        // Gameball: higher wins, missing is 0; tinbox: lower wins, so the value is negated (§4).
        let priority = json["priority"].lenientNumber ?? 0
        var campaign = Campaign(
            id: id, variationId: variation, priority: priority == 0 ? 0 : -priority,
            isTest: json["isTest"].lenientBool ?? false, trigger: trigger,
            repeatRule: repeatRule(json["trigger"]),
            endsAt: expiry(json["expiresAt"], path: "\(path).expiresAt", campaign: messageId),
            message: message, documentIndex: index, isUsable: failures.isEmpty, name: json["name"].lenientString,
            dispatchId: json["dispatchId"].lenientString)
        campaign.vendorPriority = "Gameball priority \(InAppPresenter.seconds(priority)), higher wins"
        return campaign
    }

    /// `expiresAt`: ISO 8601 UTC, fractions optional; unreadable means no expiry (the SDKs' rule).
    private mutating func expiry(_ json: JSONValue?, path: String, campaign: String) -> Date? {
        guard let text = json.lenientString else { return nil }
        if let date = Self.isoDate(text) { return date }
        problem("campaign \(campaign): \(path) \"\(text)\" is not an ISO 8601 instant; it has no end")
        return nil
    }

    static func isoDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// `repeatable` missing or false: once; true with `minIntervalSeconds > 0`: interval;
    /// true otherwise: every time.
    private func repeatRule(_ trigger: JSONValue?) -> RepeatRule {
        guard trigger?["repeatable"].lenientBool == true else { return .once }
        if let seconds = trigger?["minIntervalSeconds"].lenientNumber, seconds > 0 {
            // Over ten years is ten years: as good as never again, still an interval (VENDORS.md).
            return .interval(seconds: min(seconds, CampaignSettings.longestDuration))
        }
        return .everyTime
    }

    private mutating func trigger(
        _ json: JSONValue?, path: String, campaign: String, unusable: (String, String) -> Void
    ) -> CampaignTrigger {
        // The path's last component (`trigger`), found from the end rather than split whole.
        let field = String(path.lastIndex(of: ".").map { path[path.index(after: $0)...] } ?? path[...])
        guard let json = json.present, json.objectValue != nil else {
            unusable(field, "is missing")
            return .unsupported("")
        }
        guard let type = json["type"].lenientString else {
            unusable("\(field).type", "is missing")
            return .unsupported("")
        }
        if let logical = json["metadataLogicalOperator"].lenientString, logical.lowercased() != "and" {
            unusable("\(field).metadataLogicalOperator", "\"\(logical)\" is not And")
        }
        switch type.lowercased() {
        case "session_start":
            return .sessionStart
        case "event":
            guard let name = json["name"].lenientString else {
                unusable("\(field).name", "is missing (eventId is never matched)")
                return .unsupported(type)
            }
            var filters: [EventFilter] = []
            if let items = json["metadataFilters"]?.arrayValue {
                for (position, item) in items.enumerated() {
                    filters += filter(
                        item, path: "\(path).metadataFilters[\(position)]", campaign: campaign,
                        field: "\(field).metadataFilters[\(position)]", unusable: unusable)
                }
            } else if json["metadataFilters"].present != nil {
                unusable("\(field).metadataFilters", "is not a list")
            }
            return .event(name: name, filters: filters)
        default:
            unusable("\(field).type", "\"\(type)\" is unknown")
            return .unsupported(type)
        }
    }

    /// One `metadataFilters[]` item: no name makes the campaign unusable; an unknown operator or
    /// a null value drops this filter only, with a problem line (VENDORS.md §4).
    private mutating func filter(
        _ json: JSONValue, path: String, campaign: String, field: String, unusable: (String, String) -> Void
    ) -> [EventFilter] {
        guard let name = json["name"].lenientString else {
            unusable("\(field).name", "is missing")
            return []
        }
        let written = json["operator"].lenientString ?? ""
        guard let op = GameballOperator(written) else {
            problem("campaign \(campaign): \(path).operator \"\(written)\" is unknown; this filter is left out")
            return []
        }
        guard let value = json["value"].present else {
            problem("campaign \(campaign): \(path).value is null; this filter is left out")
            return []
        }
        switch op {
        case .single(let op):
            return [EventFilter(property: name, op: op, value: value)]
        case .between:
            guard let (low, high) = Self.bounds(value) else {
                problem(
                    "campaign \(campaign): \(path).value is not \"min,max\" or [min, max]; this filter is left out")
                return []
            }
            return [
                EventFilter(property: name, op: .gte, value: .number(low)),
                EventFilter(property: name, op: .lte, value: .number(high)),
            ]
        }
    }

    /// `"min,max"` or `[min, max]`, numbers or numeric strings, put in order.
    static func bounds(_ value: JSONValue) -> (Double, Double)? {
        let parts: [JSONValue]
        if let items = value.arrayValue {
            parts = items
        } else if let text = value.stringValue {
            parts = text.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) }
        } else {
            return nil
        }
        guard parts.count == 2, let first = parts[0].lenientNumber, let second = parts[1].lenientNumber else {
            return nil
        }
        return (min(first, second), max(first, second))
    }
}

/// Gameball's operator spellings (case-insensitive, `_` ignored) onto tinbox's ops (VENDORS.md §4).
enum GameballOperator: Equatable {
    case single(EventFilter.Operator)
    case between

    init?(_ written: String) {
        // Every `_` scalar removed, as a literal replacement does (pure Swift: no NSString).
        var key = written.lowercased()
        if key.utf8.contains(UInt8(ascii: "_")) {
            key = String(String.UnicodeScalarView(key.unicodeScalars.filter { $0 != "_" }))
        }
        key = key.trimmingBlanks(newlines: false)
        switch key {
        case "is", "equals", "equal", "eq", "==": self = .single(.eq)
        case "isnot", "notequals", "notequal", "ne", "neq", "!=": self = .single(.neq)
        case "greater", "greaterthan", "gt", ">": self = .single(.gt)
        case "greaterorequal", "greaterthanorequal", "greaterthanorequals", "gte", ">=": self = .single(.gte)
        case "less", "lessthan", "lt", "<": self = .single(.lt)
        case "lessorequal", "lessthanorequal", "lessthanorequals", "lte", "<=": self = .single(.lte)
        case "contains": self = .single(.contains)
        case "between": self = .between
        default: return nil
        }
    }
}
