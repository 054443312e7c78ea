/// The one JSON writer: `list --json`, `simulate`, `event`, `explain` and the analytics wire
/// bodies all write through it, with keys in the order given, so the same value is the same bytes.
///
/// One escape policy: `"` `\` and newline, carriage return and tab as `\"` `\\` `\n` `\r` `\t`;
/// every other C0 control, DEL, C1 and U+2028/U+2029 as `\uXXXX` (lower-case hex). That is exact
/// JSON with nothing a terminal acts on. Output a person reads on a terminal (`list --json`) also
/// escapes what a terminal would hide (`Invisibles.escaped`, `TerminalText.needsJSONEscape`); the
/// data a JSON reader sees stays exactly the same.
///
/// Why not JSONEncoder: at ~16 µs an object it took 1.6 s of the 2 s budget for 100,000 messages
/// in `list --json` (issue 2), and `simulate` writes a quarter of a million lines; appending bytes
/// to one array costs a fraction of appending pieces to a `String`.
public enum JSONWriter {
    /// Whether scalars a terminal would hide (bidi and other format characters, default-ignorable,
    /// private-use and unassigned scalars) are kept as they are or written as `\uXXXX`.
    public enum Invisibles: Sendable {
        case kept, escaped
    }

    /// A value to write; objects keep their key order.
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case int(Int64)
        case number(Double)
        case string(String)
        case array([Value])
        case object([(String, Value)])
        /// Already formatted (the `at` field of `simulate` with exactly three decimals).
        case raw(String)

        /// A string, or `null` for nil.
        public static func orNull(_ text: String?) -> Value {
            text.map(Value.string) ?? .null
        }
    }

    /// `value` as canonical JSON, as `tinbox convert` writes documents (VENDORS.md §1): 2-space
    /// indent, `"key": value`, `[]` and `{}` for empty containers, and only the escapes JSON
    /// requires (`"`, `\\` and C0 controls), no final newline.
    public static func writeIndented(_ value: Value) -> [UInt8] {
        var output: [UInt8] = []
        appendIndented(value, to: &output, depth: 0)
        return output
    }

    private static func appendIndented(_ value: Value, to output: inout [UInt8], depth: Int) {
        switch value {
        case .array(let items) where !items.isEmpty:
            output.append(UInt8(ascii: "["))
            for index in items.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1, to: &output)
                appendIndented(items[index], to: &output, depth: depth + 1)
            }
            newline(depth, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let fields) where !fields.isEmpty:
            output.append(UInt8(ascii: "{"))
            for index in fields.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1, to: &output)
                appendRequired(fields[index].0, to: &output)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                appendIndented(fields[index].1, to: &output, depth: depth + 1)
            }
            newline(depth, to: &output)
            output.append(UInt8(ascii: "}"))
        case .string(let text): appendRequired(text, to: &output)
        default: append(value, to: &output)
        }
    }

    /// A line break and `level` steps of 2-space indent.
    private static func newline(_ level: Int, to output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// A string with only JSON's required escapes; everything else as its UTF-8.
    private static func appendRequired(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: their bytes go in whole.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case ..<0x20: appendEscape(UInt16(byte), to: &output)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `value` as a String.
    public static func write(_ value: Value, invisibles: Invisibles = .kept) -> String {
        var output: [UInt8] = []
        append(value, to: &output, invisibles: invisibles)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `value` as UTF-8 to `output`.
    public static func append(_ value: Value, to output: inout [UInt8], invisibles: Invisibles = .kept) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .number(let number):
            if number.rounded() == number, abs(number) < 9_007_199_254_740_992 {
                output.append(contentsOf: String(Int64(number)).utf8)
            } else {
                output.append(contentsOf: "\(number)".utf8)
            }
        case .string(let text): appendString(text, to: &output, invisibles: invisibles)
        case .raw(let text): output.append(contentsOf: text.utf8)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(item, to: &output, invisibles: invisibles)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            for (index, (key, item)) in fields.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendString(key, to: &output, invisibles: invisibles)
                output.append(UInt8(ascii: ":"))
                append(item, to: &output, invisibles: invisibles)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Whether JSON itself or a terminal needs `scalar` escaped, whatever `Invisibles` says:
    /// C0, DEL, C1, U+2028 and U+2029.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    private static func appendString(_ text: String, to output: inout [UInt8], invisibles: Invisibles) {
        output.append(UInt8(ascii: "\""))
        // Most strings (ids, names, reasons) need no escape: their bytes go in whole.
        guard mayNeedEscape(text, invisibles: invisibles) else {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append(contentsOf: "\\\"".utf8)
            case "\\": output.append(contentsOf: "\\\\".utf8)
            case "\n": output.append(contentsOf: "\\n".utf8)
            case "\r": output.append(contentsOf: "\\r".utf8)
            case "\t": output.append(contentsOf: "\\t".utf8)
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: output.append(UInt8(scalar.value))
            case _ where isControl(scalar) || (invisibles == .escaped && TerminalText.needsJSONEscape(scalar)):
                for unit in String(scalar).utf16 { appendEscape(unit, to: &output) }
            default: UTF8.encode(scalar) { output.append($0) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` for one UTF-16 unit, lower-case hex.
    static func appendEscape(_ unit: UInt16, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) { output.append(hex[Int((unit >> UInt16(shift)) & 0xF)]) }
    }

    /// Whether `text` may hold a scalar `appendString` escapes, looking at its UTF-8 bytes: below
    /// 0x20, `"`, `\\`, DEL, U+0080–U+009F (C2 80–C2 9F), U+2028 and U+2029 (E2 80 A8/A9); with
    /// invisibles escaped, any non-ASCII byte sends the string the scalar-by-scalar way.
    private static func mayNeedEscape(_ text: String, invisibles: Invisibles) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case ..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F: return true
            case 0x80... where invisibles == .escaped: return true
            case 0x80...0x9F where previous == 0xC2: return true
            case 0xA8...0xA9 where previous == 0x80 && beforePrevious == 0xE2: return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
