import Foundation
import Testing

@testable import InboxCore

/// VENDORS.md §2 and §6: Dengage inbox items onto tinbox's message, row by row of the mapping
/// table, from fixtures in Dengage's own shapes (Inbox Channel array, legacy `/api/pi` list).
@Suite struct DengageMappingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/vendors").standardized
    static let firstSeen = UTCDate.parse("2026-12-01T12:00:00.000Z")!

    /// The fixture read through the streaming decoder, recognised by shape: messages and skips.
    static func read(_ name: String, format: InboxFormat? = nil) throws -> (
        messages: [String: InboxMessage], order: [String], skips: [String]
    ) {
        let sink = RecordingSink()
        let decoder = FeedDecoder(
            producer: "engagement", source: name, format: format, firstSeen: firstSeen, sink: sink)
        try decoder.feed(try Data(contentsOf: folder.appendingPathComponent(name)))
        let skipped = try decoder.finish()
        #expect(skipped == sink.skips.count)
        var byID: [String: InboxMessage] = [:]
        for message in sink.messages { byID[message.key.id] = message }
        return (byID, sink.messages.map(\.key.id), sink.skips)
    }

    /// One Inbox Channel item: `fields` are its keys, `content` the keys of its `messageJson`.
    func one(_ fields: String = "", content: String) throws -> InboxMessage {
        let text = #"{"smsgId":"x"\#(fields.isEmpty ? "" : ","+fields),"messageJson":{\#(content)}}"#
        return try DengageMessage.message(
            try #require(JSONValue.parse(text)), producer: "engagement", firstSeen: Self.firstSeen)
    }

    func skipReason(_ text: String) throws -> String? {
        let item = try #require(JSONValue.parse(text))
        do {
            _ = try DengageMessage.message(item, producer: "engagement", firstSeen: Self.firstSeen)
            return nil
        } catch {
            return error.reason
        }
    }

    // MARK: the fixtures

    @Test func anInboxChannelArrayMapsEveryRow() throws {
        let read = try Self.read("dengage-inbox-channel.json")
        #expect(read.order == ["dg-1001", "dg-1002", "dg-1003", "dg-1004", "1008"])
        let first = try #require(read.messages["dg-1001"])
        #expect(first.title == "Your order shipped")
        #expect(first.body == "Order 4412 left our warehouse today.\nTrack it in the app.")
        #expect(first.imageUrl == "https://cdn.example.com/ship.png")
        #expect(first.isPinned)
        #expect(!first.serverRead)
        #expect(first.priority == 2)
        #expect(first.messageDetails == "eyJjYW1wYWlnbiI6IDQ0MTJ9")
        #expect(first.receiveDate == UTCDate.parse("2026-11-30T08:30:00.000Z"))
        #expect(first.hasReceiveDate)
        #expect(first.start == nil && first.end == nil)
        #expect(
            first.buttons == [
                CTAButton(
                    buttonId: "track", label: "Track order", iosDeeplink: "shop://orders/4412",
                    androidDeeplink: "shop://orders/4412", webUrl: "https://shop.example.com/orders/4412")
            ])
        #expect(read.messages["dg-1002"]?.serverRead == true)
    }

    @Test func aStringMessageJsonIsReadAndATitleMissingBesideABodyIsItsFirstLine() throws {
        let message = try #require(try Self.read("dengage-inbox-channel.json").messages["dg-1003"])
        #expect(message.title == "Body only: the first line becomes the title")
        #expect(message.body == "Body only: the first line becomes the title\nsecond line")
        #expect(message.isPinned)
        #expect(message.priority == 5)
        #expect(message.receiveDate == UTCDate.parse("2026-11-28T07:15:00.000Z"))
        // The element that is not an object is dropped, its neighbour kept.
        #expect(message.buttons == [CTAButton(label: "Open", webUrl: "https://example.com")])
    }

    @Test func nullsAndBlankStringsAreAbsentAndAMissingDateIsTheFirstSeenInstant() throws {
        let message = try #require(try Self.read("dengage-inbox-channel.json").messages["dg-1004"])
        #expect(message.serverRead)
        #expect(message.body == nil)
        #expect(message.imageUrl == nil)
        #expect(!message.isPinned)
        #expect(message.messageDetails == nil)
        #expect(message.buttons.isEmpty)
        #expect(message.receiveDate == Self.firstSeen)
        #expect(!message.hasReceiveDate)
    }

    @Test func unusableItemsAreSkippedWithTheirPathAndReason() throws {
        let read = try Self.read("dengage-inbox-channel.json")
        #expect(
            read.skips == [
                "$[4]: no smsgId", "$[5]: no title or message", "$[6]: messageJson is not a JSON object",
                "$[7]: not an object",
            ])
        let numeric = try #require(read.messages["1008"])
        #expect(!numeric.serverRead)
        #expect(numeric.receiveDate == UTCDate.parse("2026-11-27T09:00:00.000Z"))
    }

    @Test func theLegacyListMapsEveryRow() throws {
        let read = try Self.read("dengage-legacy.json")
        #expect(read.order == ["pi-1", "pi-2", "pi-3"])
        #expect(read.skips == ["$[3]: no messageJson", "$[4]: messageJson is not a JSON object"])
        let first = try #require(read.messages["pi-1"])
        #expect(first.title == "Legacy welcome")
        #expect(first.body == "Thanks for joining.")
        #expect(first.imageUrl == "https://cdn.example.com/ios.png")
        #expect(first.receiveDate == UTCDate.parse("2026-11-30T09:00:00.000Z"))
        #expect(!first.serverRead)
        // `iosTargetUrl` first; a deeplink is not a link a terminal opens.
        #expect(
            first.buttons == [CTAButton(label: "Open", iosDeeplink: "app://welcome", androidDeeplink: "app://welcome")])
        let second = try #require(read.messages["pi-2"])
        #expect(second.serverRead)
        #expect(second.imageUrl == "https://cdn.example.com/generic.png")
        #expect(second.buttons == [CTAButton(label: "Open", webUrl: "https://example.com/post")])
        let third = try #require(read.messages["pi-3"])
        #expect(third.serverRead)
        #expect(third.imageUrl == "https://cdn.example.com/android.png")
        #expect(third.body == nil)
    }

    @Test func aNamedFormatReadsTheSameAsTheRecognisedOne() throws {
        let named = try Self.read("dengage-inbox-channel.json", format: .dengage)
        let recognised = try Self.read("dengage-inbox-channel.json")
        #expect(named.order == recognised.order)
        #expect(named.messages == recognised.messages)
    }

    // MARK: §6 leniency, one rule at a time

    @Test(arguments: [
        (#""isRead":true"#, true), (#""isRead":1"#, true), (#""isRead":"1""#, true), (#""isRead":"true""#, true),
        (#""isRead":0"#, false), (#""isRead":"0""#, false), (#""isRead":null"#, false), ("", false),
        (#""is_clicked":1"#, true),
    ])
    func readFlags(fields: String, read: Bool) throws {
        #expect(try one(fields, content: #""title":"t""#).serverRead == read)
    }

    @Test(arguments: [
        (#""isPinned":true"#, true), (#""isPinned":1"#, true), (#""isPinned":"1""#, true),
        (#""isPinned":0"#, false), (#""isPinned":null"#, false), (#""isPinned":"no""#, false),
    ])
    func pinnedFlags(content: String, pinned: Bool) throws {
        #expect(try one(content: #""title":"t","# + content).isPinned == pinned)
    }

    @Test(
        arguments: [
            (#""priority":3"#, 3), (#""priority":"3""#, 3), (#""priority":" 7 ""#, 7), (#""priority":null"#, nil),
            (#""priority":"high""#, nil), (#""priority":2.5"#, nil),
        ] as [(String, Int?)])
    func priorities(fields: String, priority: Int?) throws {
        #expect(try one(fields, content: #""title":"t""#).priority == priority)
    }

    @Test(arguments: [
        ("2026-11-30T08:30:00.000Z", "2026-11-30T08:30:00.000Z"), ("2026-11-30T08:30:00Z", "2026-11-30T08:30:00.000Z"),
        ("2026-11-30T10:30:00+02:00", "2026-11-30T08:30:00.000Z"), ("2026-11-30 08:30:00", "2026-11-30T08:30:00.000Z"),
        ("2026-11-30T08:30:00.5", "2026-11-30T08:30:00.500Z"),
    ])
    func receiveDates(text: String, expected: String) throws {
        let message = try one(content: #""title":"t","receiveDateUTC":"\#(text)""#)
        #expect(message.receiveDate == UTCDate.parse(expected))
        #expect(message.hasReceiveDate)
    }

    @Test(arguments: [#""receiveDateUTC":"yesterday""#, #""receiveDateUTC":"""#, #""receiveDateUTC":12"#, ""])
    func anUnreadableDateIsTheFirstSeenInstant(content: String) throws {
        let message = try one(content: #""title":"t""# + (content.isEmpty ? "" : "," + content))
        #expect(message.receiveDate == Self.firstSeen)
        #expect(!message.hasReceiveDate)
    }

    @Test func aNumericIdIsItsDecimalText() throws {
        let message = try DengageMessage.message(
            try #require(JSONValue.parse(#"{"smsgId":42,"messageJson":{"title":"t"}}"#)), producer: "p",
            firstSeen: Self.firstSeen)
        #expect(message.key == MessageKey(producer: "p", id: "42"))
    }

    @Test func aBlankTitleBesideABodyIsTheBodysFirstNonBlankLine() throws {
        let message = try one(content: #""title":"  ","message":"\n  \n  Hello there  \nmore""#)
        #expect(message.title == "Hello there")
    }

    @Test func buttonFieldsAreEachOptional() throws {
        let message = try one(
            content: #""title":"t","ctaButtons":[{"label":"Only a label"},{"buttonId":7,"webUrl":" "}]"#)
        #expect(message.buttons == [CTAButton(label: "Only a label"), CTAButton(buttonId: "7")])
    }

    @Test(arguments: [
        (#"{"messageJson":{"title":"t"}}"#, "no smsgId"),
        (#"{"smsgId":null,"messageJson":{"title":"t"}}"#, "no smsgId"),
        (#"{"smsgId":"  ","messageJson":{"title":"t"}}"#, "no smsgId"), (#"{"smsgId":"x"}"#, "no messageJson"),
        (#"{"smsgId":"x","messageJson":null}"#, "no messageJson"),
        (#"{"smsgId":"x","messageJson":[1]}"#, "messageJson is not a JSON object"),
        (#"{"smsgId":"x","messageJson":"[1]"}"#, "messageJson is not a JSON object"),
        (#"{"smsgId":"x","messageJson":{}}"#, "no title or message"),
        (#"{"smsgId":"x","messageJson":{"title":"","message":null}}"#, "no title or message"), ("[]", "not an object"),
    ])
    func skips(text: String, reason: String) throws {
        #expect(try skipReason(text) == reason)
    }

    @Test func anEmptyArrayIsAnEmptyFeed() throws {
        let sink = RecordingSink()
        let decoder = FeedDecoder(producer: "p", source: "s", format: nil, sink: sink)
        try decoder.feed(Data("[]".utf8))
        #expect(try decoder.finish() == 0)
        #expect(sink.messages.isEmpty)
    }
}

/// Keeps what a decoder handed on, skips as `path: reason` lines.
final class RecordingSink: FeedSink {
    var messages: [InboxMessage] = []
    var skips: [String] = []

    func accept(_ message: InboxMessage) { messages.append(message) }
    func discardAccepted() { messages.removeAll() }
    func skipped(path: String, reason: String) { skips.append("\(path): \(reason)") }
}
