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
    /// into this type's `Decodable` conformance, the same values and the same refusals but for a
    /// lone surrogate escape, read as U+FFFD (`JSONReader`), and hands UTF-16 and UTF-32 text to
    /// JSONDecoder itself (which refuses that escape still).
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

    /// `text` as a finite number when it is exactly a plain decimal: an optional sign, digits
    /// with an optional point, an optional exponent; `nil` otherwise.
    public static func decimalNumber(_ text: String) -> Double? {
        // The grammar is all ASCII, so its bytes are read, not its characters: a filter on a
        // numeric string (Gameball's filter values are strings) reads it at every event.
        var sawDigit = false
        var digits = 0
        var whole: Int64 = 0
        var isWhole = true
        var negative = false
        var text = text
        let accepted = text.withUTF8 { bytes -> Bool in
            var index = 0
            func skipDigits(counting: Bool) {
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    sawDigit = true
                    if counting, digits < 18 { whole = whole * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                    if counting { digits += 1 }
                    index += 1
                }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            skipDigits(counting: true)
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isWhole = false
                index += 1
                skipDigits(counting: false)
            }
            guard sawDigit else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isWhole = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                    index += 1
                }
                sawDigit = false
                skipDigits(counting: false)
                guard sawDigit else { return false }
            }
            return index == bytes.count
        }
        guard accepted else { return nil }
        // Up to 15 digits a whole number is exact in a Double: the same value the text gives.
        if isWhole, digits <= 15 { return negative ? -Double(whole) : Double(whole) }
        guard let value = Double(text), value.isFinite else { return nil }
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
