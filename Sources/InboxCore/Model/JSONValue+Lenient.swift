import Foundation

/// VENDORS.md §6 leniency, for reading vendor documents: blank strings are null, numbers may
/// come as numeric strings and booleans as 0/1.
extension JSONValue {
    /// A non-blank string; a number is written as its integer (ids) or decimal text.
    public var lenientString: String? {
        switch self {
        case .string(let text):
            return text.trimmingBlanks().isEmpty ? nil : text
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        default:
            return nil
        }
    }

    /// A number, or a string that is exactly a decimal number (surrounding blanks allowed).
    public var lenientNumber: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text):
            return JSONValue.decimalNumber(text.trimmingBlanks())
        default: return nil
        }
    }

    /// A whole number, from a number or a numeric string.
    public var lenientInteger: Int? {
        guard let value = lenientNumber, value == value.rounded(), abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// `true`/`false`, `1`/`0` (numbers or strings), `"true"`/`"false"` in any case.
    public var lenientBool: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .number(let value): return value == 1 ? true : value == 0 ? false : nil
        case .string(let text):
            switch text.trimmingBlanks().lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The value unless it is null or a blank string (both mean "absent", §6).
    public var present: JSONValue? {
        switch self {
        case .null: return nil
        case .string: return lenientString == nil ? nil : self
        default: return self
        }
    }
}

extension Optional where Wrapped == JSONValue {
    public var lenientString: String? { self?.lenientString }
    public var lenientNumber: Double? { self?.lenientNumber }
    public var lenientInteger: Int? { self?.lenientInteger }
    public var lenientBool: Bool? { self?.lenientBool }
    public var present: JSONValue? { self?.present }
    public var lowercasedName: String? { self?.lenientString?.lowercased() }
}
