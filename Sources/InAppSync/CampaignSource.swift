import Foundation
import InAppEngine
import InboxSync

/// Where campaigns come from (CLI.md `--campaigns SRC`, config `campaigns.source`): a sync
/// document on disk, or an http(s) base URL serving PROTOCOL §2, in a VENDORS.md format.
public enum CampaignSource: Equatable, Sendable {
    /// `format` nil: recognised by shape (VENDORS.md §5).
    case file(URL, format: CampaignFormat? = nil, options: CampaignReadOptions = CampaignReadOptions())
    /// `format` nil: tinbox's (VENDORS.md §1: HTTP sources without a format are `tinbox`).
    case http(
        base: URL, token: String?, format: CampaignFormat? = nil, options: CampaignReadOptions = CampaignReadOptions())

    /// Reads `SRC` as an http(s) base URL or a file path (`~` expanded). `SRC` may carry its
    /// format as a prefix (`gameball:./sync.json`), which wins over `format` (the config's);
    /// a prefix counts only when it is a VENDORS.md name, so `https:` never is one.
    public static func parse(
        _ text: String, token: String? = nil, format: String? = nil,
        options: CampaignReadOptions = CampaignReadOptions()
    ) throws(InAppSyncError) -> CampaignSource {
        var text = text
        var name = format
        if let colon = text.firstIndex(of: ":"), CampaignFormat.allNames.contains(String(text[..<colon])) {
            name = String(text[..<colon])
            text = String(text[text.index(after: colon)...])
        }
        let resolved = try Self.format(named: name)
        if let reason = ProducerConfig.malformedURL(text) { throw .refused(reason) }
        switch ProducerConfig.source(text) {
        case .http(let url): return .http(base: url, token: token, format: resolved, options: options)
        case .file(let url): return .file(url, format: resolved, options: options)
        }
    }

    /// A format name as a campaign format; `dengage` and `sfmc` are inbox formats only.
    public static func format(named name: String?) throws(InAppSyncError) -> CampaignFormat? {
        guard let name else { return nil }
        if let format = CampaignFormat(rawValue: name) { return format }
        if CampaignFormat.allNames.contains(name) {
            throw .refused("format '\(name)' is an inbox format; campaigns are read as tinbox or gameball")
        }
        throw .refused("unknown format '\(name)': the campaign formats are tinbox and gameball")
    }

    public var format: CampaignFormat? {
        switch self {
        case .file(_, let format, _), .http(_, _, let format, _): return format
        }
    }

    public var options: CampaignReadOptions {
        switch self {
        case .file(_, _, let options), .http(_, _, _, let options): return options
        }
    }

    /// The folder relative artwork is resolved against (file documents only, PROTOCOL 2.1).
    public var documentBase: URL? {
        if case .file(let url, _, _) = self { return url.deletingLastPathComponent() }
        return nil
    }

    /// File sources have no server: analytics and customer events have nowhere to go.
    public var hasServer: Bool {
        if case .http = self { return true }
        return false
    }

    /// Decodes a document from this source (fresh or cached) in its format.
    public func read(_ data: Data) throws(CampaignError) -> CampaignDocument {
        let format: CampaignFormat? = if case .http = self { self.format ?? .tinbox } else { self.format }
        return try CampaignDocument.read(data, format: format, options: options, documentBase: documentBase)
    }
}

/// Why an in-app exchange failed. Short: it ends a line like "sync failed: …".
public enum InAppSyncError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case status(Int, endpoint: String)
    case notJSON(endpoint: String)
    case transport(TransportFailure)
    case noServer
    case refused(String)

    public var description: String {
        switch self {
        case .unreadable(let reason): return reason
        case .status(let code, let endpoint): return "\(endpoint) answered HTTP \(code)"
        case .notJSON(let endpoint): return "\(endpoint) did not answer JSON"
        case .transport(let failure): return failure.description
        case .noServer: return "the campaigns come from a file: there is no server to send to"
        case .refused(let reason): return reason
        }
    }
}
