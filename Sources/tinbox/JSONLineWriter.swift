import InboxCore

/// Writes the objects of `list --json` straight into a byte buffer.
///
/// Why not JSONEncoder: at ~16 µs an object it took 1.6 s of the 2 s budget for 100,000
/// messages (issue 2). The fields here are only strings, booleans, null and string maps, so the
/// writer is small: strings are escaped per RFC 8259 (quote, backslash, and every C0 control),
/// and everything a terminal would act on or hide is written as `\uXXXX` as well, exactly as
/// `TerminalText.escapingInvisibles(inJSON:)` does for the encoder's output.
struct JSONLineWriter {
    private(set) var bytes: [UInt8] = []

    mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    /// `{"a":…,"b":…}` with the keys in the order given (callers pass them sorted).
    mutating func object(_ fields: [(String, Value)]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
            bytes.append(UInt8(ascii: ":"))
            write(value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    enum Value {
        case string(String?)
        case bool(Bool)
        case objects([[(String, Value)]])
    }

    private mutating func write(_ value: Value) {
        switch value {
        case .string(let text?): string(text)
        case .string(nil): bytes.append(contentsOf: Array("null".utf8))
        case .bool(let flag): bytes.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .objects(let list):
            bytes.append(UInt8(ascii: "["))
            for (index, fields) in list.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                object(fields)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case "\\": bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case "\n": bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    bytes.append(UInt8(scalar.value))
                } else if TerminalText.needsJSONEscape(scalar) {
                    for unit in String(scalar).utf16 { escape(unit) }
                } else {
                    bytes.append(contentsOf: scalar.utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ unit: UInt16) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int((unit >> UInt16(shift)) & 0xF)]) }
    }
}
