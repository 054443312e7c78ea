import Foundation
import InboxCore

/// Why a producer could not be read. Descriptions are short: they end "<producer> failed: …".
public enum SyncError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, limit: Int)
    case feed(FeedError)
    case unsupported(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .tooLarge(let path, let limit): return "\(path) is larger than \(limit / (1 << 20)) MiB"
        case .feed(let error): return error.description
        case .unsupported(let what): return what
        }
    }
}
