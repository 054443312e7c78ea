import Foundation
import InAppEngine
import InboxSync

/// Where campaigns come from (CLI.md `--campaigns SRC`, config `campaigns.source`): a sync
/// document on disk, or an http(s) base URL serving PROTOCOL §2.
public enum CampaignSource: Equatable, Sendable {
    case file(URL)
    case http(base: URL, token: String?)

    /// Reads `SRC` as an http(s) base URL or a file path (`~` expanded).
    public static func parse(_ text: String, token: String? = nil) -> CampaignSource {
        switch ProducerConfig.source(text) {
        case .http(let url): return .http(base: url, token: token)
        case .file(let url): return .file(url)
        }
    }

    /// The folder relative artwork is resolved against (file documents only, PROTOCOL 2.1).
    public var documentBase: URL? {
        if case .file(let url) = self { return url.deletingLastPathComponent() }
        return nil
    }

    /// File sources have no server: analytics and customer events have nowhere to go.
    public var hasServer: Bool {
        if case .http = self { return true }
        return false
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
