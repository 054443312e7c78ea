import Foundation
import Testing

@testable import InboxCore

/// VENDORS.md §3 and §6: Salesforce Marketing Cloud inbox messages onto tinbox's message, from
/// fixtures in the SDK's exposed forms (iOS, React Native, Flutter, Expo) and the wire response.
@Suite struct SalesforceMappingTests {
    static let firstSeen = DengageMappingTests.firstSeen

    func one(_ fields: String) throws -> InboxMessage {
        let item = try #require(JSONValue.parse(#"{"id":"x","# + fields + "}"))
        return try SalesforceMessage.message(item, producer: "engagement", firstSeen: Self.firstSeen)
    }

    func skipReason(_ text: String) throws -> String? {
        let item = try #require(JSONValue.parse(text))
        do {
            _ = try SalesforceMessage.message(item, producer: "engagement", firstSeen: Self.firstSeen)
            return nil
        } catch {
            return error.reason
        }
    }

    // MARK: the fixtures

    @Test func theIOSDictionaryMapsEveryRow() throws {
        let read = try DengageMappingTests.read("sfmc-ios.json")
        #expect(read.order == ["sf-ios-1", "sf-ios-2"])
        let first = try #require(read.messages["sf-ios-1"])
        #expect(first.title == "Inbox 2.0 on iOS")
        #expect(first.body == "The Inbox 2.0 body.")
        #expect(first.subtitle == "A subtitle")
        #expect(first.imageUrl == "https://cdn.example.com/ios-media.png")
        #expect(first.imageAlt == "A red shoe")
        #expect(first.buttons == [CTAButton(label: "Open", webUrl: "https://mc.example.com/cloudpage/1")])
        #expect(first.receiveDate == UTCDate.parse("2026-11-30T08:00:00.000Z"))
        #expect(first.start == UTCDate.parse("2026-11-29T00:00:00.000Z"))
        #expect(first.end == UTCDate.parse("2027-01-01T00:00:00.000Z"))
        #expect(!first.serverRead && !first.isDeleted)
        #expect(first.customKeys == ["tier": "gold", "store": "12", "custom": #"{"campaign":"winter"}"#])
        let second = try #require(read.messages["sf-ios-2"])
        #expect(second.title == "Only an alert: it is the title too")
        #expect(second.body == "Only an alert: it is the title too")
        #expect(
            second.buttons == [CTAButton(label: "Open", iosDeeplink: "app://offers", androidDeeplink: "app://offers")])
        // No sendDateUtc: the start of the window dates it.
        #expect(second.receiveDate == UTCDate.parse("2026-11-28T10:00:00.000Z"))
        #expect(second.serverRead && second.isDeleted)
    }

    @Test func theReactNativeFormReadsItsZonelessDatesAsUTC() throws {
        let message = try #require(try DengageMappingTests.read("sfmc-react-native.json").messages["sf-rn-1"])
        #expect(message.receiveDate == UTCDate.parse("2026-11-30T07:45:00.000Z"))
        #expect(message.start == UTCDate.parse("2026-11-30T00:00:00.000Z"))
        #expect(message.end == nil)
        #expect(message.subtitle == "RN subtitle")
        #expect(message.imageUrl == "https://cdn.example.com/rn.png")
        #expect(message.imageAlt == "RN alt")
        #expect(message.buttons.isEmpty)
        #expect(message.customKeys == ["segment": "vip", "score": "9"])
    }

    @Test func theFlutterFormTakesItsKeysArrayAndStringFlags() throws {
        let read = try DengageMappingTests.read("sfmc-flutter.json")
        #expect(read.order == ["sf-fl-1"])
        #expect(read.skips == ["$[1]: no id", "$[2]: no subject, title or alert"])
        let message = try #require(read.messages["sf-fl-1"])
        #expect(message.serverRead)
        #expect(!message.isDeleted)
        #expect(message.imageAlt == nil)
        #expect(message.customKeys == ["locale": "en", "custom": #"{"a":1}"#])
    }

    @Test func theExpoFormsReadBothDateSpellingsAndAnObjectCustom() throws {
        let read = try DengageMappingTests.read("sfmc-expo.json")
        #expect(read.messages["sf-expo-1"]?.receiveDate == UTCDate.parse("2026-11-30T06:00:00.000Z"))
        let android = try #require(read.messages["sf-expo-2"])
        #expect(android.receiveDate == UTCDate.parse("2026-11-30T05:00:00.000Z"))
        #expect(android.customKeys == ["campaign": "spring", "rank": "3", "flag": "true"])
    }

    @Test func theWireResponseIsUnwrapped() throws {
        let read = try DengageMappingTests.read("sfmc-wire.json")
        #expect(read.order == ["sf-wire-1", "sf-wire-2"])
        let first = try #require(read.messages["sf-wire-1"])
        #expect(first.imageUrl == "https://cdn.example.com/wire.png")
        #expect(first.imageAlt == "Wire alt")
        #expect(first.title == "Wire message")
        #expect(first.body == "From /device/v1/{appId}/message.")
        #expect(first.customKeys == ["offer": "A12", "custom": #"{"k":"v"}"#])
        let undated = try #require(read.messages["sf-wire-2"])
        #expect(!undated.hasReceiveDate)
        #expect(undated.receiveDate == Self.firstSeen)
    }

    @Test func aNamedFormatReadsTheSameAsTheRecognisedOne() throws {
        for name in ["sfmc-ios.json", "sfmc-wire.json", "sfmc-flutter.json"] {
            let named = try DengageMappingTests.read(name, format: .sfmc)
            let recognised = try DengageMappingTests.read(name)
            #expect(named.messages == recognised.messages)
            #expect(named.skips == recognised.skips)
        }
    }

    // MARK: the mapping table, one row at a time

    @Test(arguments: [
        (#""subject":"s","title":"t","alert":"a""#, "s"), (#""title":"t","alert":"a""#, "t"),
        (#""subject":" ","title":null,"alert":"first\nsecond""#, "first"),
        (#""inboxMessage":"\n2.0 body","alert":"a""#, "2.0 body"),
        (#""notificationMessage":{"title":"push title","alert":"push body"}"#, "push title"),
    ])
    func titles(fields: String, title: String) throws {
        #expect(try one(fields).title == title)
    }

    @Test(
        arguments: [
            (#""subject":"s","inboxMessage":"i","alert":"a""#, "i"), (#""subject":"s","alert":"a""#, "a"),
            (#""subject":"s","inboxMessage":"","alert":"a""#, "a"), (#""subject":"s""#, nil),
        ] as [(String, String?)])
    func bodies(fields: String, body: String?) throws {
        #expect(try one(fields).body == body)
    }

    @Test(
        arguments: [
            (#""media":{"url":"u1","androidUrl":"u2"},"media.url":"u3""#, "u1"),
            (#""media":{"androidUrl":"u2"}"#, "u2"),
            (#""media.url":"u3""#, "u3"), (#""media":null,"media.url":" ""#, nil),
            (#""media":"not an object","media.url":"u3""#, "u3"),
        ] as [(String, String?)])
    func images(fields: String, image: String?) throws {
        #expect(try one(#""subject":"s","# + fields).imageUrl == image)
    }

    @Test(
        arguments: [
            (#""media":{"altText":"a1","alt":"a2"}"#, "a1"), (#""media":{"alt":"a2"}"#, "a2"),
            (#""media.altText":"a3""#, "a3"), (#""media":{"altText":""}"#, nil),
        ] as [(String, String?)])
    func altTexts(fields: String, alt: String?) throws {
        #expect(try one(#""subject":"s","# + fields).imageAlt == alt)
    }

    @Test(
        arguments: [
            (#""inboxSubtitle":"i","subtitle":"s""#, "i"), (#""subtitle":"s""#, "s"), (#""inboxSubtitle":null"#, nil),
        ] as [(String, String?)])
    func subtitles(fields: String, subtitle: String?) throws {
        #expect(try one(#""subject":"s","# + fields).subtitle == subtitle)
    }

    @Test(arguments: [
        (#""read":true,"deleted":false"#, true, false), (#""read":1,"deleted":1"#, true, true),
        (#""read":"0","deleted":"true""#, false, true), (#""read":null,"deleted":null"#, false, false),
    ])
    func flags(fields: String, read: Bool, deleted: Bool) throws {
        let message = try one(#""subject":"s","# + fields)
        #expect(message.serverRead == read)
        #expect(message.isDeleted == deleted)
    }

    @Test(arguments: [
        (
            #""sendDateUtc":"2026-11-30T08:00:00.000Z","startDateUtc":"2026-11-01T00:00:00Z""#,
            "2026-11-30T08:00:00.000Z"
        ),
        (#""sendDateUtc":"garbage","startDateUtc":"2026-11-01 00:00:00""#, "2026-11-01T00:00:00.000Z"),
        (#""sendDateUtc":"2026-11-30T09:00:00+01:00""#, "2026-11-30T08:00:00.000Z"),
    ])
    func receiveDates(fields: String, expected: String) throws {
        #expect(try one(#""subject":"s","# + fields).receiveDate == UTCDate.parse(expected))
    }

    @Test func customKeysComeFromEverySpelling() throws {
        let message = try one(
            #""subject":"s","custom":{"a":"1","n":null},"customKeys":{"b":2},"keys":[{"key":"c","value":"3"},{"key":"","value":"x"},{"value":"y"},5]"#
        )
        #expect(message.customKeys == ["a": "1", "b": "2", "c": "3"])
    }

    @Test func aNumericIdIsItsDecimalText() throws {
        let item = try #require(JSONValue.parse(#"{"id":12345,"subject":"s"}"#))
        #expect(try SalesforceMessage.message(item, producer: "p", firstSeen: Self.firstSeen).key.id == "12345")
    }

    @Test(arguments: [
        (#"{"subject":"s"}"#, "no id"), (#"{"id":"","subject":"s"}"#, "no id"),
        (#"{"id":"x"}"#, "no subject, title or alert"),
        (#"{"id":"x","subject":null,"alert":"  "}"#, "no subject, title or alert"), ("3", "not an object"),
    ])
    func skips(text: String, reason: String) throws {
        #expect(try skipReason(text) == reason)
    }
}
