import Foundation
import InboxCore

/// The formats a campaign document may be read in (VENDORS.md §1): tinbox's own sync document
/// (PROTOCOL 2.1) and Gameball's in-app sync.
public enum CampaignFormat: String, Sendable, Equatable, CaseIterable {
    case tinbox, gameball

    /// Every VENDORS.md format name, campaign formats or not: a source prefix is read as a format
    /// only when it is one of these (so `https:` never is).
    public static let allNames = InboxFormat.allNames
}

/// What a campaign source's configuration adds to the document (VENDORS.md §4).
public struct CampaignReadOptions: Sendable, Equatable {
    /// `quietHoursClock`: the clock quiet hours are judged on; `nil` keeps the document's own
    /// (tinbox) or local time (Gameball).
    public var quietHoursClock: QuietHours.Clock?
    /// Gameball over HTTP: `platform` in every request body, 1 iOS or 2 Android (default 1).
    public var platform: Int

    public init(quietHoursClock: QuietHours.Clock? = nil, platform: Int = 1) {
        self.quietHoursClock = quietHoursClock
        self.platform = platform
    }
}

extension CampaignDocument {
    /// Reads a campaign document in `format`, or, when it is `nil`, in the format its shape
    /// shows (VENDORS.md §5). Throws when the text is not JSON, the shape is not a campaign
    /// format, or the vendor's answer says it failed.
    public static func read(
        _ data: Data, format: CampaignFormat?, options: CampaignReadOptions = CampaignReadOptions(),
        documentBase: URL? = nil
    ) throws(CampaignError) -> CampaignDocument {
        guard let json = JSONValue.parse(data) else { throw .notJSON }
        return try read(json, format: format, options: options, documentBase: documentBase)
    }

    public static func read(
        _ json: JSONValue, format: CampaignFormat?, options: CampaignReadOptions = CampaignReadOptions(),
        documentBase: URL? = nil
    ) throws(CampaignError) -> CampaignDocument {
        let resolved: CampaignFormat
        if let format {
            // Read as named, unless its shape is plainly another format's: a tinbox sync document
            // read as Gameball was an empty document, every campaign gone without a word.
            let other: String?
            switch DocumentShape.of(json) {
            case .tinboxSync: other = format == .tinbox ? nil : "tinbox sync"
            case .gameball: other = format == .gameball ? nil : "gameball"
            case .tinboxMessages: throw .inboxDocument(format: "tinbox messages")
            case .dengage: throw .inboxDocument(format: "dengage")
            case .sfmc: throw .inboxDocument(format: "sfmc")
            case .empty, .unknown: other = nil
            }
            if let other { throw .otherFormat(named: format.rawValue, found: other) }
            resolved = format
        } else {
            switch DocumentShape.of(json) {
            case .tinboxSync: resolved = .tinbox
            case .gameball: resolved = .gameball
            case .empty: return CampaignDocument(documentBase: documentBase)
            case .tinboxMessages: throw .inboxDocument(format: "tinbox messages")
            case .dengage: throw .inboxDocument(format: "dengage")
            case .sfmc: throw .inboxDocument(format: "sfmc")
            case .unknown(let found): throw .unrecognised(found: found)
            }
        }
        var document: CampaignDocument
        switch resolved {
        case .tinbox:
            document = try decode(json, documentBase: documentBase)
        case .gameball:
            guard json.objectValue != nil else { throw .notAnObject }
            var decoder = GameballDecoder(
                documentBase: documentBase, quietHoursClock: options.quietHoursClock ?? .local)
            document = try decoder.document(json)
        }
        if let clock = options.quietHoursClock { document.settings.quietHours?.clock = clock }
        return document
    }
}
