import Foundation

/// The formats an inbox producer's document may be read in (VENDORS.md §1): tinbox's own
/// messages document (PROTOCOL 1.2), a Dengage inbox and a Salesforce Marketing Cloud inbox export.
public enum InboxFormat: String, Sendable, Equatable, CaseIterable {
    case tinbox, dengage, sfmc

    /// Every VENDORS.md format name, inbox formats or not: a source prefix is read as a format
    /// only when it is one of these (so `https:` never is).
    public static let allNames = ["tinbox", "dengage", "sfmc", "gameball"]

    /// Whether an http(s) source may be read in this format (VENDORS.md §1: `sfmc` is files only).
    public var readsHTTP: Bool { self != .sfmc }

    /// `name` as an inbox format: nil for nil; a campaign-only or unknown name is the reason why not.
    public static func named(_ name: String?) -> Result<InboxFormat?, FormatNameError> {
        guard let name else { return .success(nil) }
        if let format = InboxFormat(rawValue: name) { return .success(format) }
        if allNames.contains(name) { return .failure(.campaignsOnly(name)) }
        return .failure(.unknown(name))
    }

    /// `name` as the format of a producer whose source is `isHTTP` or a file: also refuses a
    /// files-only format over HTTP (`sfmc`, VENDORS.md §3).
    public static func named(_ name: String?, isHTTP: Bool) -> Result<InboxFormat?, FormatNameError> {
        named(name).flatMap { format in
            if let format, isHTTP, !format.readsHTTP { return .failure(.filesOnly(format.rawValue)) }
            return .success(format)
        }
    }

    /// Splits a leading `FORMAT:` off a source (`dengage:./inbox.json`): only a VENDORS.md name
    /// counts, so `https://…` and `C:\…` keep their colon.
    public static func splitPrefix(_ source: String) -> (format: String?, source: String) {
        guard let colon = source.firstIndex(of: ":"), allNames.contains(String(source[..<colon])) else {
            return (nil, source)
        }
        return (String(source[..<colon]), String(source[source.index(after: colon)...]))
    }
}

/// Why a format name cannot name an inbox producer's format.
public enum FormatNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A VENDORS.md format that holds campaigns, not inbox messages (`gameball`).
    case campaignsOnly(String)
    /// A name VENDORS.md does not know.
    case unknown(String)
    /// A format read from files only, given an http(s) source.
    case filesOnly(String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .campaignsOnly(let name):
            return "format '\(name)' holds in-app campaigns, not inbox messages: use it with --campaigns"
        case .filesOnly(let name):
            return "format '\(name)' is read from files only: give the path of an exported inbox, not a URL"
        case .unknown(let name):
            return "unknown format '\(name)': the formats are \(InboxFormat.allNames.joined(separator: ", "))"
        }
    }
}
