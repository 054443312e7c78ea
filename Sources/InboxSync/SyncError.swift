import Foundation
import InboxCore

/// Why a producer could not be read or its queues not sent. Descriptions are short: they end
/// "<producer> failed: …", and never carry a token or a message body.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, limit: Int)
    case feed(FeedError)
    case unsupported(String)
    /// The exchange gave no usable response (refused, timed out, broken, oversized).
    case transport(endpoint: String, TransportFailure)
    /// A status other than 2xx or 429.
    case http(endpoint: String, status: Int)
    /// A `429`; `retryAfter` is the server's `Retry-After` in seconds, when it gave one.
    case throttled(endpoint: String, retryAfter: Double?)
    /// A `429` answered earlier still forbids requests for this many seconds (PROTOCOL 1.5).
    case stillThrottled(remaining: Double)
    case notJSON(endpoint: String)
    case wrongShape(endpoint: String, reason: String)
    /// PROTOCOL 1.2: `limit` is 1-100; refused before any request.
    case invalidPageSize(Int)
    case disabled
    case cancelled

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .tooLarge(let path, let limit): return "\(path) is larger than \(limit / (1 << 20)) MiB"
        case .feed(let error): return error.description
        case .unsupported(let what): return what
        case .transport(let endpoint, let failure): return "\(endpoint): \(failure)"
        case .http(let endpoint, let status): return "\(endpoint): HTTP \(status)"
        case .throttled(let endpoint, let retryAfter):
            // A `Retry-After` of 0 asks for no wait, and none is kept (`noteThrottle`).
            let wait = retryAfter.flatMap { $0 > 0 ? "; no request for \(RefreshLimit.wholeSeconds($0)) s" : nil } ?? ""
            return "\(endpoint): throttled by the server (HTTP 429)\(wait)"
        case .stillThrottled(let remaining):
            return "throttled by the server; no request for \(RefreshLimit.wholeSeconds(remaining)) s more"
        case .notJSON(let endpoint): return "\(endpoint): the response is not JSON"
        case .wrongShape(let endpoint, let reason): return "\(endpoint): \(reason)"
        case .invalidPageSize(let size): return "pageSize \(size) is outside 1-100; no request sent"
        case .disabled: return "the inbox is disabled"
        case .cancelled: return "cancelled"
        }
    }
}
