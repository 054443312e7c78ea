import Foundation
import InboxCore

/// Maps `messages` rows to `InboxEntry` values and back.
enum EntryRow {
    static let columns =
        "producer, id, state, server_read, start_ms, end_ms, pinned, receive_ms, title, body, image_url, buttons, details, extras"
    /// How many columns `columns` names: a query may add its own after them.
    static let columnCount = 14

    static func entry(from row: Statement) -> InboxEntry {
        var message = InboxMessage(
            key: MessageKey(producer: row.text(0) ?? "", id: row.text(1) ?? ""),
            serverRead: row.int(3) != 0,
            start: row.optionalInt(4).map(UTCDate.date(milliseconds:)),
            end: row.optionalInt(5).map(UTCDate.date(milliseconds:)),
            title: row.text(8) ?? "",
            body: row.text(9),
            imageUrl: row.text(10),
            buttons: decodeButtons(row.text(11)),
            isPinned: row.int(6) != 0,
            receiveDate: UTCDate.date(milliseconds: row.int(7)),
            messageDetails: row.text(12))
        if let extras = row.text(13) { decodeExtras(extras, into: &message) }
        return InboxEntry(message: message, state: state(row.int(2)))
    }

    /// The optional fields vendor formats carry (PROTOCOL 1.2: `subtitle`, `imageAlt`,
    /// `customKeys`, `priority`) as one JSON object, keys sorted; NULL when there are none, as for
    /// nearly every tinbox message, so they cost those nothing.
    static func encodeExtras(_ message: InboxMessage) -> String? {
        var fields: [(String, JSONWriter.Value)] = []
        if !message.customKeys.isEmpty {
            fields.append(
                ("customKeys", .object(message.customKeys.keys.sorted().map { ($0, .string(message.customKeys[$0]!)) }))
            )
        }
        if let alt = message.imageAlt { fields.append(("imageAlt", .string(alt))) }
        if let priority = message.priority { fields.append(("priority", .int(Int64(priority)))) }
        if let subtitle = message.subtitle { fields.append(("subtitle", .string(subtitle))) }
        return fields.isEmpty ? nil : JSONWriter.write(.object(fields))
    }

    static func decodeExtras(_ text: String, into message: inout InboxMessage) {
        guard let extras = JSONValue.parse(text) else { return }
        message.subtitle = extras["subtitle"]?.stringValue
        message.imageAlt = extras["imageAlt"]?.stringValue
        message.priority = extras["priority"]?.numberValue.map { Int($0) }
        for (key, value) in extras["customKeys"]?.objectValue ?? [:] { message.customKeys[key] = value.stringValue }
    }

    static func state(_ code: Int64) -> MessageState {
        switch code {
        case 1: return .read
        case 2: return .deleted
        default: return .unread
        }
    }

    static func code(_ state: MessageState) -> Int64 {
        switch state {
        case .unread: return 0
        case .read: return 1
        case .deleted: return 2
        }
    }

    /// The buttons as a JSON array of objects, fields in declaration order, absent ones left
    /// out; NULL when there are none. Written by hand: a JSONEncoder cost 13 µs a message on
    /// import (3 s of a 1,000,000-message feed) and wrote the keys in a different order each run.
    static func encodeButtons(_ buttons: [CTAButton]) -> String? {
        guard !buttons.isEmpty else { return nil }
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, button) in buttons.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "{"))
            var first = true
            for (name, value) in [
                ("buttonId", button.buttonId), ("label", button.label), ("iosDeeplink", button.iosDeeplink),
                ("androidDeeplink", button.androidDeeplink), ("webUrl", button.webUrl),
            ] {
                guard let value else { continue }
                if !first { json.append(UInt8(ascii: ",")) }
                first = false
                JSONWriter.append(.string(name), to: &json)
                json.append(UInt8(ascii: ":"))
                JSONWriter.append(.string(value), to: &json)
            }
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// JSONSerialization rather than a JSONDecoder: for these tiny arrays, read for every listed
    /// row, it costs a third as much (`list --json` of 100,000 messages).
    /// The column is written by `encodeButtons` from decoded buttons only, so text that does not
    /// parse back cannot come from a feed; such a row lists no buttons rather than failing the page.
    static func decodeButtons(_ text: String?) -> [CTAButton] {
        guard let text, let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
            return []
        }
        return list.map {
            CTAButton(
                buttonId: $0["buttonId"] as? String, label: $0["label"] as? String,
                iosDeeplink: $0["iosDeeplink"] as? String, androidDeeplink: $0["androidDeeplink"] as? String,
                webUrl: $0["webUrl"] as? String)
        }
    }
}
