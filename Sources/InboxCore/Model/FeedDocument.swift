import Foundation

/// A decoded `GET messages` document (PROTOCOL 1.2): the usable messages and how many were
/// skipped for lacking `id`, `data.title` or `data.receiveDateUTC`.
public struct FeedDocument: Equatable, Sendable {
    public var messages: [InboxMessage]
    public var skipped: Int

    public init(messages: [InboxMessage], skipped: Int) {
        self.messages = messages
        self.skipped = skipped
    }
}

/// Why a feed could not be read at all (as opposed to single messages being skipped).
public enum FeedError: Error, Equatable, CustomStringConvertible {
    case malformed(source: String, location: JSONLocation)
    case wrongShape(source: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let source, let location):
            return "\(source):\(location.line):\(location.column): not valid JSON: \(location.problem)"
        case .wrongShape(let source, let reason):
            return "\(source): not an inbox feed: \(reason)"
        }
    }
}

extension FeedDocument {
    /// Decodes a feed for `producer`. Unknown fields are ignored. `dateShift` moves every date
    /// (used to keep the shipped demo data current; 0 for everything else).
    public init(data: Data, producer: String, source: String, dateShift: TimeInterval = 0) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
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
        messages.reserveCapacity(list.count)
        var skipped = 0
        for item in list {
            if let message = Self.message(item, producer: producer, shift: dateShift) {
                messages.append(message)
            } else {
                skipped += 1
            }
        }
        self.init(messages: messages, skipped: skipped)
    }

    /// One message, or nil when a required field is missing or of the wrong type.
    static func message(_ item: Any, producer: String, shift: TimeInterval) -> InboxMessage? {
        guard let fields = item as? [String: Any],
            let id = string(fields["id"]), !id.isEmpty,
            let data = fields["data"] as? [String: Any],
            let title = data["title"] as? String,
            let receiveText = data["receiveDateUTC"] as? String,
            let receiveDate = UTCDate.parse(receiveText)
        else { return nil }
        func date(_ value: Any?) -> Date? {
            (value as? String).flatMap(UTCDate.parse)?.addingTimeInterval(shift)
        }
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
            receiveDate: receiveDate.addingTimeInterval(shift),
            messageDetails: data["messageDetails"] as? String)
    }

    /// Ids are strings on the wire; a number is accepted as its decimal text.
    private static func string(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
        return nil
    }
}
