import Foundation

/// Everything the store can refuse, each with a line a person can act on.
/// No message bodies or tokens ever appear in these texts.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotOpen(path: String, reason: String)
    case notADatabase(path: String)
    case newerSchema(path: String, found: Int32, known: Int32)
    case busy(path: String)
    case readOnly(path: String)
    case sqlite(path: String, code: Int32, message: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create data directory \(path): \(reason)"
        case .cannotOpen(let path, let reason):
            return "cannot open \(path): \(reason)"
        case .notADatabase(let path):
            return
                "cannot open \(path): the file is not a tinbox database (corrupt or foreign); move it aside to start afresh"
        case .newerSchema(let path, let found, let known):
            return
                "cannot open \(path): it was written by a newer tinbox (schema \(found), this one knows up to \(known))"
        case .busy(let path):
            return "cannot use \(path): the database stayed locked by another tinbox for too long"
        case .readOnly(let path):
            return "cannot write \(path): the file or its directory is read-only"
        case .sqlite(let path, let code, let message):
            return "database error in \(path): \(message) (code \(code))"
        }
    }
}
