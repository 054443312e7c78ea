import InboxCore

/// A strict JSON (RFC 8259) reader for one timeline line, giving the same `JSONValue` that
/// `JSONValue.parse` (JSONDecoder) gives, several times faster.
///
/// `simulate` of 100,000 steps spent more than half its time in JSONDecoder, most of it in the
/// `Decodable` machinery trying `Bool`, `Double`, `String`, `[JSONValue]` in turn for every value
/// (issue 5, "Performance": <= 3 s). This reads the UTF-8 bytes once. It accepts exactly what
/// JSONDecoder accepts on this toolchain: a leading UTF-8 byte-order mark, any value at the top,
/// numbers that fit a finite `Double`, at most 512 levels of nesting, one trailing comma in an
/// object or array, and the first of duplicate keys (compared as Swift strings, so canonically
/// equivalent keys are duplicates); `TimelineJSONTests` holds the two side by side on the edges.
struct TimelineJSON {
    /// JSONDecoder's nesting limit; deeper input is refused rather than allowed to exhaust the stack.
    static let maximumDepth = 512

    /// The value of `text`, or `nil` when it is not exactly one JSON value.
    static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = TimelineJSON(bytes: bytes)
            return reader.document()
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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
            if fields[key] == nil { fields[key] = item }
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

    /// A string starting at its opening quote. The input is a Swift `String`, so its bytes are
    /// already valid UTF-8; only escapes and raw control characters need a look.
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
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard escape(into: &buffer) else { return nil }
            case ..<0x20:
                return nil
            default:
                buffer.append(byte)
                index += 1
            }
        }
        return nil
    }

    /// One escape sequence at `index` (the backslash), appended as UTF-8.
    private mutating func escape(into buffer: inout [UInt8]) -> Bool {
        index += 1
        guard let letter = current else { return false }
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hexQuad() else { return false }
            var scalarValue = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { return false }
                index += 2
                guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return false }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { return false }
            buffer.append(contentsOf: UTF8.encode(scalar)!)
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

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as a finite `Double`.
    private mutating func number() -> Double? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { return nil }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var isWhole = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else { return nil }
            skipDigits()
            isWhole = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { return nil }
            skipDigits()
            isWhole = false
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = index - start - (negative ? 1 : 0)
        // Up to 15 digits is exact in a Double, so the common case needs no text conversion.
        if isWhole, digits <= 15 {
            var whole: Int64 = 0
            for position in (start + (negative ? 1 : 0))..<index {
                whole = whole * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
            }
            return negative ? -Double(whole) : Double(whole)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let result = Double(text), result.isFinite else { return nil }
        return result
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }
}
