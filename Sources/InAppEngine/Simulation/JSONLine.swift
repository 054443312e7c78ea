import Foundation
import InboxCore

/// The engine's JSON helpers over InboxCore's one writer (`JSONWriter`): its lines are exact
/// JSON and keep invisible scalars; the command that prints them to a terminal escapes those.
enum JSONLine {
    typealias Value = JSONWriter.Value

    static func write(_ value: Value) -> String {
        JSONWriter.write(value)
    }

    /// Appends `value` as UTF-8 to `output` (`simulate` writes a quarter of a million lines).
    static func append(_ value: Value, to output: inout [UInt8]) {
        JSONWriter.append(value, to: &output)
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
