import Foundation
import InboxCore
import TestSupport
import Testing

@testable import InboxStore

/// The reader's search through the title index (schema 4, Inbox+Search.swift and
/// Inbox+TitleIndex.swift) finds exactly what `title LIKE '%text%'` finds, in list order, with
/// the same counts and positions, whatever the index's progress: not caught up, partly, fully,
/// with stale rows after renames, removals and reused rowids. Each check runs with the default
/// thresholds (small inboxes: every search reads the index) and with thresholds lowered so the
/// list walk, its budget running out, and the counting pass run too.
@Suite struct TitleSearchTests {
    let fixture: InboxFixture
    var inbox: Inbox { fixture.inbox }

    init() throws { fixture = try InboxFixture() }

    static let titles: [(id: String, title: String)] = [
        ("pct", "50% off"), ("pct2", "50 percent"), ("snake", "snake_case"), ("snakeX", "snakeXcase"),
        ("quote", "say \"hi\" now"), ("slash", "back\\slash"), ("slashes", "a\\\\b"),
        ("tokyo", "東京の天気"), ("tower", "東京タワー"), ("kanji", "東"), ("party", "party 🎉 time"),
        ("thumb", "👍🏽 ok"), ("family", "family 👨‍👩‍👧 photo"), ("upper", "Weekly DIGEST"),
        ("lower", "weekly digest"), ("umlaut", "Ünïcödé ÜBER"), ("uber", "über"), ("greek", "ΣΊΣΥΦΟΣ σίσυφος"),
        ("kelvin", "200 \u{212A} and 3 k"), ("longs", "Maſs"), ("arabic", "مرحبا بالعالم"),
        ("arabic2", "السَّلَامُ عَلَيْكُمْ"), ("hebrew", "שלום עולם"), ("decomposed", "cafe\u{301}"), ("composed", "café"),
        ("syntax", "a* OR NEAR(b) -x title_index"), ("a", "a"), ("ab", "xab"), ("AB", "AB"), ("empty", ""),
        ("control", "one\u{1}two"), ("pctmark", "100%\u{301} sure"), ("mixed", "MiXeD CaSe ÉTÉ été"),
    ]

    static let searches = [
        // one character
        "%", "_", "\\", "a", "A", "b", "東", "🎉", "é", "É", "\u{1}", "Σ", "k", "K", "\u{212A}", "ſ", "s", "م", "ש",
        "\"", "*", "(",
        // two
        "50", "e_", "ab", "AB", "aB", "東京", "の天", "👍🏽", "OR", "a*", "\\\\", "ΣΊ", "σί", "ال", "e\u{301}",
        // three or more
        "50%", "e_c", "\"hi\"", "k\\s", "東京の", "の天気", "y 🎉", "🏽 o", "👨‍👩‍👧", "digest", "DIGEST", "ly dig",
        "über", "ÜBER", "ber", "σίσυφος", "ΣΊΣΥΦΟΣ", "مرحبا", "بالعالم", "שלום", "no match", "NEAR(", "-x",
        "title_index", "Title", "renamed", "%\u{301}", "e\u{301} ", "café", "cafe", "\u{1}tw", "mixed case",
        "ÉTÉ", "été", "🎉 time", "a\\\\b",
    ]

    func message(_ id: String, _ title: String, minutesAgo: Double = 10, pinned: Bool = false) -> InboxMessage {
        InboxMessage(
            key: fixture.key(id), serverRead: false, start: nil, end: nil, title: title, isPinned: pinned,
            receiveDate: fixture.now.addingTimeInterval(-minutesAgo * 60))
    }

    var seedMessages: [InboxMessage] {
        Self.titles.enumerated().map { message($1.id, $1.title, minutesAgo: Double($0 % 7), pinned: $0 % 9 == 4) }
    }

    /// LIKE's meaning, written out: the title contains the text, scalar by scalar, where ASCII
    /// letters match either case and every other scalar only itself.
    static func likeMatches(_ title: String, _ text: String) -> Bool {
        func folded(_ string: String) -> [UInt32] {
            string.unicodeScalars.map { (65...90).contains($0.value) ? $0.value + 32 : $0.value }
        }
        let haystack = folded(title)
        let needle = folded(text)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    /// The old search: the whole list, narrowed by the written-out LIKE.
    func expected(_ filter: StateFilter, _ text: String) throws -> [MessageKey] {
        try inbox.entries(filter).filter { Self.likeMatches($0.message.title, text) }.map(\.key)
    }

    /// Every search, every tab: pages, counts and positions equal the old search's.
    func expectSameAsLike(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectIndexConsistent(sourceLocation: sourceLocation)
        let keys = try inbox.entries(.all).map(\.key) + inbox.entries(.deleted).map(\.key)
        for tuning in [SearchTuning(), SearchTuning(minimumProbe: 0)] {
            inbox.searchTuning = tuning
            for filter in StateFilter.allCases {
                for text in Self.searches {
                    let expected = try expected(filter, text)
                    let context = Comment(
                        rawValue: "\(label), probe \(tuning.minimumProbe), \(filter), \(text.debugDescription)")
                    #expect(
                        try inbox.listPage(filter, titleContaining: text, offset: 0, limit: 1_000).map(\.key)
                            == expected,
                        context, sourceLocation: sourceLocation)
                    for (offset, limit) in [(0, 1), (2, 3)] {
                        #expect(
                            try inbox.listPage(filter, titleContaining: text, offset: offset, limit: limit).map(\.key)
                                == Array(expected.dropFirst(offset).prefix(limit)), context,
                            sourceLocation: sourceLocation)
                    }
                    #expect(
                        try inbox.entries(filter, titleContaining: text, offset: 0, limit: 1_000).map(\.key)
                            == expected,
                        context, sourceLocation: sourceLocation)
                    #expect(
                        try inbox.count(filter, titleContaining: text) == expected.count, context,
                        sourceLocation: sourceLocation)
                    for cap in [1, 2, 1_000] {
                        let count = try inbox.count(filter, titleContaining: text, upTo: cap)
                        let consistent =
                            count.isExact ? count.value == expected.count : count.value == cap && expected.count > cap
                        #expect(consistent, "\(context) cap \(cap): \(count)", sourceLocation: sourceLocation)
                    }
                    // Every match, and a few messages that are not (nil).
                    for key in expected + keys.filter({ !expected.contains($0) }).prefix(3) {
                        #expect(
                            try inbox.listPosition(of: key, filter, titleContaining: text)
                                == expected.firstIndex(of: key),
                            "\(context) \(key)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
        inbox.searchTuning = SearchTuning()
    }

    /// The invariant of Inbox+TitleIndex.swift, row by row, and FTS5's own integrity check.
    func expectIndexConsistent(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let database = inbox.store.database
        try database.execute("INSERT INTO title_index(title_index, rank) VALUES('integrity-check', 1)")
        let wrong = try database.integer(
            """
            SELECT count(*) FROM messages m LEFT JOIN title_index t ON t.rowid = m.rowid
            WHERE m.rowid <= (SELECT indexed_through FROM title_index_progress)
              AND m.rowid NOT IN (SELECT message FROM title_index_stale)
              AND t.words IS NOT lower(m.title) || char(1, 1)
            """)
        #expect(wrong == 0, "indexed rows whose words differ from their title", sourceLocation: sourceLocation)
        let orphans = try database.integer(
            """
            SELECT count(*) FROM title_index t
            WHERE t.rowid > (SELECT indexed_through FROM title_index_progress)
               OR (t.rowid NOT IN (SELECT rowid FROM messages) AND t.rowid NOT IN (SELECT message FROM title_index_stale))
            """)
        #expect(orphans == 0, "index rows above the watermark or of removed messages", sourceLocation: sourceLocation)
    }

    func catchUp() throws {
        while try !inbox.catchUpTitleIndex(maxRows: 7) {}
        #expect(try inbox.titleIndexBacklog() == 0)
    }

    @Test func searchesEqualTheOldLikeBeforeDuringAndAfterTheCatchUp() throws {
        try fixture.seed(seedMessages)
        #expect(try inbox.titleIndexBacklog() == Self.titles.count)
        try expectSameAsLike("nothing indexed")

        #expect(try inbox.catchUpTitleIndex(maxRows: 10) == false)
        #expect(try inbox.titleIndexBacklog() == Self.titles.count - 10)
        try expectSameAsLike("ten indexed")

        try catchUp()
        try expectSameAsLike("all indexed")
        #expect(try inbox.listPage(.all, titleContaining: "50%", offset: 0, limit: 10).map(\.key.id) == ["pct"])
        #expect(try inbox.listPage(.all, titleContaining: "e_c", offset: 0, limit: 10).map(\.key.id) == ["snake"])
        #expect(try inbox.count(.all, titleContaining: "DIGEST") == 2)
        // ASCII folds, nothing else does: "über" is not "ÜBER", the Kelvin sign is not "k".
        #expect(try inbox.listPage(.all, titleContaining: "über", offset: 0, limit: 10).map(\.key.id) == ["uber"])
        #expect(try inbox.listPage(.all, titleContaining: "\u{212A}", offset: 0, limit: 10).map(\.key.id) == ["kelvin"])
        // A search of one or two characters finds them at the very end of a title too.
        #expect(try inbox.listPage(.all, titleContaining: "b", offset: 0, limit: 50).map(\.key.id).contains("ab"))
        #expect(try inbox.count(.all, titleContaining: "AB") == 2)
    }

    @Test func renamedRemovedAndNewMessagesAreFoundBeforeAndAfterTheCatchUp() throws {
        var messages = seedMessages
        try fixture.seed(messages)
        try catchUp()

        // A refresh renames some messages (the merge's ON CONFLICT DO UPDATE), keeps the others,
        // and adds two; the index notes the renames and leaves the new rows above its watermark.
        messages[0] = message("pct", "renamed: now 70% off", minutesAgo: 0)
        messages[7] = message("tokyo", "renamed 大阪の天気")
        messages[13] = message("upper", "Weekly digest, renamed")
        messages += [message("new1", "a new digest 🎉"), message("new2", "renamed \"quoted\" 50% _x_")]
        try fixture.seed(messages)
        #expect(try inbox.titleIndexBacklog() == 5)
        try expectSameAsLike("renamed, not caught up")
        #expect(try inbox.count(.all, titleContaining: "東京の") == 0)
        #expect(try inbox.count(.all, titleContaining: "renamed") == 4)
        try catchUp()
        try expectSameAsLike("renamed, caught up")

        // Marks move messages between tabs and change nothing in the index.
        _ = try inbox.markRead(fixture.key("lower"))
        _ = try inbox.markDeleted(fixture.key("party"))
        #expect(try inbox.titleIndexBacklog() == 0)
        try expectSameAsLike("marked")

        // The producer stops sending most messages: they leave the store; the index drops them
        // at the next catch-up. "lower" stays: its read status is waiting to be sent.
        try fixture.seed(Array(messages.prefix(4)) + [message("new2", "renamed again")])
        try expectSameAsLike("removed, not caught up")
        #expect(try inbox.count(.all, titleContaining: "digest") == 1)
        try catchUp()
        try expectSameAsLike("removed, caught up")
        #expect(
            try inbox.store.database.integer("SELECT count(*) FROM title_index")
                == inbox.store.database.integer("SELECT count(*) FROM messages"))

        _ = try inbox.markAll(.deleted)
        try expectSameAsLike("all deleted")
    }

    /// SQLite gives a new row the highest rowid plus one, so removing the newest message lets the
    /// next one take its rowid again, below the watermark: the insert trigger notes it.
    @Test func aReusedRowidIsReindexed() throws {
        try fixture.seed([message("a", "alpha first"), message("b", "bravo second")])
        try catchUp()
        try fixture.seed([message("a", "alpha first")])
        try catchUp()
        try fixture.seed([message("a", "alpha first"), message("c", "charlie reused")])
        let rowids = try inbox.store.database.integer("SELECT max(rowid) FROM messages")
        #expect(try inbox.indexedThrough() >= rowids, "the new row took a rowid the index has passed")
        #expect(try inbox.titleIndexBacklog() == 1)
        #expect(try inbox.listPage(.all, titleContaining: "charlie", offset: 0, limit: 5).map(\.key.id) == ["c"])
        try catchUp()
        #expect(try inbox.listPage(.all, titleContaining: "charlie", offset: 0, limit: 5).map(\.key.id) == ["c"])
        #expect(try inbox.count(.all, titleContaining: "bravo") == 0)
        try expectIndexConsistent()
    }

    /// The index is keyed by the messages' implicit rowids. SQLite documents that VACUUM "may"
    /// renumber those; the SQLite tinbox links (Debian's) copies rows with their rowids, and this
    /// holds it to that. Removing the first messages leaves the gaps a renumbering would close.
    @Test func aVacuumKeepsTheIndexTrue() throws {
        try fixture.seed(seedMessages)
        try catchUp()
        try fixture.seed(Array(seedMessages.dropFirst(6)))
        try catchUp()
        let before = try inbox.store.database.integer("SELECT min(rowid) FROM messages")
        try inbox.store.database.execute("VACUUM")
        #expect(try inbox.store.database.integer("SELECT min(rowid) FROM messages") == before)
        try expectSameAsLike("after VACUUM")
    }

    @Test func aCompleteIndexCostsTheCatchUpNoWriteLock() throws {
        try fixture.seed(seedMessages)
        try catchUp()
        let other = try fixture.reopened()
        try other.store.database.execute("BEGIN IMMEDIATE")
        defer { try? other.store.database.execute("ROLLBACK") }
        #expect(try inbox.catchUpTitleIndex() == true)
    }

    /// A kill in the middle of a catch-up: the database files copied while its transaction is
    /// open (uncommitted pages already spilled to the WAL) are what a restart finds. They hold
    /// the index as it was before the chunk, consistent, and the next catch-up completes it.
    @Test func aCatchUpKilledBeforeItsCommitLeavesTheIndexAsItWas() throws {
        var messages = seedMessages
        try fixture.seed(messages)
        try catchUp()
        for index in stride(from: 0, to: messages.count, by: 3) {
            messages[index] = message(messages[index].key.id, "changed \(index) 東京")
        }
        messages.removeLast(4)
        messages += (0..<300).map { message("bulk\($0)", "bulk message \($0) with a long title to fill pages") }
        try fixture.seed(messages)
        let backlog = try inbox.titleIndexBacklog()
        let crash = Scratch.folder("tinbox-crash")
        try FileManager.default.createDirectory(at: crash, withIntermediateDirectories: true)
        try inbox.store.database.execute("PRAGMA cache_size = 4")
        _ = try inbox.catchUpTitleIndex(maxRows: 10_000) {
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(
                    at: fixture.directory.appendingPathComponent(Store.fileName + suffix),
                    to: crash.appendingPathComponent(Store.fileName + suffix))
            }
        }
        #expect(try inbox.titleIndexBacklog() == 0)

        let restarted = Inbox(store: try Store(directory: crash), clock: fixture.clock)
        #expect(
            try restarted.store.database.query("PRAGMA integrity_check") { try $0.step() ? $0.text(0) : nil } == "ok")
        #expect(try restarted.titleIndexBacklog() == backlog)
        let expected = try expected(.all, "東京")
        #expect(try restarted.listPage(.all, titleContaining: "東京", offset: 0, limit: 100).map(\.key) == expected)
        while try !restarted.catchUpTitleIndex(maxRows: 50) {}
        #expect(try restarted.listPage(.all, titleContaining: "東京", offset: 0, limit: 100).map(\.key) == expected)
        #expect(try restarted.count(.all, titleContaining: "bulk message 29") == 11)
    }

    /// A database written by the previous tinbox (schema 3) with messages in it: step 4 adds the
    /// empty index, searches are exact at once, and catch-ups index what was there.
    @Test func schemaThreeWithMessagesIsMigratedAndSearchable() throws {
        let directory = try InboxFixture.storeAtSchema(3) { database in
            for (index, entry) in Self.titles.enumerated() {
                try database.prepare(
                    """
                    INSERT INTO messages(producer, id, state, server_read, pinned, receive_ms, title, button_count)
                    VALUES('engagement', ?, ?, 0, 0, ?, ?, 0)
                    """
                ).run(
                    .text(entry.id), .int(Int64(index % 3)), .int(Int64(1_790_000_000_000 + index)), .text(entry.title))
            }
        }
        let migrated = Inbox(store: try Store(directory: directory), clock: fixture.clock)
        #expect(try migrated.store.database.userVersion == Migrations.latest)
        #expect(try migrated.titleIndexBacklog() == Self.titles.count)
        let all = try migrated.entries(.all)
        let expected = all.filter { Self.likeMatches($0.message.title, "東京") }.map(\.key)
        #expect(!expected.isEmpty)
        #expect(try migrated.listPage(.all, titleContaining: "東京", offset: 0, limit: 10).map(\.key) == expected)
        while try !migrated.catchUpTitleIndex(maxRows: 5) {}
        #expect(try migrated.titleIndexBacklog() == 0)
        for text in Self.searches {
            #expect(
                try migrated.listPage(.all, titleContaining: text, offset: 0, limit: 100).map(\.key)
                    == all.filter { Self.likeMatches($0.message.title, text) }.map(\.key), "\(text.debugDescription)")
        }
    }

    @Test func theLookupIsTrigramsOrAPrefixOfTheFoldedText() {
        #expect(TitleSearch(text: "Ab", folded: "ab").lookup == .prefix(first: "ab", last: "ab\u{10FFFF}"))
        #expect(TitleSearch(text: "東", folded: "東").lookup == .prefix(first: "東", last: "東\u{10FFFF}\u{10FFFF}"))
        #expect(TitleSearch(text: "abab", folded: "abab").lookup == .trigrams("\"aba\" AND \"bab\""))
        #expect(
            TitleSearch(text: "say \"hi", folded: "say \"hi").lookup
                == .trigrams("\"say\" AND \"ay \" AND \"y \"\"\" AND \" \"\"h\" AND \"\"\"hi\""))
        #expect(TitleSearch(text: "50%_\\", folded: "50%_\\").pattern == "%50\\%\\_\\\\%")
        // A wildcard followed by a combining mark is still escaped (the old Character loop was not).
        #expect(TitleSearch(text: "%\u{301}", folded: "%\u{301}").pattern == "%\\%\u{301}%")
    }
}
