import Foundation
import InboxCore
import Synchronization
import TestSupport
import Testing

@testable import InboxStore

/// Opening, migrating and sharing the database (issue "Foundation", point 3).
@Suite struct StoreTests {
    @Test func aNewStoreIsMigratedToTheLatestSchemaInWALMode() throws {
        let store = try Store(directory: Scratch.folder("tinbox-store"))
        #expect(try store.database.userVersion == Migrations.latest)
        #expect(try store.database.query("PRAGMA journal_mode") { try $0.step() ? $0.text(0) : nil } == "wal")
    }

    @Test func aNewStoreIsLinkedIntoPlaceAndLeavesNoTemporaryFile() throws {
        let directory = Scratch.folder("tinbox-store")
        // Several connections open the missing store at once, as two processes may: one builds
        // it, the others use that one.
        let opened = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if let store = try? Store(directory: directory), let version = try? store.database.userVersion {
                opened.withLock { $0.append(version) }
            }
        }
        #expect(opened.withLock { $0 } == Array(repeating: Migrations.latest, count: 4))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.allSatisfy { $0.hasPrefix(Store.fileName) }, "left behind: \(names)")
        let store = try Store(directory: directory)
        #expect(try store.database.query("PRAGMA journal_mode") { try $0.step() ? $0.text(0) : nil } == "wal")
        #expect(try store.database.query("PRAGMA integrity_check") { try $0.step() ? $0.text(0) : nil } == "ok")
    }

    @Test func aDatabaseWithANewerSchemaIsRefusedWithAClearLine() throws {
        let directory = Scratch.folder("tinbox-store")
        let store = try Store(directory: directory)
        try store.database.execute("PRAGMA user_version = 99")
        #expect {
            _ = try Store(directory: directory)
        } throws: { error in
            (error as? StoreError)?.description.contains("written by a newer tinbox (schema 99") == true
        }
    }

    /// No tinbox writes a negative schema number: the migrations were indexed by it, and -1
    /// stopped the program (count, list, inbox status).
    @Test func aNegativeSchemaIsRefusedWithAClearLine() throws {
        let directory = Scratch.folder("tinbox-store")
        let store = try Store(directory: directory)
        try store.database.execute("PRAGMA user_version = -1")
        #expect(throws: StoreError.notADatabase(path: directory.appendingPathComponent(Store.fileName).path)) {
            _ = try Store(directory: directory)
        }
        #expect(throws: StoreError.self) { _ = try Store.readOnly(directory: directory) }
    }

    /// Someone else's SQLite database at tinbox's path is refused as it is: tinbox put its
    /// tables beside the user's, and switched the file to WAL.
    @Test func aForeignDatabaseIsRefusedAndLeftAsItWas() throws {
        let directory = Scratch.folder("tinbox-store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(Store.fileName)
        do {
            let foreign = try Database(path: file.path)
            try foreign.execute("CREATE TABLE mine(x); INSERT INTO mine VALUES (1)")
        }
        let before = try Data(contentsOf: file)
        #expect(throws: StoreError.notADatabase(path: file.path)) { _ = try Store(directory: directory) }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func aCorruptFileIsRefusedAndLeftAsItWas() throws {
        let directory = Scratch.folder("tinbox-store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(Store.fileName)
        let garbage = Data(repeating: 0x41, count: 8192)
        try garbage.write(to: file)
        #expect(throws: StoreError.notADatabase(path: file.path)) { _ = try Store(directory: directory) }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func aDataDirectoryThatCannotBeCreatedIsAClearError() throws {
        let blocker = Scratch.folder("tinbox-store")
        try Data("x".utf8).write(to: blocker)
        let sub = blocker.appendingPathComponent("sub")
        let error = #expect(throws: StoreError.self) { _ = try Store(directory: sub) }
        #expect(error?.description == "cannot create data directory \(sub.path): not a directory")
    }

    /// The reason is the system's, not Foundation's "The operation could not be completed".
    @Test func aMissingParentThatCannotBeMadeIsNamedAsTheSystemNamesIt() throws {
        let error = #expect(throws: StoreError.self) {
            _ = try Store(directory: URL(fileURLWithPath: "/proc/tinbox-test"))
        }
        #expect(error?.description == "cannot create data directory /proc/tinbox-test: no such file or directory")
    }

    @Test func twoConnectionsWriteSideBySide() throws {
        let directory = Scratch.folder("tinbox-store")
        let clock = ManualClock()
        let first = Inbox(store: try Store(directory: directory), clock: clock)
        let messages = (0..<200).map {
            InboxMessage(key: MessageKey(producer: "engagement", id: "m\($0)"), title: "t", receiveDate: clock.now)
        }
        _ = try first.merge(producer: "engagement", messages: messages, skipped: 0)
        let errors = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            do {
                let inbox = Inbox(store: try Store(directory: directory), clock: clock)
                for index in stride(from: worker, to: 200, by: 2) {
                    _ = try inbox.markRead(MessageKey(producer: "engagement", id: "m\(index)"))
                }
            } catch {
                errors.withLock { $0.append("\(error)") }
            }
        }
        #expect(errors.withLock { $0 }.isEmpty)
        #expect(try first.count(.read) == 200)
    }

    /// Text is stored by its byte count: a NUL inside a feed's string (valid JSON, `\u0000`) used
    /// to end the stored title there, and the rest was lost. An empty string stays text.
    @Test func textKeepsEveryByteAfterANul() throws {
        let f = try InboxFixture()
        var message = f.message("n1")
        message.title = "a\u{0}nul \u{202E}evil end"
        message.body = ""
        message.subtitle = "\u{0}"
        try f.seed([message])
        let stored = try #require(try f.inbox.entry(f.key("n1"))).message
        #expect(stored.title == "a\u{0}nul \u{202E}evil end")
        #expect(stored.body == "")
        #expect(stored.subtitle == "\u{0}")
        #expect(try f.inbox.database.integer("SELECT length(CAST(title AS BLOB)) FROM messages") == 17)
    }
}

/// Buttons are stored as JSON written by hand; reading it back gives the same buttons.
@Suite struct ButtonColumnTests {
    @Test func buttonsOfAnyTextComeBackAsTheyWent() {
        let texts = [
            "Open", "", "quote \" and backslash \\ and slash /",
            "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1B}\u{1F}\u{7F}",
            "é e\u{301} 😀 \u{2028}\u{2029} \u{FEFF} עברית", "https://acme.example/x?a=1&b=\"2\"",
        ]
        for text in texts {
            let buttons = [
                CTAButton(buttonId: text, label: text, iosDeeplink: nil, androidDeeplink: text, webUrl: text),
                CTAButton(), CTAButton(label: text),
            ]
            #expect(EntryRow.decodeButtons(EntryRow.encodeButtons(buttons)) == buttons, "\(text.debugDescription)")
        }
        #expect(EntryRow.encodeButtons([]) == nil)
        #expect(
            EntryRow.encodeButtons([CTAButton(buttonId: "open", label: "Open", webUrl: "https://acme.example/x")])
                == #"[{"buttonId":"open","label":"Open","webUrl":"https://acme.example/x"}]"#)
    }
}

/// A large import drops the secondary indexes of `messages` and builds them again
/// (FeedImport.swift): from the same words the migrations used.
@Suite struct ImportIndexRebuildTests {
    static func indexes(_ inbox: Inbox) throws -> [[String]] {
        try inbox.database.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL ORDER BY name"
        ) { row in
            var rows: [[String]] = []
            while try row.step() { rows.append([row.text(0) ?? "", row.text(1) ?? ""]) }
            return rows
        }
    }

    @Test func theIndexesALargeImportRebuildsAreTheMigratedOnes() throws {
        let f = try InboxFixture()
        let migrated = try Self.indexes(f.inbox)
        #expect(migrated == Migrations.messageIndexes.map { [$0.name, $0.sql] })
        let count = FeedImport.rebuildThreshold + 10
        let report = try f.seed(
            (0..<count).map { f.message("m\($0)", minutesAgo: Double($0 % 997), pinned: $0 % 100 == 0) })
        #expect(report.stored == count)
        #expect(try Self.indexes(f.inbox) == migrated)
        #expect(try f.inbox.database.integer("SELECT count(*) FROM messages INDEXED BY messages_list") == Int64(count))
        #expect(try f.inbox.database.query("PRAGMA integrity_check") { try $0.step() ? $0.text(0) : nil } == "ok")
        #expect(try f.inbox.count(.all) == count)
        #expect(try f.inbox.entries(.all, limit: 1).first?.key.id == "m0")
    }

    @Test func aMergeRemovingMostOfTheStoreRebuildsTheIndexesAndKeepsTheRest() throws {
        let f = try InboxFixture()
        let migrated = try Self.indexes(f.inbox)
        let count = FeedImport.removalRebuildThreshold + 10
        let all = (0..<count).map { f.message("m\($0)", minutesAgo: Double($0 % 997)) }
        #expect(try f.seed(all).stored == count)
        // The feed now lists 3 of them: the rest goes, through dropped and rebuilt indexes.
        let report = try f.seed(Array(all.prefix(3)))
        #expect(report.removed == count - 3)
        #expect(try Self.indexes(f.inbox) == migrated)
        #expect(try f.inbox.database.integer("SELECT count(*) FROM messages INDEXED BY messages_list") == 3)
        #expect(try f.inbox.database.query("PRAGMA integrity_check") { try $0.step() ? $0.text(0) : nil } == "ok")
        #expect(try f.inbox.entries(.all).map(\.key.id) == ["m0", "m1", "m2"])
    }

    static func triggers(_ inbox: Inbox) throws -> [[String]] {
        try inbox.database.query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name") { row in
            var rows: [[String]] = []
            while try row.step() { rows.append([row.text(0) ?? "", row.text(1) ?? ""]) }
            return rows
        }
    }

    /// Per (producer, state): the tally the triggers keep, and the count of the rows themselves.
    static func tallies(_ inbox: Inbox) throws -> (kept: [[String]], counted: [[String]]) {
        func rows(_ sql: String) throws -> [[String]] {
            try inbox.database.query(sql) { row in
                var rows: [[String]] = []
                while try row.step() { rows.append((0..<3).map { row.text($0) ?? "" }) }
                return rows
            }
        }
        return (
            try rows("SELECT producer, state, n FROM message_tally WHERE n > 0 ORDER BY producer, state"),
            try rows("SELECT producer, state, count(*) FROM messages GROUP BY producer, state ORDER BY producer, state")
        )
    }

    @Test func aLargeRemovalDoesTheDeleteTriggersWorkItselfAndPutsThemBack() throws {
        let f = try InboxFixture()
        let migrated = try Self.triggers(f.inbox)
        let deleteTriggers = Migrations.messageDeleteTriggers.map { [$0.name, $0.sql] }
        #expect(migrated.filter { row in deleteTriggers.contains { $0[0] == row[0] } } == deleteTriggers)
        let count = FeedImport.removalRebuildThreshold + 10
        // Read and unread on the server, so the removal leaves two tallies of the producer to fix;
        // another producer's messages, whose tally it must not touch.
        let all = (0..<count).map { f.message("m\($0)", minutesAgo: Double($0 % 997), serverRead: $0 % 3 == 0) }
        try f.seed(all)
        try f.seed((0..<5).map { f.message("o\($0)", producer: "app-messaging") }, producer: "app-messaging")
        // Indexed titles: removing their messages must note them stale, as the trigger does.
        while try !f.inbox.catchUpTitleIndex(maxRows: 4_000) {}
        let report = try f.seed(Array(all.prefix(4)))
        #expect(report.removed == count - 4)
        #expect(try Self.triggers(f.inbox) == migrated)
        let tallies = try Self.tallies(f.inbox)
        #expect(tallies.kept == tallies.counted)
        #expect(tallies.kept == [["app-messaging", "0", "5"], ["engagement", "0", "2"], ["engagement", "1", "2"]])
        let unnoted = try f.inbox.database.integer(
            """
            SELECT count(*) FROM title_index t
            WHERE t.rowid NOT IN (SELECT rowid FROM messages) AND t.rowid NOT IN (SELECT message FROM title_index_stale)
            """)
        #expect(unnoted == 0)
        #expect(try f.inbox.database.integer("SELECT count(*) FROM title_index_stale") == Int64(count - 4))
        // The triggers work again: a small removal after it is counted row by row.
        #expect(try f.seed(Array(all.prefix(1))).removed == 3)
        let after = try Self.tallies(f.inbox)
        #expect(after.kept == after.counted)
    }

    /// The only producer's list comes back empty: the table is emptied in one statement, and the
    /// store is left as a removal row by row leaves it.
    @Test func aMergeRemovingEveryMessageOfTheStoreLeavesItAsARowByRowRemovalWould() throws {
        let f = try InboxFixture()
        let (indexes, triggers) = (try Self.indexes(f.inbox), try Self.triggers(f.inbox))
        let count = FeedImport.removalRebuildThreshold + 10
        let all = (0..<count).map { f.message("m\($0)", minutesAgo: Double($0 % 997), serverRead: $0 % 3 == 0) }
        try f.seed(all)
        while try !f.inbox.catchUpTitleIndex(maxRows: 4_000) {}
        #expect(try f.seed([]).removed == count)
        #expect(try Self.indexes(f.inbox) == indexes)
        #expect(try Self.triggers(f.inbox) == triggers)
        let tallies = try Self.tallies(f.inbox)
        #expect(tallies.kept == [] && tallies.counted == [])
        #expect(try f.inbox.database.integer("SELECT count(*) FROM title_index_stale") == Int64(count))
        #expect(try f.inbox.database.query("PRAGMA integrity_check") { try $0.step() ? $0.text(0) : nil } == "ok")
        // Stored and removed again as before, row by row.
        #expect(try f.seed(Array(all.prefix(3))).stored == 3)
        #expect(try f.seed(Array(all.prefix(2))).removed == 1)
        #expect(try f.inbox.entries(.all).map(\.key.id) == ["m0", "m1"])
        let after = try Self.tallies(f.inbox)
        #expect(after.kept == after.counted)
    }

    /// Emptying the store writes a few pages to the log, not every page of the table and its
    /// indexes: no row is visited, and the pages it frees are not zeroed (`secure_delete=FAST`).
    @Test func aMergeRemovingEveryMessageOfTheStoreLogsAFewPages() throws {
        let f = try InboxFixture()
        let count = FeedImport.removalRebuildThreshold + 10
        try f.seed((0..<count).map { f.message("m\($0)", minutesAgo: Double($0 % 997)) })
        _ = try f.inbox.database.query("PRAGMA wal_checkpoint(TRUNCATE)") { try $0.step() }
        let log = f.directory.appendingPathComponent(Store.fileName + "-wal").path
        #expect(WriteAheadLog.pages(log) == 0)
        #expect(try f.seed([]).removed == count)
        let pages = WriteAheadLog.pages(log)
        #expect(pages > 0 && pages < 30, "the removal logged \(pages) pages")
    }

    /// A status still waiting to be sent keeps its message (A.6), so the store is not emptied.
    @Test func aLargeRemovalKeepsTheMessageWhoseStatusWaits() throws {
        let f = try InboxFixture()
        let count = FeedImport.removalRebuildThreshold + 10
        try f.seed((0..<count).map { f.message("m\($0)", minutesAgo: Double($0 % 997)) })
        #expect(try f.inbox.markRead(f.key("m7")))
        #expect(try f.seed([]).removed == count - 1)
        #expect(try f.inbox.entries(.all).map(\.key.id) == ["m7"])
        let tallies = try Self.tallies(f.inbox)
        #expect(tallies.kept == tallies.counted)
    }
}

/// Step 8: pending statuses get places in their producer's queue, in the order they were sent
/// before it (oldest change first, then id), and a change moves a status past every other.
@Suite struct PendingStatusPlaceTests {
    @Test func schemaSevenStatusesKeepTheirOrderAsPlaces() throws {
        let directory = try InboxFixture.storeAtSchema(7) { database in
            let rows: [(String, String, Int64, Int64)] = [
                ("engagement", "m-b", 1, 200), ("engagement", "m-a", 2, 200), ("engagement", "m-c", 1, 100),
                ("app-messaging", "m-z", 2, 300), ("app-messaging", "m-y", 1, 50),
            ]
            for (producer, id, status, queued) in rows {
                try database.prepare("INSERT INTO pending_statuses(producer, id, status, queued_ms) VALUES(?, ?, ?, ?)")
                    .run(.text(producer), .text(id), .int(status), .int(queued))
            }
        }
        let f = try InboxFixture(directory: directory)
        #expect(try f.inbox.store.database.userVersion == Migrations.latest)
        let engagement = try f.inbox.pendingStatuses(producer: "engagement")
        #expect(engagement.map(\.id) == ["m-c", "m-a", "m-b"])
        #expect(engagement.map(\.seq) == [1, 2, 3])
        #expect(engagement.map(\.queuedMilliseconds) == [100, 200, 200])
        #expect(try f.inbox.pendingStatuses(producer: "app-messaging").map(\.id) == ["m-y", "m-z"])
    }

    /// A drain sends what its queues held when it started (`queueEnds`): what comes after, or
    /// moves past that end, waits for the next drain.
    @Test func readsUpToAQueueEndLeaveWhatCameAfter() throws {
        let f = try InboxFixture()
        try f.seed((1...3).map { f.message("m\($0)") })
        try f.seed([f.message("a1", producer: "app-messaging")], producer: "app-messaging")
        #expect(try f.inbox.queueEnds(producer: "engagement") == (nil, nil))
        try f.inbox.recordImpressions([f.key("m1"), f.key("m2")])
        try f.inbox.recordImpressions([MessageKey(producer: "app-messaging", id: "a1")])
        for id in ["m1", "m2"] { _ = try f.inbox.markRead(f.key(id)) }
        let ends = try f.inbox.queueEnds(producer: "engagement")
        let tableEnd = try f.inbox.database.integer("SELECT max(seq) FROM pending_events")
        #expect(ends.events == tableEnd, "the events' end is the table's, another producer's here")
        try f.inbox.recordImpressions([f.key("m3")])
        _ = try f.inbox.markRead(f.key("m3"))
        _ = try f.inbox.markDeleted(f.key("m1"))
        let events = try f.inbox.queuedEvents(producer: "engagement", through: ends.events)
        #expect(events.map(\.event.key.id) == ["m1", "m2"])
        #expect(try f.inbox.queuedEvents(producer: "engagement").count == 4)
        // m1 changed after the end was taken: it moved past it, with m3.
        let statuses = try f.inbox.pendingStatuses(producer: "engagement", through: ends.statuses)
        #expect(statuses.map(\.id) == ["m2"])
        #expect(try f.inbox.pendingStatuses(producer: "engagement").map(\.id) == ["m2", "m3", "m1"])
    }

    @Test func aChangeMovesTheStatusPastEveryOtherAndARunIsClearedByItsPlaces() throws {
        let f = try InboxFixture()
        try f.seed((1...4).map { f.message("m\($0)") })
        for id in ["m1", "m2", "m3"] { _ = try f.inbox.markRead(f.key(id)) }
        let batch = try f.inbox.pendingStatuses(producer: "engagement", limit: 2)
        #expect(batch.map(\.id) == ["m1", "m2"])
        // m1 changes while its batch is on its way: it moves to the end and outlives the answer.
        _ = try f.inbox.markDeleted(f.key("m1"))
        #expect(try f.inbox.pendingStatuses(producer: "engagement").map(\.id) == ["m2", "m3", "m1"])
        #expect(try f.inbox.acknowledgeStatuses(producer: "engagement", batch) == 1)
        let left = try f.inbox.pendingStatuses(producer: "engagement")
        #expect(left.map(\.id) == ["m3", "m1"])
        #expect(left.map(\.status) == [.read, .deleted])
    }
}

/// Step 9: a merge's generation comes from a counter, not from a scan of its producer's messages.
@Suite struct MergeGenerationTests {
    @Test func theCounterStartsPastEveryStoredGenerationSoAStaleMessageStillGoes() throws {
        let directory = try InboxFixture.storeAtSchema(8) { database in
            // A counter started at 0 would give the next merge generation 1: m-gone's, kept.
            let rows: [(String, String, Int64)] = [
                ("engagement", "m-keep", 1), ("engagement", "m-gone", 1), ("app-messaging", "a-1", 5),
            ]
            for (producer, id, generation) in rows {
                try database.prepare(
                    """
                    INSERT INTO messages(producer, id, state, server_read, pinned, receive_ms, title, button_count,
                                         sync_generation)
                    VALUES(?, ?, 0, 0, 0, 0, 'Title', 0, ?)
                    """
                ).run(.text(producer), .text(id), .int(generation))
            }
        }
        let f = try InboxFixture(directory: directory)
        #expect(try f.inbox.store.setting(Migrations.generationKey) == "5")
        try f.seed([f.message("m-keep")])
        #expect(try f.ids(.all) == ["m-keep", "a-1"])
        #expect(try f.inbox.store.setting(Migrations.generationKey) == "6")
        try f.seed([f.message("a-1", producer: "app-messaging")], producer: "app-messaging")
        try f.seed([], producer: "engagement")
        #expect(try f.ids(.all) == ["a-1"], "each merge takes the next generation")
    }
}

/// Pages in a write-ahead log: each frame is a 24-byte header and a 4 KiB page after the log's
/// 32-byte header.
enum WriteAheadLog {
    static func pages(_ path: String) -> Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        return max(0, bytes - 32) / (4096 + 24)
    }
}
