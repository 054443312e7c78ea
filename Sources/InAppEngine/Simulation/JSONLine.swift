import Foundation

/// Writes JSON with keys in the order given, so every output line is the same byte for byte.
enum JSONLine {
    /// A value to write; objects keep their key order.
    indirect enum Value {
        case null
        case bool(Bool)
        case int(Int64)
        case number(Double)
        case string(String)
        case array([Value])
        case object([(String, Value)])
        /// Already formatted (the `at` field with exactly three decimals).
        case raw(String)
    }

    static func write(_ value: Value) -> String {
        var output: [UInt8] = []
        write(value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `value` as UTF-8 to `output`. `simulate` writes a quarter of a million lines;
    /// appending bytes to one array costs a fraction of appending pieces to a `String`, which
    /// was a quarter of the run's instructions.
    static func append(_ value: Value, to output: inout [UInt8]) {
        write(value, into: &output)
    }

    /// A JSON value from input, with object keys sorted.
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value))
        case .object(let fields): return .object(fields.keys.sorted().map { ($0, value(fields[$0]!)) })
        }
    }

    /// A scalar as text (`1200`, `1.5`, `true`), for placeholder values given as numbers.
    static func literal(_ json: JSONValue) -> String {
        switch json {
        case .string(let text): return text
        default: return write(value(json))
        }
    }

    /// Milliseconds as seconds with exactly three decimals: `12.300`.
    static func seconds(milliseconds: Int64) -> String {
        let whole = milliseconds / 1000
        let rest = String(milliseconds % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - rest.count) + rest
    }

    private static func write(_ value: Value, into output: inout [UInt8]) {
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
        case .string(let text): writeString(text, into: &output)
        case .raw(let text): output.append(contentsOf: text.utf8)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(item, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            for (index, (key, item)) in fields.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(item, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings (ids, names, reasons) need no escape: their bytes go in whole.
        guard needsEscape(text) else {
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
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: UTF8.encode(scalar) { output.append($0) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether `text` holds a character `writeString` escapes, looking at its UTF-8 bytes: below
    /// 0x20, `"`, `\\`, DEL, U+0080–U+009F (C2 80–C2 9F), U+2028 and U+2029 (E2 80 A8/A9).
    private static func needsEscape(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case ..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F: return true
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

extension PresenterReport {
    /// The `tinbox simulate` line for this report (CLI.md): `at`, `event`, then the fields of the event.
    func jsonLine(atMilliseconds milliseconds: Int64) -> String {
        var line: [UInt8] = []
        appendJSONLine(atMilliseconds: milliseconds, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// `jsonLine(atMilliseconds:)` appended to `output` as UTF-8, without its newline.
    func appendJSONLine(atMilliseconds milliseconds: Int64, to output: inout [UInt8]) {
        var fields: [(String, JSONLine.Value)] = [
            ("at", .raw(JSONLine.seconds(milliseconds: milliseconds))), ("event", .string(eventName)),
        ]
        fields += details
        JSONLine.append(.object(fields), to: &output)
    }

    var eventName: String {
        switch self {
        case .sessionStarted: return "sessionStarted"
        case .synced: return "synced"
        case .selected: return "selected"
        case .deferred: return "deferred"
        case .dropped: return "dropped"
        case .discarded: return "discarded"
        case .retried: return "retried"
        case .shown: return "shown"
        case .impression: return "impression"
        case .click: return "click"
        case .action: return "action"
        case .dismissed: return "dismissed"
        case .analyticsSent: return "analyticsSent"
        case .analyticsFailed: return "analyticsFailed"
        }
    }

    private var details: [(String, JSONLine.Value)] {
        switch self {
        case .sessionStarted(let customer):
            return [("customer", .string(customer))]
        case .synced(let source, let attempt, let language):
            return [
                ("source", .string(source.rawValue)), ("attempt", .int(Int64(attempt))), ("lang", .string(language)),
            ]
        case .selected(let id), .discarded(let id), .retried(let id), .impression(let id):
            return [("message", .string(id))]
        case .deferred(let id, let reason), .dropped(let id, let reason):
            return [("message", .string(id)), ("reason", .string(reason.rawValue))]
        case .shown(let id, let header, let body, let isTest):
            let text: JSONLine.Value = .object([
                ("header", header.map(JSONLine.Value.string) ?? .null),
                ("body", body.map(JSONLine.Value.string) ?? .null),
            ])
            return [("message", .string(id)), ("text", text)] + (isTest ? [("test", .bool(true))] : [])
        case .click(let id, let button, let url):
            return [
                ("message", .string(id)), ("buttonId", button.map(JSONLine.Value.string) ?? .null),
                ("url", url.map(JSONLine.Value.string) ?? .null),
            ]
        case .action(let id, let action):
            var fields: [(String, JSONLine.Value)] = [("message", .string(id)), ("type", .string(action.typeName))]
            switch action {
            case .openURL(let url, let external): fields += [("url", .string(url)), ("external", .bool(external))]
            case .navigate(let route, let arguments):
                fields += [("route", .string(route)), ("arguments", JSONLine.value(.object(arguments)))]
            case .unsupported(let type): fields += [("originalType", .string(type))]
            case .dismiss, .requestPushPermission: break
            }
            return fields
        case .dismissed(let id, let reason):
            return [("message", .string(id)), ("reason", .string(reason.rawValue))]
        case .analyticsSent(let ids), .analyticsFailed(let ids):
            return [
                ("count", .int(Int64(ids.count))),
                ("eventIds", .array(ids.map { .string($0.uuidString.lowercased()) })),
            ]
        }
    }
}
