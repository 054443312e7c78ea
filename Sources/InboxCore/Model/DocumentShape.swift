import Foundation

/// What a document looks like, in the order of VENDORS.md §5.
public enum DocumentShape: Sendable, Equatable {
    case tinboxSync, tinboxMessages, gameball, sfmc, dengage
    /// An empty list: read as the named format, or as tinbox.
    case empty
    case unknown(found: String)

    /// Recognises a parsed document by its shape.
    public static func of(_ json: JSONValue) -> DocumentShape {
        switch json {
        case .object(let fields):
            if fields["campaigns"] != nil { return .tinboxSync }
            if let messages = fields["messages"]?.arrayValue {
                guard let first = messages.first else { return .empty }
                if first["data"] != nil { return .tinboxMessages }
                if first["campaignId"] != nil { return .gameball }
                if first["subject"] != nil || first["alert"] != nil { return .sfmc }
            }
            if let response = fields["response"], response.objectValue != nil {
                if let messages = response["messages"]?.arrayValue {
                    guard let first = messages.first else { return .empty }
                    if first["campaignId"] != nil { return .gameball }
                }
            }
            return .unknown(found: describe(json))
        case .array(let items):
            guard let first = items.first else { return .empty }
            if first["smsgId"] != nil || first["smsg_id"] != nil { return .dengage }
            if first["id"] != nil, first["subject"] != nil || first["alert"] != nil || first["sendDateUtc"] != nil {
                return .sfmc
            }
            return .unknown(found: describe(json))
        default:
            return .unknown(found: describe(json))
        }
    }

    /// `an object with keys a, b, c`, `a list whose first item has keys …`: what was found.
    public static func describe(_ json: JSONValue) -> String {
        func keys(_ fields: [String: JSONValue]) -> String {
            let names = fields.keys.sorted()
            guard !names.isEmpty else { return "no keys" }
            let shown = names.prefix(6).joined(separator: ", ")
            return "keys " + shown + (names.count > 6 ? ", …" : "")
        }
        switch json {
        case .object(let fields):
            if let messages = fields["messages"]?.arrayValue, let first = messages.first {
                let inner = first.objectValue.map(keys) ?? "no object"
                return "an object whose first messages item has \(inner)"
            }
            return "an object with \(keys(fields))"
        case .array(let items):
            let inner = items.first?.objectValue.map(keys) ?? "no object"
            return "a list whose first item has \(inner)"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
