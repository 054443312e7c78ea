import Foundation
import InboxCore

/// One configured inbox producer (CLI.md config file `producers`, or `--feed [KIND=]SRC`).
public struct ProducerConfig: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case file(URL)
        case http(URL)
    }

    public var kind: ProducerKind
    public var source: Source
    public var token: String?
    public var contactKey: String?
    public var pageSize: Int
    public var maxMessages: Int
    /// VENDORS.md §1 `format`; nil recognises a file by its shape (§5) and reads HTTP as `tinbox`.
    public var format: InboxFormat?
    /// Shipped demo data: its dates are moved so the demo always looks current.
    public var isDemo: Bool
    /// VENDORS.md §2's own keys of a Dengage producer; the other formats have none.
    public var dengage = DengageOptions()

    public init(
        kind: ProducerKind, source: Source, token: String? = nil, contactKey: String? = nil, pageSize: Int = 20,
        maxMessages: Int = 1000, format: InboxFormat? = nil, isDemo: Bool = false
    ) {
        self.format = format
        self.kind = kind
        self.source = source
        self.token = token
        self.contactKey = contactKey
        self.pageSize = pageSize
        self.maxMessages = maxMessages
        self.isDemo = isDemo
    }

    /// The store's producer name: its kind (one producer of each kind at most).
    public var name: String { kind.rawValue }

    /// Whether refreshing it needs the network (and so the `tinbox-net` helper).
    public var isHTTP: Bool {
        if case .http = source { return true }
        return false
    }

    /// Why `text` is no source: it starts as an http(s) URL but is none (`http://[::1`,
    /// `http://%zz`, `https://`). Such a text used to be read as a file of that name.
    /// Another scheme (`ftp://`, `file://`) is none either: it was read as a relative file path,
    /// its `//` squashed, and said "no such file".
    public static func malformedURL(_ text: String) -> String? {
        let lower = text.lowercased()
        if let scheme = lower.range(of: "://").map({ lower[..<$0.lowerBound] }), !scheme.isEmpty,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
            scheme != "http", scheme != "https"
        {
            return "'\(text)' is not a file path or an http(s) URL (\(scheme):// is not read)"
        }
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
            return "'\(text)' is not a valid http(s) URL"
        }
        return nil
    }

    /// Why `token` cannot go in an `Authorization` header, nil when it can: a control character
    /// other than a tab (a line break from a paste) made URLSession drop the header without a
    /// word, and the requests went without it.
    public static func tokenProblem(_ token: String) -> String? {
        guard token.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
            return nil
        }
        return "holds a control character (a line break?), which no request can carry"
    }

    /// Reads `SRC` as an http(s) base URL or a file path (`~` expanded).
    public static func source(_ text: String, relativeTo base: URL? = nil) -> Source {
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: text) {
            return .http(url)
        }
        let expanded = (text as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return .file(URL(fileURLWithPath: expanded)) }
        return .file(
            URL(
                fileURLWithPath: expanded,
                relativeTo: base ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            ).standardizedFileURL)
    }
}
