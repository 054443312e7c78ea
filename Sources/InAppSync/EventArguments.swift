import Foundation
import InAppEngine
import InboxCore

/// `KEY=VALUE` words of `tinbox event`, `tinbox purchase` and the reader's `:event` (CLI.md):
/// values that parse as numbers are numbers, `true`/`false` are booleans, the rest strings.
public enum EventArguments {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notKeyValue(String)
        case emptyKey(String)
        case notANumber(option: String, value: String)
        case notACount(option: String, value: String)
        case empty(option: String)

        public var description: String {
            switch self {
            case .notKeyValue(let word): return "'\(word)' is not KEY=VALUE"
            case .emptyKey(let word): return "'\(word)' has an empty key"
            case .notANumber(let option, let value): return "\(option) needs a number, not '\(value)'"
            case .notACount(let option, let value): return "\(option) needs a whole number of 1 or more, not '\(value)'"
            case .empty(let option): return "\(option) needs a value, not an empty one"
            }
        }
    }

    public static func properties(_ words: [String]) throws(Problem) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        for word in words {
            guard let equals = word.firstIndex(of: "=") else { throw .notKeyValue(word) }
            let key = String(word[..<equals])
            guard !key.isEmpty else { throw .emptyKey(word) }
            properties[key] = value(String(word[word.index(after: equals)...]))
        }
        return properties
    }

    public static func value(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = JSONValue.string(text).numericValue { return .number(number) }
        return .string(text)
    }

    /// PROTOCOL 2.3: a purchase is the event `purchase` with `productId`, `price`, `currency` and
    /// `quantity` (default 1); extra properties are merged over them (an extra named like one of
    /// the four replaces it).
    public static func purchase(
        product: String, price: String, currency: String, quantity: String?, extras: [String: JSONValue]
    ) throws(Problem) -> [String: JSONValue] {
        // A product and a currency are named; the quantity counts items (TinboxKit's `Int`).
        if product.trimmingCharacters(in: .whitespaces).isEmpty { throw .empty(option: "--product") }
        if currency.trimmingCharacters(in: .whitespaces).isEmpty { throw .empty(option: "--currency") }
        guard let priceValue = JSONValue.string(price).numericValue else {
            throw .notANumber(option: "--price", value: price)
        }
        var properties: [String: JSONValue] = [
            "productId": .string(product), "price": .number(priceValue), "currency": .string(currency),
            "quantity": .number(1),
        ]
        if let quantity {
            guard let count = Int(quantity), count >= 1 else {
                throw .notACount(option: "--quantity", value: quantity)
            }
            properties["quantity"] = .number(Double(count))
        }
        return properties.merging(extras) { _, extra in extra }
    }
}
