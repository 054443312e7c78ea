import Foundation
import InboxCore
import InboxStore
import TestSupport
import Testing

/// The store queries the reader relies on (schema 3, Inbox+ReaderList.swift,
/// Inbox+ReaderCounts.swift) agree with the plain queries of BEHAVIOR A.2/A.3 at every step.
@Suite struct ReaderStoreTests {
    let directory = Scratch.folder("tinbox-rs")
    let clock = ManualClock(now: UTCDate.parse("2026-11-29T12:00:00.000Z")!)

    func message(
        _ id: String, _ producer: String = "engagement", minutesAgo: Double = 10, pinned: Bool = false,
        read: Bool = false, start: Double? = nil, end: Double? = nil
    ) -> InboxMessage {
        InboxMessage(
            key: MessageKey(producer: producer, id: id), serverRead: read,
            start: start.map { clock.now.addingTimeInterval($0) }, end: end.map { clock.now.addingTimeInterval($0) },
            title: "Title \(id)", isPinned: pinned, receiveDate: clock.now.addingTimeInterval(-minutesAgo * 60))
    }

    func expectAgreement(_ inbox: Inbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try inbox.tabCounts() == inbox.counts(), sourceLocation: sourceLocation)
        for filter in StateFilter.allCases {
            let plain = try inbox.entries(filter).map(\.key)
            #expect(
                try inbox.listPage(filter, offset: 0, limit: 1_000).map(\.key) == plain, sourceLocation: sourceLocation)
            #expect(
                try inbox.listPage(filter, offset: 1, limit: 2).map(\.key) == Array(plain.dropFirst().prefix(2)),
                sourceLocation: sourceLocation)
        }
    }

    @Test func tabCountsAndPagesMatchThePlainQueriesThroughWindowsMarksAndMerges() throws {
        let inbox = Inbox(store: try Store(directory: directory), clock: clock)
        _ = try inbox.merge(
            producer: "engagement",
            messages: [
                message("a", pinned: true), message("b", minutesAgo: 5, read: true), message("c", end: 30),
                message("d", start: 60), message("e", start: -60, end: 90), message("f", minutesAgo: 1),
            ], skipped: 0)
        try expectAgreement(inbox)

        _ = try inbox.markDeleted(MessageKey(producer: "engagement", id: "c"))
        _ = try inbox.markRead(MessageKey(producer: "engagement", id: "a"))
        _ = try inbox.merge(producer: "app-messaging", messages: [message("a", "app-messaging", end: 45)], skipped: 0)
        try expectAgreement(inbox)
        clock.advance(by: 30)
        try expectAgreement(inbox)
        clock.advance(by: 30)
        try expectAgreement(inbox)
        // The producer stops sending `f` and `e`: they leave the store and the tally.
        _ = try inbox.merge(
            producer: "engagement", messages: [message("a"), message("b"), message("d", start: 60)],
            skipped: 0)
        try expectAgreement(inbox)
        _ = try inbox.markAll(.deleted)
        try expectAgreement(inbox)
        try inbox.markInoperative(producer: "app-messaging")
        try expectAgreement(inbox)
        try inbox.setEnabled(false)
        try expectAgreement(inbox)
    }

    @Test func nextWindowChangeIsTheNearestStartOrEndAhead() throws {
        let inbox = Inbox(store: try Store(directory: directory), clock: clock)
        #expect(try inbox.nextWindowChange(after: clock.now) == nil)
        _ = try inbox.merge(
            producer: "engagement",
            messages: [
                message("ends", end: 90), message("starts", start: 40), message("plain"), message("gone", end: -5),
            ], skipped: 0)
        #expect(try inbox.nextWindowChange(after: clock.now) == clock.now.addingTimeInterval(40))
        #expect(try inbox.nextWindowChange(after: clock.now.addingTimeInterval(40)) == clock.now.addingTimeInterval(90))
        // Deleted messages still change the Deleted tab when their window ends.
        _ = try inbox.markDeleted(MessageKey(producer: "engagement", id: "ends"))
        #expect(try inbox.nextWindowChange(after: clock.now.addingTimeInterval(40)) == clock.now.addingTimeInterval(90))
        #expect(try inbox.nextWindowChange(after: clock.now.addingTimeInterval(90)) == nil)
    }
}
