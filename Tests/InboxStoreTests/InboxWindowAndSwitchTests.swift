import Foundation
import InboxCore
import InboxStore
import Testing

/// BEHAVIOR A.2 (active window), A.5 (enable switch), PROTOCOL 1.1 (operational), A.7 (events).
@Suite struct InboxWindowAndSwitchTests {
    @Test func aMessageLeavesEveryListAndCountTheMomentItsEndPasses() throws {
        let f = try InboxFixture()
        try f.seed([f.message("ends", end: f.now.addingTimeInterval(10)), f.message("stays")])
        #expect(try f.inbox.count(.all) == 2)
        f.clock.advance(by: 9.999)
        #expect(try f.inbox.count(.unread) == 2)
        f.clock.advance(by: 0.001)
        #expect(try f.ids(.all) == ["stays"])
        #expect(try f.inbox.count(.unread) == 1)
    }

    @Test func aMessageAppearsAtItsStart() throws {
        let f = try InboxFixture()
        try f.seed([f.message("soon", start: f.now.addingTimeInterval(5))])
        #expect(try f.inbox.count(.all) == 0)
        f.clock.advance(by: 5)
        #expect(try f.ids(.all) == ["soon"])
    }

    @Test func deletedListShowsOnlyDeletedMessagesStillInsideTheirWindow() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a", end: f.now.addingTimeInterval(30)), f.message("b")])
        _ = try f.inbox.markDeleted(f.key("a"))
        _ = try f.inbox.markDeleted(f.key("b"))
        #expect(try f.inbox.count(.deleted) == 2)
        f.clock.advance(by: 30)
        #expect(try f.ids(.deleted) == ["b"])
    }

    @Test func whileDisabledReadsAreEmptyCountsZeroMutationsFalseAndEventsNoOps() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a"), f.message("b")])
        try f.inbox.setEnabled(false)
        #expect(try f.inbox.entries(.all).isEmpty)
        #expect(try f.inbox.counts().values.allSatisfy { $0 == 0 })
        #expect(try !f.inbox.markRead(f.key("a")))
        #expect(try f.inbox.mark(.deleted, f.key("a")) == .refused(.disabled))
        #expect(try !f.inbox.markAllRead())
        #expect(try !f.inbox.open(f.key("a")))
        try f.inbox.recordImpressions([f.key("a")])
        #expect(try f.pendingEvents().isEmpty)
        // The switch is persisted, and enabling brings everything back unchanged.
        #expect(try !f.reopened().isEnabled())
        try f.inbox.setEnabled(true)
        #expect(try f.ids(.unread).sorted() == ["a", "b"])
        #expect(try f.inbox.count(.unread) == 2)
    }

    @Test func aProducerThatIsNotOperationalReadsEmptyAndRefusesMarks() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        try f.seed([f.message("b", producer: "app-messaging")], producer: "app-messaging")
        try f.inbox.markInoperative(producer: "engagement")
        #expect(try f.ids(.all) == ["b"])
        #expect(try f.inbox.mark(.read, f.key("a")) == .refused(.notOperational(producer: "engagement")))
        try f.seed([f.message("a")])
        #expect(try f.inbox.count(.all) == 2)
    }

    @Test func openingRecordsOPAndMarksRead() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        #expect(try f.inbox.open(f.key("a")))
        #expect(try f.pendingEvents().map(\.kind) == [.open])
        #expect(try f.inbox.entry(f.key("a"))?.state == .read)
    }

    @Test func tappingACTARecordsCLWithTheButtonAndMarksRead() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        #expect(try f.inbox.tap(f.key("a"), buttonId: "shop"))
        let events = try f.pendingEvents()
        #expect(events.map(\.kind) == [.click])
        #expect(events.first?.buttonId == "shop")
        #expect(try f.inbox.entry(f.key("a"))?.state == .read)
    }

    @Test func trackOpenAloneNeverMarksRead() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a")])
        try f.inbox.trackOpen(f.key("a"))
        #expect(try f.pendingEvents().map(\.kind) == [.open])
        #expect(try f.inbox.entry(f.key("a"))?.state == .unread)
    }

    @Test func impressionsAreOnePerMessageWithDistinctEventIds() throws {
        let f = try InboxFixture()
        try f.seed([f.message("a"), f.message("b")])
        try f.inbox.recordImpressions([f.key("a"), f.key("b")])
        let events = try f.pendingEvents()
        #expect(events.map(\.kind) == [.impression, .impression])
        #expect(Set(events.map(\.eventId)).count == 2)
    }
}
