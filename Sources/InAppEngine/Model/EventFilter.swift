import InboxCore

/// One condition on a trigger event's properties (PROTOCOL 2.1 `filters`).
public struct EventFilter: Sendable, Equatable {
    public enum Operator: Sendable, Equatable {
        case eq, neq, gt, gte, lt, lte, contains, exists
        /// An op this version does not know: the filter never passes, so the campaign never matches
        /// on a guess.
        case unsupported(String)

        init(_ text: String) {
            switch text {
            case "eq": self = .eq
            case "neq": self = .neq
            case "gt": self = .gt
            case "gte": self = .gte
            case "lt": self = .lt
            case "lte": self = .lte
            case "contains": self = .contains
            case "exists": self = .exists
            default: self = .unsupported(text)
            }
        }
    }

    public var property: String
    public var op: Operator
    public var value: JSONValue

    public init(property: String, op: Operator, value: JSONValue = .null) {
        self.property = property
        self.op = op
        self.value = value
    }

    /// Whether the event's properties pass this filter.
    ///
    /// A property that is missing (or JSON `null`) fails every op but `exists`, `neq` included.
    /// `gt/gte/lt/lte` compare numbers only, a numeric string counting as its number; `eq/neq`
    /// compare numbers by value and other values exactly; `contains` is a case-sensitive substring
    /// test on strings.
    public func passes(_ properties: [String: JSONValue]) -> Bool {
        guard let actual = properties[property], actual != .null else { return false }
        switch op {
        case .exists: return true
        case .eq: return Self.equal(actual, value)
        case .neq: return !Self.equal(actual, value)
        case .gt: return compare(actual) { $0 > $1 }
        case .gte: return compare(actual) { $0 >= $1 }
        case .lt: return compare(actual) { $0 < $1 }
        case .lte: return compare(actual) { $0 <= $1 }
        case .contains:
            guard let haystack = actual.stringValue, let needle = value.stringValue else { return false }
            return needle.isEmpty || haystack.contains(needle)
        case .unsupported: return false
        }
    }

    private func compare(_ actual: JSONValue, _ relation: (Double, Double) -> Bool) -> Bool {
        guard let left = actual.numericValue, let right = value.numericValue else { return false }
        return relation(left, right)
    }

    private static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if let leftNumber = left.numericValue, let rightNumber = right.numericValue {
            return leftNumber == rightNumber
        }
        return left == right
    }
}
