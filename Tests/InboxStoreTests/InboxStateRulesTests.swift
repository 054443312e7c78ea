import Foundation
import InboxCore
import InboxStore
import Testing

/// BEHAVIOR A.1 (states), A.3 (order), A.4 (mutations) on real SQLite and a manual clock.
@Suite struct InboxStateRulesTests {
    @Test func deletedIsFinalForMarkReadAndForAServerCopy() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        #expect(try f.inbox.markDeleted(f.key("a")))
        #expect(try !f.inbox.markRead(f.key("a")))
        #expect(try f.inbox.mark(.read, f.key("a")) == .refused(.deleted))
        // A.4: deleting it again is true and queues nothing new (no second `DT`).
        let events = try f.inbox.pendingEvents(producer: "engagement", limit: 10).count
        #expect(try f.inbox.mark(.deleted, f.key("a")) == .unchanged)
        #expect(try f.inbox.pendingEvents(producer: "engagement", limit: 10).count == events)
        try f.seed([f.message("a", serverRead: false)])
        #expect(try f.inbox.entry(f.key("a"))?.state == .deleted)
        #expect(try f.ids(.deleted) == ["a"])
        #expect(try f.ids(.all).isEmpty)
    }

    @Test func localReadBeatsAServerCopySayingUnread() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        #expect(try f.inbox.markRead(f.key("a")))
        try f.seed([f.message("a", serverRead: false)])
        #expect(try f.inbox.entry(f.key("a"))?.state == .read)
    }

    @Test func aServerReadMessageIsRead() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a", serverRead: true), f.message("b")])
        #expect(try f.ids(.read) == ["a"])
        #expect(try f.ids(.unread) == ["b"])
    }

    @Test func orderIsPinnedThenNewestThenProducerAndId() throws {
        let f = try InboxFixture()
        try f.seed([
            f.message("old", minutesAgo: 50), f.message("new", minutesAgo: 1),
            f.message("pinned-old", minutesAgo: 90, pinned: true), f.message("b-same", minutesAgo: 5),
            f.message("a-same", minutesAgo: 5),
        ])
        try f.seed([f.message("a-same", producer: "app-messaging", minutesAgo: 5)], producer: "app-messaging")
        let keys = try f.inbox.entries(.all).map(\.key.description)
        #expect(
            keys == [
                "engagement/pinned-old", "engagement/new", "app-messaging/a-same", "engagement/a-same",
                "engagement/b-same", "engagement/old",
            ])
    }

    @Test func allIsUnreadPlusRead() throws {
        let f = try InboxFixture()
        try f.seed((0..<7).map { f.message("m\($0)", serverRead: $0 % 3 == 0) })
        _ = try f.inbox.markDeleted(f.key("m1"))
        let counts = try f.inbox.counts()
        #expect(counts[.unread] == 3)
        #expect(counts[.read] == 3)
        #expect(counts[.all] == 6)
        #expect(counts[.deleted] == 1)
        #expect(try f.inbox.count(.all) == 6)
    }

    @Test func markingAnUnknownIdReturnsFalseAndCreatesNothing() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        #expect(try !f.inbox.markRead(f.key("nope")))
        #expect(try !f.inbox.markDeleted(f.key("a", "app-messaging")))
        #expect(try f.pendingStatusCount() == 0)
        #expect(try f.pendingEvents().isEmpty)
    }

    @Test func markingAReadMessageReadAgainIsTrueAndQueuesNothing() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a", serverRead: true)])
        #expect(try f.inbox.mark(.read, f.key("a")) == .unchanged)
        #expect(try f.inbox.markRead(f.key("a")))
        #expect(try f.pendingStatusCount() == 0)
    }

    @Test func markReadQueuesAStatusAndNoEventWhileMarkDeletedRecordsDT() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a", details: "tok-a"), f.message("b")])
        #expect(try f.inbox.markRead(f.key("a")))
        #expect(try f.pendingEvents().isEmpty)
        #expect(try f.pendingStatusCount() == 1)
        #expect(try f.inbox.markDeleted(f.key("a")))
        let events = try f.pendingEvents()
        #expect(events.map(\.kind) == [.delete])
        #expect(events.first?.messageDetails == "tok-a")
        // PROTOCOL 1.3: read then deleted is sent as deleted only, once.
        #expect(try f.pendingStatusCount() == 1)
    }

    /// Issue 14, point 6: `eventDateUTC` is the instant the event was recorded, to the millisecond.
    @Test func eventInstantsKeepTheirMillisecondsInTheStore() throws {
        let f = try InboxFixture()
        let ids = (0..<1000).map { "m\($0)" }
        try f.seed(ids.map { f.message($0) })
        let start = f.now
        for id in ids {
            f.clock.advance(by: 0.001)
            #expect(try f.inbox.markDeleted(f.key(id)))
        }
        let dates = try f.pendingEvents().map { UTCDate.format($0.date) }
        let expected = (1...1000).map { UTCDate.format(milliseconds: UTCDate.milliseconds(start) + Int64($0)) }
        #expect(dates == expected)
    }

    @Test func markAllReadIsFalseWithNoUnreadActiveMessageAndSkipsExpiredOnes() throws {
        let f = try InboxFixture()
        let expired = f.message("expired", end: f.now.addingTimeInterval(-1))
        try f.seed([expired, f.message("a", serverRead: true)])
        #expect(try f.inbox.markAll(.read) == .refused(.nothingToMark))
        try f.seed([expired, f.message("a", serverRead: true), f.message("b"), f.message("c")])
        #expect(try f.inbox.markAllRead())
        #expect(try f.inbox.count(.unread) == 0)
        #expect(try f.inbox.entry(f.key("expired"))?.state == .unread)
    }

    @Test func markAllDeletedIsFalseWithNoActiveMessageAndRecordsOneDTEach() throws {
        let f = try InboxFixture()
        let later = f.message("later", start: f.now.addingTimeInterval(60))
        try f.seed([later])
        #expect(try !f.inbox.markAllDeleted())
        try f.seed([later, f.message("a"), f.message("b", serverRead: true)])
        #expect(try f.inbox.markAllDeleted())
        #expect(try f.inbox.count(.all) == 0)
        #expect(try f.ids(.deleted).sorted() == ["a", "b"])
        #expect(try f.pendingEvents().count == 2)
        #expect(try f.inbox.entry(f.key("later"))?.state == .unread)
    }

    @Test func everyChangeIsVisibleToAnotherConnectionWhenTheCallReturns() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a"), f.message("b")])
        #expect(try f.inbox.markRead(f.key("a")))
        let other = try f.reopened()
        #expect(try other.entry(f.key("a"))?.state == .read)
        #expect(try other.count(.unread) == 1)
    }
}
