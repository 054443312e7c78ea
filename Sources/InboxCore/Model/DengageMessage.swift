import Foundation

/// Maps one item of a Dengage inbox (VENDORS.md §2) onto tinbox's message: an Inbox Channel
/// message (`smsgId`, `isRead`, `priority`, the `messageJson` object or a JSON string of it) or
/// a legacy `/api/pi` one (`smsg_id`, `is_clicked`, `message_json` as a JSON string).
///
/// Lenient as §6 says: unknown keys are ignored, null and blank strings are absent, numbers may
/// be numeric strings and booleans 0/1.
public enum DengageMessage {
    /// The message `item` describes, for `producer`; `firstSeen` dates one without
    /// `receiveDateUTC` (`hasReceiveDate` false). Throws why the item cannot be used.
    public static func message(_ item: JSONValue, producer: String, firstSeen: Date) throws(FeedItemSkip)
        -> InboxMessage
    {
        guard item.objectValue != nil else { throw FeedItemSkip("not an object") }
        guard let id = item.firstString("smsgId", "smsg_id") else { throw FeedItemSkip("no smsgId") }
        let content: JSONValue
        switch item.embeddedObject("messageJson") ?? item.embeddedObject("message_json") {
        case nil: throw FeedItemSkip("no messageJson")
        case .null?: throw FeedItemSkip("messageJson is not a JSON object")
        case let object?: content = object
        }
        let body = content["message"].lenientString
        guard let title = content["title"].lenientString ?? body.flatMap(JSONValue.firstLine) else {
            throw FeedItemSkip("no title or message")
        }
        let date = content.firstString("receiveDateUTC", "receiveDate").flatMap(UTCDate.parseVendor)
        var buttons = (content["ctaButtons"]?.arrayValue ?? []).compactMap(button)
        // The legacy list has one message-level link (its iOS form first) and no buttons.
        if buttons.isEmpty, let link = content.firstString("iosTargetUrl", "targetUrl", "androidTargetUrl") {
            buttons = [CTAButton.open(link)]
        }
        return InboxMessage(
            key: MessageKey(producer: producer, id: id),
            serverRead: item["isRead"].lenientBool ?? item["is_clicked"].lenientBool ?? false,
            title: title, body: body,
            imageUrl: content.firstString("imageUrl", "iosMediaUrl", "mediaUrl", "androidMediaUrl"),
            buttons: buttons, isPinned: content["isPinned"].lenientBool ?? false, receiveDate: date ?? firstSeen,
            messageDetails: content["messageDetails"].lenientString, hasReceiveDate: date != nil,
            priority: item["priority"].lenientInteger ?? content["priority"].lenientInteger)
    }

    /// One `ctaButtons` element (PROTOCOL 1.2's shape); one that is not an object is dropped.
    private static func button(_ value: JSONValue) -> CTAButton? {
        guard value.objectValue != nil else { return nil }
        return CTAButton(
            buttonId: value["buttonId"].lenientString, label: value["label"].lenientString,
            iosDeeplink: value["iosDeeplink"].lenientString, androidDeeplink: value["androidDeeplink"].lenientString,
            webUrl: value["webUrl"].lenientString)
    }
}
