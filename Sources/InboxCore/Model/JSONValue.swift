import Foundation

/// A decoded JSON value that keeps booleans apart from numbers.
///
/// Event properties, filter values, action arguments and timeline steps are free-form JSON;
/// the rules need to know "is this a number, a numeric string, a string, a boolean".
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses one JSON text; `nil` when it is not JSON. The same as `parse(Data(text.utf8))`.
    public static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { bytes in
            JSONReader.mayBeWideEncoding(bytes)
                ? decoded(Data(buffer: bytes)) : JSONReader.parse(bytes, validUTF8: true)
        }
    }

    /// Parses one JSON document; `nil` when it is not JSON. It reads what `JSONDecoder` reads
    /// into this type's `Decodable` conformance, the same values and the same refusals
    /// (`JSONReader`), and hands UTF-16 and UTF-32 text to JSONDecoder itself.
    public static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return JSONReader.mayBeWideEncoding(bytes) ? decoded(data) : JSONReader.parse(bytes, validUTF8: false)
        }
    }

    /// The value JSONDecoder reads; its error is not kept: callers say what was not JSON (the
    /// file, the endpoint).
    static func decoded(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The value as a number for the filter rules: a number, or a string that is exactly a
    /// decimal number (PROTOCOL 2.1: "a numeric string counts as its number").
    ///
    /// Swift's `Double(String)` also takes "nan", "inf" and hex floats; those are not numbers
    /// to a campaign author, so the string must look like a plain decimal.
    public var numericValue: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text): return JSONValue.decimalNumber(text)
        default: return nil
        }
    }

    public static func decimalNumber(_ text: String) -> Double? {
        var sawDigit = false
        var index = text.startIndex
        func skipDigits() {
            while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                sawDigit = true
                index = text.index(after: index)
            }
        }
        if index < text.endIndex, text[index] == "-" || text[index] == "+" { index = text.index(after: index) }
        skipDigits()
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            skipDigits()
        }
        guard sawDigit else { return nil }
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == "-" || text[index] == "+" { index = text.index(after: index) }
            sawDigit = false
            skipDigits()
            guard sawDigit else { return nil }
        }
        guard index == text.endIndex, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

extension JSONValue: Decodable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each `try?` below probes for the value's kind, it drops no error: the last branch
        // throws when no kind fits.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
