import Foundation

/// Why one item of a feed was not used: the item is skipped and counted, the rest is read
/// (PROTOCOL 1.2, VENDORS.md §6). `convert` prints it after the item's JSON path.
public struct FeedItemSkip: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the item lacks or holds wrongly (`no smsgId`), never its text.
    public let reason: String

    /// A skip for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension JSONValue {
    /// The first line of a body, for a vendor message that has a body and no title.
    static func firstLine(of text: String) -> String? {
        let line = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }
        return line.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// An object's value that is a JSON object, or a JSON string holding one (Dengage's
    /// `message_json`, SFMC's `custom`); nil when absent, and `.null` when it is not one.
    func embeddedObject(_ key: String) -> JSONValue? {
        guard let value = self[key].present else { return nil }
        switch value {
        case .object: return value
        case .string(let text):
            guard let parsed = JSONValue.parse(text), parsed.objectValue != nil else { return .null }
            return parsed
        default: return .null
        }
    }

    /// The first of `keys` holding a usable string (§6: blank is absent).
    func firstString(_ keys: String...) -> String? {
        for key in keys { if let text = self[key].lenientString { return text } }
        return nil
    }
}
