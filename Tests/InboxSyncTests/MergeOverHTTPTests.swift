import Foundation
import InboxCore
import InboxStore
import InboxSync
import Testing

/// Issue 4 point 3, end to end: what the server sends merged with what the user did.
@Suite struct MergeOverHTTPTests {
    @Test func aLocalReadBeatsAServerUnread() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [wireMessage("a", isRead: false)]])
        try f.refresh()
        _ = try f.inbox.markRead(f.key("a"))
        try f.stub.script("POST /api/inbox/status", [["status": 500]])
        try f.refresh()
        #expect(try f.inbox.entry(f.key("a"))?.state == .read, "the push failed; the list was not even fetched")
        try f.refresh()
        #expect(try f.inbox.entry(f.key("a"))?.state == .read, "the server still says unread after the push")
    }

    @Test func aServerReadIsShownRead() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [wireMessage("a", isRead: true), wireMessage("b")]])
        try f.refresh()
        #expect(try f.ids(.read) == ["a"])
        #expect(try f.ids(.unread) == ["b"])
    }

    @Test func deletedIsFinalWhenTheServerSendsTheMessageAgain() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [wireMessage("a"), wireMessage("b")]])
        try f.refresh()
        _ = try f.inbox.markDeleted(f.key("a"))
        try f.refresh()
        #expect(try f.stub.requests("POST /api/inbox/status").last?.statuses == [["id": "a", "status": "deleted"]])
        #expect(try f.ids(.all) == ["b"])
        #expect(try f.inbox.entry(f.key("a"))?.state == .deleted)
    }

    @Test func aMessageTheServerStopsSendingDisappearsUnlessAStatusIsPending() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [wireMessage("a"), wireMessage("b"), wireMessage("c")]])
        try f.refresh()
        _ = try f.inbox.markRead(f.key("b"))
        try f.stub.setState(["feed": [wireMessage("a")]])
        // The status push fails, so the list is not fetched and nothing changes yet.
        try f.stub.script("POST /api/inbox/status", [["status": 503]])
        try f.refresh()
        #expect(try f.ids() == ["a", "b", "c"])
        // Pushed now, then fetched: b and c are gone.
        try f.refresh()
        #expect(try f.ids() == ["a"])
    }

    @Test func aMessageWithAStatusQueuedDuringTheFetchStays() throws {
        let f = try SyncFixture()
        try f.seed(2)
        _ = try f.inbox.markRead(f.key("m-2"))
        #expect(try f.inbox.merge(producer: "engagement", messages: [], skipped: 0).removed == 1)
        #expect(try f.ids() == ["m-2"])
    }

    @Test func duplicateIdsInOnePageAreStoredOnce() throws {
        let f = try SyncFixture()
        try f.stub.setState([
            "feed": [wireMessage("a", title: "first"), wireMessage("a", title: "second"), wireMessage("b")]
        ])
        #expect(try f.refresh() == [.ok(messages: 2, skipped: 1)])
        #expect(try f.inbox.count(.all) == 2)
    }

    @Test func theSameIdFromTwoProducersIsTwoMessages() throws {
        let f = try SyncFixture()
        try f.stub.setState(["feed": [wireMessage("welcome")]])
        try f.refresh([f.producer(.engagement), f.producer(.appMessaging)])
        #expect(try f.inbox.entries(.all).map(\.key).sorted() == [f.key("welcome", "app-messaging"), f.key("welcome")])
        _ = try f.inbox.markDeleted(f.key("welcome", "app-messaging"))
        try f.refresh([f.producer(.engagement), f.producer(.appMessaging)])
        #expect(try f.inbox.entries(.all).map(\.key) == [f.key("welcome")])
    }
}
