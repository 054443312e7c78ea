import Foundation

@testable import InboxCore

/// The feed decoder tinbox had before the streaming one, kept as the oracle the streaming decoder
/// must agree with: `JSONSerialization` for the whole document, then casts.
enum FoundationFeedOracle {
    static func decode(_ data: Data, producer: String = "engagement", source: String = "feed.json") throws
        -> FeedDocument
    {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: LoneSurrogates.replaced(data), options: [.fragmentsAllowed])
        } catch {
            throw FeedError.malformed(source: source, location: JSONLocation(error: error, in: data))
        }
        guard let object = root as? [String: Any] else {
            throw FeedError.wrongShape(source: source, reason: "the top level is not an object")
        }
        guard let list = object["messages"] as? [Any] else {
            throw FeedError.wrongShape(source: source, reason: "no \"messages\" array")
        }
        var messages: [InboxMessage] = []
        var skipped = 0
        for item in list {
            if let message = message(item, producer: producer) {
                messages.append(message)
            } else {
                skipped += 1
            }
        }
        return FeedDocument(messages: messages, skipped: skipped)
    }

    private static func message(_ item: Any, producer: String) -> InboxMessage? {
        guard let fields = item as? [String: Any],
            let id = string(fields["id"]), !id.isEmpty,
            let data = fields["data"] as? [String: Any],
            let title = data["title"] as? String,
            let receiveText = data["receiveDateUTC"] as? String,
            let receiveDate = UTCDate.parse(receiveText)
        else { return nil }
        func date(_ value: Any?) -> Date? { (value as? String).flatMap(UTCDate.parse) }
        let buttons = (data["ctaButtons"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.map {
            CTAButton(
                buttonId: string($0["buttonId"]), label: $0["label"] as? String,
                iosDeeplink: $0["iosDeeplink"] as? String, androidDeeplink: $0["androidDeeplink"] as? String,
                webUrl: $0["webUrl"] as? String)
        }
        return InboxMessage(
            key: MessageKey(producer: producer, id: id),
            serverRead: fields["isRead"] as? Bool ?? false,
            start: date(fields["startDateUtc"]), end: date(fields["endDateUtc"]),
            title: title, body: data["message"] as? String, imageUrl: data["imageUrl"] as? String,
            buttons: buttons, isPinned: data["isPinned"] as? Bool ?? false,
            receiveDate: receiveDate, messageDetails: data["messageDetails"] as? String)
    }

    private static func string(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
        return nil
    }
}

/// tinbox reads a `\u` escape of a lone surrogate (half of a pair) as U+FFFD, where Foundation
/// refuses the whole document (JSONPrescan, JSONReader): the oracles are Foundation's answers on
/// the text with each such escape written as `\ufffd`, the same length, so every place is kept.
enum LoneSurrogates {
    static func replaced(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        func unit(at index: Int) -> Int? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            return Int(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard let first = unit(at: index) else {
                index += 2  // another escape (`\\`, `\n`): its second byte is not a backslash to read
                continue
            }
            if (0xD800...0xDBFF).contains(first), let second = unit(at: index + 6), (0xDC00...0xDFFF).contains(second) {
                index += 12
                continue
            }
            if (0xD800...0xDFFF).contains(first) {
                for (offset, byte) in #"\ufffd"#.utf8.enumerated() { bytes[index + offset] = byte }
            }
            index += 6
        }
        return bytes
    }

    static func replaced(_ data: Data) -> Data { Data(replaced([UInt8](data))) }
}
