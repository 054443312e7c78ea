import Foundation
import InboxCore
import InboxSync
import Testing

@testable import InboxStore

/// Issue 12: vendor files through the refresh into the store: what a vendor gives beside
/// PROTOCOL 1.2 is kept, an undated message keeps the instant it was first stored, a broken or
/// unrecognised file changes nothing stored.
@Suite struct VendorImportTests {
    typealias Fixture = StreamingImportTests.Fixture

    @Test func anUndatedMessageKeepsTheInstantItWasFirstStored() throws {
        let fixture = try Fixture()
        let feed = try fixture.write(
            #"{"messages":[{"id":"w","subject":"No date","alert":"a"},{"id":"d","subject":"Dated","sendDateUtc":"2026-11-01T00:00:00Z"}]}"#
        )
        #expect(try fixture.refresh(feed) == .ok(messages: 2, skipped: 0))
        let stored = try #require(try fixture.inbox.entry(fixture.key("w"))).message.receiveDate
        #expect(stored == UTCDate.parse("2026-11-29T12:00:00.000Z"))
        #expect(try fixture.refresh(feed) == .ok(messages: 2, skipped: 0))
        #expect(try fixture.inbox.entry(fixture.key("w"))?.message.receiveDate == stored)
        #expect(try fixture.inbox.entry(fixture.key("d"))?.message.receiveDate == UTCDate.parse("2026-11-01T00:00:00Z"))
    }

    @Test func theVendorFieldsAreStoredAndReadBack() throws {
        let fixture = try Fixture()
        let feed = try fixture.write(
            #"[{"id":"s","subject":"t","inboxSubtitle":"sub","media":{"url":"https://i","altText":"alt"},"keys":[{"key":"k","value":"v"}],"sendDateUtc":"2026-11-01T00:00:00Z"}]"#
        )
        #expect(try fixture.refresh(feed) == .ok(messages: 1, skipped: 0))
        let message = try #require(try fixture.inbox.entry(fixture.key("s"))).message
        #expect(message.subtitle == "sub")
        #expect(message.imageAlt == "alt")
        #expect(message.customKeys == ["k": "v"])
        let dengage = try fixture.write(
            #"[{"smsgId":"g","priority":"4","messageJson":{"title":"t","receiveDateUTC":"2026-11-01T00:00:00.000Z"}}]"#,
            name: "dengage.json")
        #expect(try fixture.refresh(dengage) == .ok(messages: 1, skipped: 0))
        #expect(try fixture.inbox.entry(fixture.key("g"))?.message.priority == 4)
    }

    @Test func deletedInAnExportIsDeletedForGood() throws {
        let fixture = try Fixture()
        let deleted = try fixture.write(#"[{"id":"x","subject":"t","deleted":1}]"#)
        #expect(try fixture.refresh(deleted) == .ok(messages: 1, skipped: 0))
        #expect(try fixture.inbox.entry(fixture.key("x"))?.state == .deleted)
        let undeleted = try fixture.write(#"[{"id":"x","subject":"t","deleted":0,"read":0}]"#, name: "again.json")
        #expect(try fixture.refresh(undeleted) == .ok(messages: 1, skipped: 0))
        #expect(try fixture.inbox.entry(fixture.key("x"))?.state == .deleted)
    }

    /// VENDORS.md §3: `read` and `deleted` set the local state on first import; afterwards A.1
    /// decides. A later export saying unread turned a message the first had read back to unread,
    /// and one saying deleted deleted a message the first had kept.
    @Test func anExportsReadAndDeletedCountOnFirstImportOnly() throws {
        let fixture = try Fixture()
        let first = try fixture.write(
            #"[{"id":"r","subject":"t","read":true},{"id":"u","subject":"t","read":false},{"id":"k","subject":"t"}]"#)
        #expect(try fixture.refresh(first) == .ok(messages: 3, skipped: 0))
        let later = try fixture.write(
            #"[{"id":"r","subject":"t","read":false},{"id":"u","subject":"t","read":true},"#
                + #"{"id":"k","subject":"t","deleted":true},{"id":"n","subject":"t","read":true,"deleted":true}]"#,
            name: "later.json")
        #expect(try fixture.refresh(later) == .ok(messages: 4, skipped: 0))
        let states = try ["r", "u", "k", "n"].map { try fixture.inbox.entry(fixture.key($0))?.state }
        // r: local read beats the copy's unread; u: no local state, the copy's read shows (A.1);
        // k: kept, as first imported; n: new in this export, so its flags set its state.
        #expect(states == [.read, .read, .unread, .deleted])
        // Back to unread in the copy, `u` follows it: only a first import's read is the local one.
        #expect(try fixture.refresh(first) == .ok(messages: 3, skipped: 0))
        #expect(try fixture.inbox.entry(fixture.key("u"))?.state == .unread)
        #expect(try fixture.inbox.entry(fixture.key("r"))?.state == .read)
        // Of two items with one id, the first is stored, with its flags: the later copy's
        // `deleted` deleted the first copy's message.
        let twice = try fixture.write(
            #"[{"id":"d","subject":"first copy","read":false},{"id":"d","subject":"second","read":true,"deleted":true}]"#,
            name: "twice.json")
        #expect(try fixture.refresh(twice) == .ok(messages: 1, skipped: 1))
        #expect(try fixture.inbox.entry(fixture.key("d"))?.state == .unread)
        #expect(try fixture.inbox.entry(fixture.key("d"))?.message.title == "first copy")
    }

    @Test(arguments: [
        ("[\n  {\"smsgId\": \"a\",\n   \"messageJson\": {\"title\": }\n]", ":3:"),
        (#"[{"uuid": 1}]"#, "not a tinbox, dengage, sfmc or gameball document (a list whose first item has keys uuid)"),
        (#"{"campaigns": []}"#, "it is a tinbox sync document of in-app campaigns"),
    ])
    func aBadFileFailsInOneLineAndKeepsWhatWasStored(text: String, says: String) throws {
        let fixture = try Fixture()
        let good = try fixture.write(#"[{"smsg_id":"a","message_json":"{\"title\":\"kept\"}"}]"#)
        #expect(try fixture.refresh(good) == .ok(messages: 1, skipped: 0))
        let bad = try fixture.write(text, name: "bad.json")
        guard case .failed(let reason) = try fixture.refresh(bad) else {
            Issue.record("a bad file refreshed")
            return
        }
        #expect(reason.contains(says), "\(reason)")
        #expect(!reason.contains("\n"))
        #expect(try fixture.inbox.entry(fixture.key("a"))?.message.title == "kept")
    }

    @Test func unusableItemsAreCountedAndTheRestIsStored() throws {
        let fixture = try Fixture()
        let feed = try fixture.write(
            #"[{"smsgId":"a","messageJson":{"title":"t"}},{"smsgId":""},7,{"smsgId":"b","messageJson":"{"}]"#)
        #expect(try fixture.refresh(feed) == .ok(messages: 1, skipped: 3))
    }
}
