import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxSync

/// Where in-app campaigns come from (PROTOCOL 2): a sync document on disk, or a base URL.
///
/// InAppSync has a `CampaignSource` enum of its own (file, or http with a token); this struct
/// is the public face of LIBRARY.md and adds what the engine does not take (`format`,
/// `options`), then maps to that enum with `engineSource()`. Inside TinboxKit the engine's type
/// is always spelled `InAppSync.CampaignSource`.
public struct CampaignSource: Sendable {
    enum Location: Sendable, Equatable {
        case file(URL)
        case http(URL)
    }

    let location: Location
    /// A VENDORS.md format name; nil recognises the document by its shape.
    public let format: String?
    /// Sent as `Authorization: Bearer <token>` (HTTP only).
    public let token: String?
    /// The `campaigns` config keys (CLI.md, VENDORS.md); the tinbox format needs none.
    public let options: [String: JSONValue]

    /// A sync document (PROTOCOL 2.1) on disk; relative artwork resolves against its folder.
    public static func file(_ url: URL, format: String? = nil, options: [String: JSONValue] = [:]) -> CampaignSource {
        CampaignSource(location: .file(url), format: format, token: nil, options: options)
    }

    /// An `http://` or `https://` base URL serving PROTOCOL 2.1-2.4.
    public static func http(
        _ base: URL, format: String? = nil, token: String? = nil, options: [String: JSONValue] = [:]
    ) -> CampaignSource {
        CampaignSource(location: .http(base), format: format, token: token, options: options)
    }

    /// The engine's source, or why this one cannot be read. `gameball` is read (VENDORS.md §4);
    /// `dengage` and `sfmc` are inbox formats and unknown names are refused.
    func engineSource() throws(TinboxError) -> InAppSync.CampaignSource {
        let campaignFormat: CampaignFormat?
        switch format {
        case nil: campaignFormat = nil
        case let name? where CampaignFormat(rawValue: name) != nil: campaignFormat = CampaignFormat(rawValue: name)
        case let name? where InboxFormat.allNames.contains(name):
            throw .unsupportedFormat("format '\(name)' holds inbox messages, not campaigns: use it for a producer")
        case let name?: throw .unknownFormat(name)
        }
        let known = campaignFormat == .gameball ? ["quietHoursClock", "platform"] : ["quietHoursClock"]
        for key in options.keys.sorted() where !known.contains(key) {
            let name = campaignFormat?.rawValue ?? "tinbox"
            InAppMessaging.log("[tinbox-iam] campaigns: option '\(key)' is ignored for the \(name) format")
        }
        var readOptions = CampaignReadOptions()
        if let clock = options["quietHoursClock"]?.stringValue {
            guard let parsed = QuietHours.Clock(rawValue: clock) else {
                throw .invalidOption("quietHoursClock '\(clock)' is not local or utc")
            }
            readOptions.quietHoursClock = parsed
        }
        if let platform = options["platform"]?.numberValue {
            guard platform == 1 || platform == 2 else { throw .invalidOption("platform \(platform) is not 1 or 2") }
            readOptions.platform = Int(platform)
        }
        if let problem = token.flatMap(ProducerConfig.tokenProblem) {
            throw .invalidOption("campaigns token \(problem)")
        }
        switch location {
        case .file(let url): return .file(url, format: campaignFormat, options: readOptions)
        case .http(let base): return .http(base: base, token: token, format: campaignFormat, options: readOptions)
        }
    }
}
