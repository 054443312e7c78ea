import Foundation

/// An `imageURL` / `iconURL` after the fetch policy (PROTOCOL 2.1, BEHAVIOR B.14).
public struct ArtworkReference: Sendable, Equatable, Hashable {
    public enum Kind: Sendable, Equatable, Hashable {
        /// `https://`: fetched over the network.
        case remote
        /// A relative path or `file:` URL in a document read from a file: read from disk.
        case local
        /// Never fetched and never ready: `http://`, an unknown scheme, or a local path in a
        /// document that did not come from a file.
        case refused(reason: String)
    }

    /// The text as written in the document.
    public var original: String
    /// The resolved URL; `nil` when refused.
    public var url: URL?
    public var kind: Kind

    /// The key artwork readiness is kept under.
    public var key: String { url?.absoluteString ?? original }

    public var isFetchable: Bool {
        if case .refused = kind { return false }
        return true
    }

    /// Resolves `text` against `documentBase` (the folder of a document read from a file, `nil`
    /// for a document from the network).
    public init(_ text: String, documentBase: URL?) {
        original = text
        let lower = text.lowercased()
        if lower.hasPrefix("https://"), let url = URL(string: text), url.host != nil {
            self.url = url
            kind = .remote
        } else if lower.hasPrefix("http://") {
            url = nil
            kind = .refused(reason: "http:// is never fetched, only https://")
        } else if let base = documentBase {
            let path = lower.hasPrefix("file:") ? String(text.dropFirst("file:".count)) : text
            if path.hasPrefix("//") {
                url = URL(string: text).flatMap { $0.isFileURL ? $0 : nil }
            } else if lower.hasPrefix("file:") {
                url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
            } else if text.contains("://") {
                url = nil
            } else if text.hasPrefix("/") {
                url = URL(fileURLWithPath: text)
            } else {
                url = base.appendingPathComponent(text)
            }
            kind = url == nil ? .refused(reason: "only https:// or a local file is allowed") : .local
        } else {
            url = nil
            kind = .refused(reason: "only https:// is allowed in a document from the network")
        }
    }
}
