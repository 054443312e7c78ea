import Foundation
import InboxCore

/// The in-app sync document (PROTOCOL 2.1): settings and campaigns, decoded leniently.
///
/// Decoding never fails on content: unknown enum values become explicit `unsupported` cases, bad
/// colours become the theme, missing fields take their defaults, and each campaign that cannot
/// work is kept unusable with one line in `problems` naming the campaign and the field (B.19).
public struct CampaignDocument: Sendable, Equatable {
    public var settings: CampaignSettings
    public var campaigns: [Campaign]
    /// One line per problem found while decoding, each naming the campaign and the field.
    public var problems: [String]
    /// The folder relative artwork resolves against; `nil` for a document from the network.
    public var documentBase: URL?

    public init(
        settings: CampaignSettings = CampaignSettings(), campaigns: [Campaign] = [], problems: [String] = [],
        documentBase: URL? = nil
    ) {
        self.settings = settings
        self.campaigns = campaigns
        self.problems = problems
        self.documentBase = documentBase
    }

    /// Decodes a document; throws only when the text is not a JSON object.
    public static func decode(_ data: Data, documentBase: URL? = nil) throws(CampaignError) -> CampaignDocument {
        guard let json = JSONValue.parse(data) else { throw .notJSON }
        return try decode(json, documentBase: documentBase)
    }

    /// Decodes an already parsed document; throws only when it is not a JSON object.
    public static func decode(_ json: JSONValue, documentBase: URL? = nil) throws(CampaignError) -> CampaignDocument {
        guard json.objectValue != nil else { throw .notAnObject }
        var decoder = CampaignDecoder(documentBase: documentBase)
        let settings = decoder.settings(json["settings"])
        var campaigns: [Campaign] = []
        var seen: Set<String> = []
        if let items = json["campaigns"]?.arrayValue {
            for (index, item) in items.enumerated() {
                var campaign = decoder.campaign(item, index: index)
                if campaign.isUsable, !seen.insert(campaign.messageId).inserted {
                    decoder.problem("campaign \(campaign.messageId): duplicate message id; only the first one is used")
                    campaign.isUsable = false
                }
                campaigns.append(campaign)
            }
        } else if json["campaigns"] != nil {
            decoder.problem("campaigns: not a list; no campaign is used")
        }
        return CampaignDocument(
            settings: settings, campaigns: campaigns, problems: decoder.problems, documentBase: documentBase)
    }
}

/// Why a sync document could not be read at all.
public enum CampaignError: Error, Equatable, CustomStringConvertible {
    case notJSON
    case notAnObject
    /// VENDORS.md §5: no format was named and the shape is none of the known ones.
    case unrecognised(found: String)
    /// A document of an inbox format (tinbox messages, dengage, sfmc) where campaigns were expected.
    case inboxDocument(format: String)
    /// The vendor's own answer says it failed (Gameball's `success: false`).
    case vendorFailure(String)
    /// A format was named, and the document has the shape of another one (VENDORS.md §5).
    case otherFormat(named: String, found: String)

    public var description: String {
        switch self {
        case .notJSON: return "the campaign document is not JSON"
        case .notAnObject: return "the campaign document is not a JSON object"
        case .unrecognised(let found): return "not a tinbox, dengage, sfmc or gameball document (\(found))"
        case .inboxDocument(let format): return "a \(format) inbox document, not in-app campaigns"
        case .vendorFailure(let reason): return reason
        case .otherFormat(let named, let found):
            return "a \(found) document, not \(named) (name its format, or none to read it by its shape)"
        }
    }
}

/// `settings` of the sync document.
public struct CampaignSettings: Sendable, Equatable {
    /// Seconds between two presentations (B.6); default 30.
    public var cooldownSeconds: Double
    public var quietHours: QuietHours?
    /// `nil` when the document names none: every requested language is then kept.
    public var supportedLanguages: [String]?

    public init(cooldownSeconds: Double = 30, quietHours: QuietHours? = nil, supportedLanguages: [String]? = nil) {
        self.cooldownSeconds = cooldownSeconds
        self.quietHours = quietHours
        self.supportedLanguages = supportedLanguages
    }

    /// The longest duration a campaign may name (a cooldown, a repeat interval, an auto-dismiss):
    /// ten years. A longer one is ten years, with a problem line: it keeps its meaning (as good as
    /// never), where 1e19 s, counted in whole seconds, stopped `explain`, `simulate` and the reader.
    public static let longestDuration: Double = 315_360_000

    /// `value` as a duration a campaign may name, and whether it was cut to `longestDuration`;
    /// nil when it is none (negative, not a number).
    public static func duration(_ value: Double?) -> (seconds: Double, cut: Bool)? {
        guard let value, value >= 0 else { return nil }
        return value > longestDuration ? (longestDuration, true) : (value, false)
    }

    /// B.17: a code not in `supportedLanguages` resolves to `en`. Codes compare case-insensitively.
    public func resolveLanguage(_ requested: String) -> String {
        let code = requested.lowercased()
        guard let supported = supportedLanguages else { return code }
        return supported.contains(where: { $0.lowercased() == code }) ? code : "en"
    }
}

/// Quiet hours `[start, end)` on the local clock (B.8) or on UTC, possibly spanning midnight.
public struct QuietHours: Sendable, Equatable {
    /// Which wall clock the window is judged on (PROTOCOL 2.1 `quietHoursClock`).
    public enum Clock: String, Sendable, Equatable { case local, utc }

    /// Seconds after midnight, `0...86_400` (`24:00` is the end of the day).
    public var startSeconds: Int
    public var endSeconds: Int
    public var clock: Clock

    /// `start` and `end` in minutes after midnight.
    public init(start: Int, end: Int, clock: Clock = .local) {
        self.init(startSeconds: start * 60, endSeconds: end * 60, clock: clock)
    }

    public init(startSeconds: Int, endSeconds: Int, clock: Clock = .local) {
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.clock = clock
    }

    /// Parses `"HH:mm"` (00:00 to 23:59) into minutes.
    public static func minutes(_ text: String) -> Int? {
        guard let seconds = seconds(text, allowingSeconds: false), seconds < 86_400 else { return nil }
        return seconds / 60
    }

    /// Parses `"HH:mm"` or, when `allowingSeconds`, `"HH:mm:ss"`; `24:00` (and `24:00:00`) is
    /// midnight at the end of the day (VENDORS.md §4).
    public static func seconds(_ text: String, allowingSeconds: Bool = true) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (allowingSeconds && parts.count == 3),
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1])
        else { return nil }
        let seconds = parts.count == 3 ? Int(parts[2]) : 0
        guard let seconds, (0..<60).contains(minutes), (0..<60).contains(seconds) else { return nil }
        if hours == 24 { return minutes == 0 && seconds == 0 ? 86_400 : nil }
        guard (0..<24).contains(hours) else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// Whether `secondsOfDay` (on this window's clock) is inside `[start, end)`. Equal start and end is empty.
    public func contains(secondsOfDay: Double) -> Bool {
        let startSeconds = Double(startSeconds)
        let endSeconds = Double(endSeconds)
        if startSeconds < endSeconds { return secondsOfDay >= startSeconds && secondsOfDay < endSeconds }
        if startSeconds > endSeconds { return secondsOfDay >= startSeconds || secondsOfDay < endSeconds }
        return false
    }

    /// Whether `time` is inside the window, on the window's clock.
    public func contains(_ time: EngineTime) -> Bool {
        contains(secondsOfDay: secondsOfDay(time))
    }

    /// Seconds since midnight of `time` on this window's clock.
    public func secondsOfDay(_ time: EngineTime) -> Double {
        clock == .utc ? time.utcSecondsOfDay : time.localSecondsOfDay
    }

    /// `22:00-07:00` (with `:ss` when a bound has seconds, and ` UTC` on the UTC clock), as the
    /// decision log writes it.
    public var label: String {
        func clockText(_ total: Int) -> String {
            let hours = total / 3600
            let minutes = total / 60 % 60
            let seconds = total % 60
            let text = String(format: "%02d:%02d", hours, minutes)
            return seconds == 0 ? text : text + String(format: ":%02d", seconds)
        }
        return "\(clockText(startSeconds))-\(clockText(endSeconds))" + (clock == .utc ? " UTC" : "")
    }
}
