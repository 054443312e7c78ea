import Foundation

/// Maps one Salesforce Marketing Cloud inbox message (VENDORS.md §3) onto tinbox's message: the
/// SDK-exposed JSON (iOS dictionaries with the flat `"media.url"` keys and 0/1 flags, the React
/// Native, Flutter and Expo plugins' forms) or an item of the `/device/v1/{appId}/message` response.
///
/// Lenient as §6 says: unknown keys are ignored, null and blank strings are absent, numbers may
/// be numeric strings and booleans 0/1.
public enum SalesforceMessage {
    /// The message `item` describes, for `producer`; `firstSeen` dates one with neither
    /// `sendDateUtc` nor `startDateUtc` (`hasReceiveDate` false). Throws why it cannot be used.
    public static func message(_ item: JSONValue, producer: String, firstSeen: Date) throws(FeedItemSkip)
        -> InboxMessage
    {
        guard item.objectValue != nil else { throw FeedItemSkip("not an object") }
        guard let id = item["id"].lenientString else { throw FeedItemSkip("no id") }
        // A push copied to the inbox (PCTI) may carry its text only in `notificationMessage`.
        let push = item["notificationMessage"]?.objectValue != nil ? item["notificationMessage"]! : .null
        let body = item.firstString("inboxMessage", "alert") ?? push["alert"].lenientString
        guard
            let title = item.firstString("subject", "title") ?? push["title"].lenientString
                ?? body.flatMap(JSONValue.firstLine)
        else { throw FeedItemSkip("no subject, title or alert") }
        let media = item["media"]?.objectValue != nil ? item["media"]! : .null
        let start = item["startDateUtc"].lenientString.flatMap(UTCDate.parseVendor)
        let sent = item["sendDateUtc"].lenientString.flatMap(UTCDate.parseVendor) ?? start
        let link = item["url"].lenientString ?? push["url"].lenientString
        var message = InboxMessage(
            key: MessageKey(producer: producer, id: id), serverRead: item["read"].lenientBool ?? false,
            start: start, end: item["endDateUtc"].lenientString.flatMap(UTCDate.parseVendor), title: title,
            body: body,
            imageUrl: media.firstString("url", "androidUrl", "iosUrl") ?? item["media.url"].lenientString
                ?? push["mediaUrl"].lenientString,
            buttons: link.map { [CTAButton.open($0)] } ?? [], receiveDate: sent ?? firstSeen,
            hasReceiveDate: sent != nil,
            subtitle: item.firstString("inboxSubtitle", "subtitle") ?? push["subtitle"].lenientString,
            imageAlt: media.firstString("altText", "alt") ?? item.firstString("media.altText", "media.alt")
                ?? push["mediaAltText"].lenientString,
            customKeys: customKeys(item), isDeleted: item["deleted"].lenientBool ?? false)
        message.stateOnFirstImport = true
        return message
    }

    /// `custom` (a string, or an object: its entries), `customKeys` (a map) and `keys`
    /// (`[{key, value}]`), later ones winning on the same key.
    static func customKeys(_ item: JSONValue) -> [String: String] {
        var keys: [String: String] = [:]
        switch item["custom"].present {
        case .object(let fields)?:
            for (key, value) in fields { if let text = display(value) { keys[key] = text } }
        case let value?:
            if let text = display(value) { keys["custom"] = text }
        case nil: break
        }
        for (key, value) in item["customKeys"]?.objectValue ?? [:] {
            if let text = display(value) { keys[key] = text }
        }
        for pair in item["keys"]?.arrayValue ?? [] {
            if let key = pair["key"].lenientString, let text = pair["value"].flatMap(display) { keys[key] = text }
        }
        return keys
    }

    /// A custom value as one line's text: strings and numbers as they are, other JSON as its text.
    private static func display(_ value: JSONValue) -> String? {
        switch value.present {
        case nil: return nil
        case .bool(let flag)?: return flag ? "true" : "false"
        case .string, .number: return value.lenientString
        case let other?: return JSONWriter.write(other.writerValue)
        }
    }
}

extension JSONValue {
    /// The value in JSONWriter's terms, object keys sorted (the same value writes the same bytes).
    public var writerValue: JSONWriter.Value {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.writerValue))
        case .object(let fields): return .object(fields.keys.sorted().map { ($0, fields[$0]!.writerValue) })
        }
    }
}
