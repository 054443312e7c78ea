import Foundation

/// A strict JSON (RFC 8259) reader of UTF-8 bytes, giving the same `JSONValue` that
/// `JSONDecoder` gives through `JSONValue`'s `Decodable` conformance, many times faster.
///
/// `tinbox convert` of a 10,000-campaign Gameball sync spent three quarters of its time in
/// JSONDecoder, most of it in the `Decodable` machinery trying `Bool`, `Double`, `String`,
/// `[JSONValue]` in turn for every value and building coding paths (issue 12, "Performance").
/// This reads the bytes once. It accepts exactly what JSONDecoder accepts on this toolchain, but
/// for a `\u` escape of a lone surrogate, which it reads as U+FFFD where JSONDecoder refuses the
/// text (`JSONText.replacingLoneSurrogates`):
/// a leading UTF-8 byte-order mark, any value at the top, numbers that fit a finite `Double`
/// (one that rounds to zero from non-zero digits is refused, as one that overflows), strict
/// UTF-8 in strings, at most 512 levels of nesting, one trailing comma in an object or array,
/// and the first of duplicate keys (compared as Swift strings, so canonically equivalent keys
/// are duplicates). Text in UTF-16 or UTF-32 (a byte-order mark or a zero byte among the first
/// four) is left to JSONDecoder itself. `JSONReaderTests` holds the two side by side on the edges.
struct JSONReader {
    /// JSONDecoder's nesting limit; deeper input is refused rather than allowed to exhaust the stack.
    static let maximumDepth = 512

    /// The value of `bytes`, or `nil` when they are not exactly one JSON value. `validUTF8`: the
    /// bytes are known to be valid UTF-8 (a Swift string's), so strings need no check.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, validUTF8: Bool) -> JSONValue? {
        var reader = JSONReader(bytes: bytes, validUTF8: validUTF8)
        return reader.document()
    }

    /// Whether JSONDecoder would read `bytes` as UTF-16 or UTF-32 rather than UTF-8: it goes by a
    /// byte-order mark, else by where the zero bytes of the first four are.
    static func mayBeWideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return true
        }
        return bytes.prefix(4).contains(0)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let validUTF8: Bool
    private var index = 0
    private var depth = 0
    /// A string's bytes after its escapes are resolved, reused from string to string.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, validUTF8: Bool) {
        self.bytes = bytes
        self.validUTF8 = validUTF8
    }

    private mutating func document() -> JSONValue? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard let result = value() else { return nil }
        skipWhitespace()
        return index == bytes.count ? result : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number().map(JSONValue.number)
        default: return nil
        }
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return result
    }

    private mutating func object() -> JSONValue? {
        depth += 1
        guard depth <= Self.maximumDepth else { return nil }
        defer { depth -= 1 }
        index += 1
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let item = value() else { return nil }
            // Of two equal keys the first counts, as in JSONDecoder (one lookup when keys differ).
            if let first = fields.updateValue(item, forKey: key) { fields[key] = first }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") {
                    index += 1
                    return .object(fields)
                }
            case UInt8(ascii: "}"):
                index += 1
                return .object(fields)
            default: return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        depth += 1
        guard depth <= Self.maximumDepth else { return nil }
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: return nil
            }
        }
    }

    /// A string starting at its opening quote: made straight from the bytes when it has no
    /// escape, else from `scratch`.
    private mutating func string() -> String? {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            if byte < 0x80 || validUTF8 {
                index += 1
            } else {
                guard let length = utf8Sequence() else { return nil }
                index += length
            }
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard escape() else { return nil }
            case ..<0x20:
                return nil
            case ..<0x80:
                scratch.append(byte)
                index += 1
            default:
                let length = validUTF8 ? 1 : utf8Sequence()
                guard let length else { return nil }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                index += length
            }
        }
        return nil
    }

    /// The length of the strict UTF-8 sequence at `index`, `nil` when it is not one (a whole
    /// document: a sequence cut by its end is not one either).
    private func utf8Sequence() -> Int? {
        if case .valid(let length) = StrictUTF8.sequence(in: bytes, at: index) { return length }
        return nil
    }

    /// One escape sequence at `index` (the backslash), appended to `scratch` as UTF-8.
    private mutating func escape() -> Bool {
        index += 1
        guard let letter = current else { return false }
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hexQuad() else { return false }
            // A lone surrogate (half of a pair, cut) reads as U+FFFD, as feeds read it (JSONPrescan).
            var scalarValue: UInt32 = 0xFFFD
            if (0xD800..<0xDC00).contains(unit) {
                if current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    let mark = index
                    index += 2
                    guard let low = hexQuad() else { return false }
                    if (0xDC00..<0xE000).contains(low) {
                        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    } else {
                        // Not a low half: that escape is read on its own, next.
                        index = mark
                    }
                }
            } else if !(0xDC00..<0xE000).contains(unit) {
                scalarValue = UInt32(unit)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { return false }
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        default: return false
        }
        return true
    }

    private mutating func hexQuad() -> UInt16? {
        guard bytes.count - index >= 4 else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// Exact powers of ten as Doubles: up to 10^22 every one is.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as a finite `Double`; one that
    /// rounds to zero though a digit is not zero is refused, as JSONDecoder refuses it.
    private mutating func number() -> Double? {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = current, isDigit(first) else { return nil }
        // The digits as one integer while it is exact (up to 19 digits), and how many follow the
        // point; whether any digit is not zero.
        var mantissa = UInt64(first - UInt8(ascii: "0"))
        var digits = 1
        var fractionDigits = 0
        var nonZero = first != UInt8(ascii: "0")
        index += 1
        if first != UInt8(ascii: "0") {
            while let byte = current, isDigit(byte) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else { return nil }
            while let byte = current, isDigit(byte) {
                if byte != UInt8(ascii: "0") { nonZero = true }
                if digits < 19 { mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0")) }
                digits += 1
                fractionDigits += 1
                index += 1
            }
        }
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { return nil }
            skipDigits()
        }
        // Clinger's fast path: a mantissa and a power of ten both exact in a Double give the
        // correctly rounded quotient, the same Double the text conversion gives.
        if !hasExponent, digits <= 15, fractionDigits <= 22 {
            let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let result = Double(text), result.isFinite, result != 0 || !nonZero else { return nil }
        return result
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }
}
