import Foundation
import Testing
import TinboxKit

/// What hosts use beyond the SDK's shape: streamed and paged reads, tab counts, marks with their
/// reasons, the status, and a refresh's outcome per producer.
extension InboxFeatureTests {
    @Test func streamedAndPagedReadsFollowTheOrderOfTheTabs() throws {
        let api = try api([try feed()])
        refresh(api)
        var streamed: [String] = []
        try api.forEachMessage(.all) { streamed.append("\($0.qualifiedId) \($0.state.rawValue)") }
        #expect(streamed == ["engagement/c unread", "engagement/a unread", "engagement/b read"])
        #expect(try api.getMessages(.all, offset: 1, limit: 1).map(\.id) == ["a"])
        #expect(try api.getMessages(.unread, offset: 0, limit: 10).map(\.id) == ["c", "a"])
        #expect(try api.getMessages(.read, offset: 5, limit: 10).isEmpty)
        #expect(try api.getMessageCounts() == [.all: 3, .unread: 2, .read: 1, .deleted: 0])
    }

    @Test func severalMarksAreAllOrNothingAndSayWhy() throws {
        let api = try api([try feed()])
        refresh(api)
        #expect(api.markMessageDeleted(id: "b"))
        let refused = try api.markMessages(ids: ["a", "b"], as: .read)
        #expect(refused?.messageId == "engagement/b")
        #expect(refused?.reason == "the message is deleted, and deleted is final")
        #expect(api.getUnreadMessages().map(\.id) == ["c", "a"], "a refusal changes nothing")
        let unknown = try api.markMessages(ids: ["a", "nope"], as: .deleted)
        #expect(unknown?.messageId == nil && unknown?.reason == "no message with id nope")
        #expect(try api.markMessages(ids: ["a", "c"], as: .read) == nil)
        #expect(try api.getMessageCounts()[.read] == 2)
        #expect(try api.markAllMessages(as: .read)?.reason == "nothing to mark")
        #expect(try api.markAllMessages(as: .deleted) == nil)
        #expect(try api.getMessageCounts() == [.all: 0, .unread: 0, .read: 0, .deleted: 3])
    }

    /// A message named twice is marked once: one `deleted`, one `DT` (the second `deleted` was
    /// refused as final once, and the command with it, though nothing was deleted).
    @Test func aMessageNamedTwiceIsMarkedOnce() throws {
        let api = try api([try feed()])
        refresh(api)
        #expect(try api.markMessages(ids: ["a", "engagement/a", "a"], as: .deleted) == nil)
        #expect(try api.getMessageCounts()[.deleted] == 1)
        #expect(try api.markMessages(ids: ["c", "c"], as: .read) == nil)
    }

    /// A.5 comes before the ids: a disabled inbox that was never filled named an unknown id.
    @Test func aDisabledInboxIsTheReasonBeforeAnyId() throws {
        let api = try api([try feed()])
        try api.updateInboxEnabled(false)
        let refused = try api.markMessages(ids: ["a"], as: .read)
        #expect(refused?.messageId == nil)
        #expect(refused?.reason == "the inbox is disabled (tinbox inbox enable turns it on)")
    }

    @Test func theStatusNamesTheSwitchTheCountsAndEachProducer() throws {
        let api = try api([try feed()])
        #expect(try api.getInboxStatus().producers.isEmpty)
        refresh(api)
        let status = try api.getInboxStatus()
        #expect(status.isEnabled && status.counts[.all] == 3)
        #expect(status.producers.map(\.name) == ["engagement"])
        #expect(status.producers.first?.lastRefresh != nil && status.producers.first?.throttledUntil == nil)
        try api.updateInboxEnabled(false)
        #expect(try !api.getInboxStatus().isEnabled && api.getInboxStatus().counts[.all] == 0)
    }

    @Test func aReportedRefreshTellsEachProducerWithItsLineAndARefusalAtOnce() throws {
        let api = try api([try feed()])
        let reports = Recorder<InboxRefreshReport>()
        api.refreshMessages(reporting: { reports.append($0) })
        #expect(eventually { reports.count == 1 })
        #expect(reports.items.first?.outcome == .stored(messages: 3, skipped: 0))
        #expect(reports.items.first?.description == "engagement ok 3 messages")
        clock.advance(by: 20)
        let refused = Recorder<(InboxRefreshReport, Bool)>()
        let caller = pthread_self()
        api.refreshMessages(reporting: { refused.append(($0, pthread_equal(pthread_self(), caller) != 0)) })
        #expect(refused.count == 1, "on the calling thread, before returning")
        #expect(refused.items.first?.0.outcome == .refused(nextRefreshIn: 40))
        #expect(refused.items.first?.0.description == "engagement refused: next refresh in 40 s")
        #expect(refused.items.first.map { !$0.0.succeeded && $0.1 } == true)
        callbacks.drain()
        #expect(refused.count == 1)
    }
}
