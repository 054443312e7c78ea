import Foundation
import Testing
import TinboxKit

/// What a list host (the reader) uses: paged and searched reads with positions, window edges,
/// impressions, marks with their outcome, pictures, the notification answer, a read-only open.
extension InboxFeatureTests {
    @Test func listReadsPageSearchCountAndPlaceInTheOrderOfTheTabs() throws {
        let api = try api([try feed()])
        refresh(api)
        #expect(try api.getListPage(.all, titleContaining: "", offset: 0, limit: 10).map(\.key.id) == ["c", "a", "b"])
        #expect(try api.getListPage(.all, titleContaining: "", offset: 1, limit: 1).map(\.key.id) == ["a"])
        #expect(try api.getListPage(.all, titleContaining: "TITLE B", offset: 0, limit: 10).map(\.key.id) == ["b"])
        #expect(
            try api.getListPage(.unread, titleContaining: "title", offset: 0, limit: 10).map(\.state) == [
                .unread, .unread,
            ])
        let all = try api.getListCount(.all, titleContaining: "title", upTo: 100)
        #expect(all.count == 3 && all.isExact)
        let capped = try api.getListCount(.all, titleContaining: "title", upTo: 1)
        #expect(capped.isExact ? capped.count == 3 : capped.count == 1, "exact when cheap, else the limit")
        let a = InboxMessageKey(producer: "engagement", id: "a")
        #expect(try api.getListPosition(of: a, in: .all, titleContaining: "") == 1)
        #expect(try api.getListPosition(of: a, in: .all, titleContaining: "title a") == 0)
        #expect(try api.getListPosition(of: a, in: .read, titleContaining: "") == nil)
        #expect(try api.getListEntry(named: "b")?.key.description == "engagement/b")
        #expect(try api.getListEntry(named: "engagement/nope") == nil)
    }

    @Test func openTapImpressionsAndMarksRecordWhatTheReaderDoes() throws {
        let api = try api([try feed()])
        refresh(api)
        let a = InboxMessageKey(producer: "engagement", id: "a")
        let c = InboxMessageKey(producer: "engagement", id: "c")
        try api.recordImpressions([c, InboxMessageKey(producer: "engagement", id: "unknown")])
        try api.openMessage(a)
        try api.tapMessage(c, buttonId: "go")
        let queued = try workspace.query("SELECT event_type || ' ' || message_id FROM pending_events ORDER BY seq")
        #expect(queued == ["IM c", "OP a", "CL c"])
        #expect(try api.getMessageCounts()[.unread] == 0, "opening and tapping mark read")
        #expect(try api.markMessage(a, as: .read) == .unchanged)
        #expect(try api.markMessage(c, as: .deleted) == .changed)
        guard case .refused(let refusal) = try api.markMessage(c, as: .read) else {
            Issue.record("a deleted message cannot be marked read")
            return
        }
        #expect(refusal.reason == "the message is deleted, and deleted is final")
    }

    @Test func theNextWindowEdgeIsTheFirstEndAhead() throws {
        let api = try api([
            .file(
                try workspace.writeFeed(
                    "engagement.json",
                    [Workspace.message("a", end: "2026-12-01T13:00:00.000Z"), Workspace.message("b")]
                ))
        ])
        refresh(api)
        #expect(try api.nextWindowChange(after: Workspace.start) == Workspace.start.addingTimeInterval(3_600))
        #expect(try api.nextWindowChange(after: Workspace.start.addingTimeInterval(3_600)) == nil)
    }

    @Test func picturesAndTheNotificationAnswerAreKeptInTheStore() throws {
        let api = try api([try feed()])
        #expect(try api.getCachedImage(url: "https://example.invalid/a.png") == nil)
        #expect(try api.getCachedArtwork(url: "https://example.invalid/a.png") == nil)
        let fetched = Recorder<Bool>()
        api.fetchImage(url: "http://example.invalid/a.png") { [callbacks] in
            fetched.append($0 == nil && callbacks.isCurrent)
        }
        #expect(eventually { fetched.count == 1 })
        #expect(fetched.items == [true], "plain http is refused before any request, on the callback queue")
        #expect(try api.getNotificationPermission() == nil)
        try api.setNotificationPermission(false)
        let again = try InboxFeature.open(configuration([]), shared: false)
        #expect(try again.getNotificationPermission() == false, "another API on the store reads the answer")
        try api.setNotificationPermission(nil)
        #expect(try again.getNotificationPermission() == nil)
        try api.checkpointLargeLog()
        #expect(api.flushQueuesBeforeQuit(timeout: 5), "a file producer has nothing to send")
    }

    /// A count that is no whole number is refused with the value given: a page size of 1.5 was
    /// taken as 0 and refused as "0", a maximum of 1.5 was the default.
    @Test func aProducerOptionThatIsNoWholeNumberIsRefusedAsGiven() throws {
        let base = try #require(URL(string: "http://127.0.0.1:9/"))
        let cases: [(String, JSONValue, String)] = [
            ("pageSize", .number(1.5), "1.5"), ("maxMessages", .number(2.5), "2.5"),
            ("pageSize", .string("20"), "\"20\""), ("maxMessages", .bool(true), "true"),
        ]
        for (key, value, shown) in cases {
            #expect(
                throws: TinboxError.invalidOption("producer engagement: \(key) must be a whole number, not \(shown)")
            ) {
                try InboxFeature.open(configuration([.http(base, options: [key: value])]), shared: false)
            }
        }
        #expect(throws: Never.self) {
            try InboxFeature.open(configuration([.http(base, options: ["pageSize": .number(50)])]), shared: false)
        }
        // A token with a line break: URLSession dropped the header, and requests went without it.
        let broken = "producer engagement: token holds a control character (a line break?), which no request can carry"
        #expect(throws: TinboxError.invalidOption(broken)) {
            try InboxFeature.open(configuration([.http(base, token: "a\r\nX-Evil: 1")]), shared: false)
        }
        #expect(throws: Never.self) {
            try InboxFeature.open(configuration([.http(base, token: "a\tb")]), shared: false)
        }
        // A maximum below 1 was raised to 1 without a word, and a refresh kept one message.
        for most in [0.0, -5] {
            #expect(throws: TinboxError.invalidOption("producer engagement: maxMessages \(Int(most)) is below 1")) {
                try InboxFeature.open(
                    configuration([.http(base, options: ["maxMessages": .number(most)])]), shared: false)
            }
        }
    }

    @Test func aReadOnlyViewReadsTheStoreOrTheFilesAndWritesNothing() throws {
        let source = try feed()
        let fresh = try InboxFeature.openReadOnly(configuration([source]))
        #expect(fresh.note == nil)
        #expect(try fresh.api.getListPage(.all, titleContaining: "", offset: 0, limit: 10).count == 3)
        #expect(!FileManager.default.fileExists(atPath: workspace.dataDirectory.path), "nothing is created")
        fresh.close()
        let remote = try InboxFeature.openReadOnly(
            configuration([.http(URL(string: "http://127.0.0.1:9/")!, producer: .appMessaging)]))
        #expect(remote.note?.contains("app-messaging not fetched") == true)
        remote.close()
        let api = try api([source])
        refresh(api)
        #expect(api.markMessageRead(id: "a"))
        let view = try InboxFeature.openReadOnly(configuration([source]))
        defer { view.close() }
        #expect(try view.api.getListPage(.read, titleContaining: "", offset: 0, limit: 10).map(\.key.id) == ["a", "b"])
        #expect(throws: (any Error).self) {
            try view.api.markMessage(InboxMessageKey(producer: "engagement", id: "c"), as: .read)
        }
    }
}
