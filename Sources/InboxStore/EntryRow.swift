import Foundation
import InboxCore

/// Maps `messages` rows to `InboxEntry` values and back.
enum EntryRow {
    static let columns =
        "producer, id, state, server_read, start_ms, end_ms, pinned, receive_ms, title, body, image_url, buttons, details"
    /// How many columns `columns` names: a query may add its own after them.
    static let columnCount = 13

    static func entry(from row: Statement) -> InboxEntry {
        let message = InboxMessage(
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
        return InboxEntry(message: message, state: state(row.int(2)))
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

    static func encodeButtons(_ buttons: [CTAButton]) -> String? {
        guard !buttons.isEmpty, let data = try? JSONEncoder().encode(buttons) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// JSONSerialization rather than a JSONDecoder: for these tiny arrays, read for every listed
    /// row, it costs a third as much (`list --json` of 100,000 messages).
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
