import Foundation

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
                if campaign.isUsable, !seen.insert(campaign.messageID).inserted {
                    decoder.problem("campaign \(campaign.messageID): duplicate message id; only the first one is used")
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

    public var description: String {
        switch self {
        case .notJSON: return "the campaign document is not JSON"
        case .notAnObject: return "the campaign document is not a JSON object"
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

    /// B.17: a code not in `supportedLanguages` resolves to `en`. Codes compare case-insensitively.
    public func resolveLanguage(_ requested: String) -> String {
        let code = requested.lowercased()
        guard let supported = supportedLanguages else { return code }
        return supported.contains(where: { $0.lowercased() == code }) ? code : "en"
    }
}

/// Quiet hours `[start, end)` on the local clock, possibly spanning midnight (B.8).
public struct QuietHours: Sendable, Equatable {
    /// Minutes after local midnight.
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Parses `"HH:mm"` (00:00 to 23:59).
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    /// Whether `secondsOfDay` (local time) is inside `[start, end)`. Equal start and end is empty.
    public func contains(secondsOfDay: Double) -> Bool {
        let startSeconds = Double(start * 60)
        let endSeconds = Double(end * 60)
        if start < end { return secondsOfDay >= startSeconds && secondsOfDay < endSeconds }
        if start > end { return secondsOfDay >= startSeconds || secondsOfDay < endSeconds }
        return false
    }

    /// `22:00-07:00`, as the decision log writes it.
    public var label: String {
        func clock(_ minutes: Int) -> String {
            let hours = minutes / 60
            let rest = minutes % 60
            return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
        }
        return "\(clock(start))-\(clock(end))"
    }
}
