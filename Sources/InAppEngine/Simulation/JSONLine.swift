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
        var output = ""
        write(value, into: &output)
        return output
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

    private static func write(_ value: Value, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .number(let number):
            if number.rounded() == number, abs(number) < 9_007_199_254_740_992 {
                output += String(Int64(number))
            } else {
                output += "\(number)"
            }
        case .string(let text): writeString(text, into: &output)
        case .raw(let text): output += text
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, into: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (index, (key, item)) in fields.enumerated() {
                if index > 0 { output += "," }
                writeString(key, into: &output)
                output += ":"
                write(item, into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        // Most strings (ids, names, reasons) need no escape: append them whole rather than one
        // scalar at a time, which was an eighth of `simulate`'s time.
        if !needsEscape(text) {
            output += "\""
            output += text
            output += "\""
            return
        }
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
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
        var fields: [(String, JSONLine.Value)] = [
            ("at", .raw(JSONLine.seconds(milliseconds: milliseconds))), ("event", .string(eventName)),
        ]
        fields += details
        return JSONLine.write(.object(fields))
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
