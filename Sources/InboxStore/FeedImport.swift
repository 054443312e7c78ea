import Foundation
import InboxCore

/// One producer's import while its feed streams in: each message is staged in a TEMP table, in
/// batches, and `apply` merges them all into the inbox in one transaction at the end (BEHAVIOR
/// A.4, A.6). Until then the inbox is untouched and its write lock is free: a feed that breaks
/// at any point changes nothing (`discard`).
///
/// The TEMP table belongs to this connection. A file's import stages it in SQLite's temporary
/// file (`Staging.disk`), so memory stays flat however large the feed: one batch of messages and
/// SQLite's page caches. An HTTP refresh's pages (at most `maxMessages`) stay in memory, as the
/// store's statement journals do (`temp_store=MEMORY`, Store.swift).
public final class FeedImport: FeedSink {
    /// Where the staged rows live until `apply`.
    public enum Staging: Sendable {
        /// In memory: the few pages of an HTTP refresh, no temporary file made and deleted.
        case memory
        /// In SQLite's temporary file: a feed file of any size (PROTOCOL 1.5: up to 256 MiB).
        /// In memory, a 1,000,000-message import peaked at 213 MB of the 200 MB it may use.
        case disk
    }

    public let producer: String
    private let inbox: Inbox
    private var database: Database { inbox.database }
    private var batch: [InboxMessage] = []
    /// Messages staged, duplicates included.
    private var staged = 0
    /// Messages of another producer, which are not stored (and counted as skipped).
    private var foreign = 0

    /// Messages per staging transaction.
    static let batchSize = 2_000
    /// From how many staged messages (and half the messages stored) the indexes are rebuilt.
    static let rebuildThreshold = 20_000
    /// From how many messages to remove (and half the messages stored) the indexes are rebuilt.
    static let removalRebuildThreshold = 5_000

    static let table = "temp.import_staging"

    init(inbox: Inbox, producer: String, staging: Staging) throws {
        self.inbox = inbox
        self.producer = producer
        batch.reserveCapacity(Self.batchSize)
        // A change of `temp_store` drops the connection's TEMP tables, which hold nothing between
        // imports. `seq` keeps the feed's order: of two messages with one id, the first is stored.
        try inbox.database.execute(
            """
            PRAGMA temp_store=\(staging == .disk ? "FILE" : "MEMORY");
            CREATE TEMP TABLE IF NOT EXISTS import_staging(
                seq INTEGER PRIMARY KEY, id TEXT NOT NULL, server_read INTEGER NOT NULL, start_ms INTEGER,
                end_ms INTEGER, pinned INTEGER NOT NULL, receive_ms INTEGER NOT NULL, title TEXT NOT NULL, body TEXT,
                image_url TEXT, buttons TEXT, button_count INTEGER NOT NULL, details TEXT, extras TEXT,
                dated INTEGER NOT NULL, deleted INTEGER NOT NULL, first_only INTEGER NOT NULL);
            DELETE FROM \(Self.table);
            """)
    }

    public func accept(_ message: InboxMessage) throws {
        guard message.key.producer == producer else {
            foreign += 1
            return
        }
        batch.append(message)
        if batch.count >= Self.batchSize { try flush() }
    }

    public func discardAccepted() throws {
        try discard()
    }

    /// Forgets what was staged; the inbox never saw it.
    public func discard() throws {
        batch.removeAll(keepingCapacity: true)
        staged = 0
        foreign = 0
        try database.execute("DELETE FROM \(Self.table)")
    }

    /// Merges what was staged, in one transaction: local read beats a server `unread`, deleted
    /// stays deleted, a duplicate id is stored once (its first message), and a message the
    /// producer stopped sending disappears unless a local status is pending. `skipped`: the
    /// feed's messages that were not usable. `precondition` runs first inside the transaction
    /// (and may throw to store nothing). The staging is empty afterwards.
    ///
    /// Call it outside other transactions: inside one it becomes a savepoint, whose sub-journal
    /// keeps one more copy of every stored page the merge changes.
    ///
    /// `durable: false` commits without an `fsync` (Database+Durability.swift): the caller syncs
    /// the log once before it reports the merge, as `Refresher` does for producers refreshed side
    /// by side.
    public func apply(skipped: Int, durable: Bool = true, precondition: () throws -> Void = {}) throws -> MergeReport {
        // Emptying the TEMP staging cannot lose data; a failure there must not hide the merge's result.
        defer { try? discard() }
        try flush()
        func merge() throws -> MergeReport {
            try precondition()
            let generation = try nextGeneration()
            // A large import upserts into the table alone and builds the secondary indexes again
            // at the end, sorted: inserting into them row by row, in no order of theirs, cost a
            // million-message import 12 s more than the table itself (and thrashed SQLite's cache).
            let present = try database.integer("SELECT coalesce(sum(n), 0) FROM message_tally")
            let rebuild = staged >= Self.rebuildThreshold && Int64(staged) * 2 >= present
            if rebuild {
                for index in Migrations.messageIndexes { try database.execute("DROP INDEX \(index.name)") }
            }
            // `isDeleted`: deleted locally, which is final (A.1). SFMC's `read` and `deleted` set
            // the local state when a message is first stored only (VENDORS.md §3): a later export
            // saying unread turned a message read by the first back to unread. Of two items with
            // one id, the first one's flags count, as its message is the one stored.
            try database.prepare(
                """
                INSERT INTO local_state(producer, id, state, changed_ms)
                SELECT ?1, s.id, CASE WHEN s.deleted THEN 2 ELSE 1 END, ?2
                FROM (SELECT min(seq), id, deleted, server_read, first_only FROM \(Self.table) GROUP BY id) AS s
                WHERE (s.deleted OR (s.first_only AND s.server_read))
                  AND NOT (s.first_only AND EXISTS (SELECT 1 FROM messages AS m WHERE m.producer = ?1 AND m.id = s.id))
                ON CONFLICT(producer, id) DO UPDATE SET state = max(state, excluded.state), changed_ms = excluded.changed_ms
                """
            ).run(.text(producer), .int(inbox.nowMilliseconds))
            // Set-based: the staged rows in id order (the first of each id), each with its local
            // state (A.1), upserted in one statement.
            try database.prepare(
                """
                INSERT INTO messages(producer, id, state, server_read, start_ms, end_ms, pinned, receive_ms,
                                     title, body, image_url, buttons, button_count, details, extras, sync_generation)
                SELECT ?1, s.id, CASE l.state WHEN 2 THEN 2 WHEN 1 THEN 1 ELSE s.server_read END, s.server_read,
                       s.start_ms, s.end_ms, s.pinned,
                       CASE WHEN s.dated THEN s.receive_ms ELSE coalesce(
                           (SELECT m.receive_ms FROM messages AS m WHERE m.producer = ?1 AND m.id = s.id),
                           s.receive_ms) END,
                       s.title, s.body, s.image_url, s.buttons, s.button_count, s.details, s.extras, ?2
                FROM (SELECT min(seq), id, server_read, start_ms, end_ms, pinned, receive_ms, title, body, image_url,
                             buttons, button_count, details, extras, dated
                      FROM \(Self.table) GROUP BY id) AS s
                LEFT JOIN local_state AS l ON l.producer = ?1 AND l.id = s.id
                WHERE true
                ON CONFLICT(producer, id) DO UPDATE SET
                    state = excluded.state, server_read = excluded.server_read, start_ms = excluded.start_ms,
                    end_ms = excluded.end_ms, pinned = excluded.pinned, receive_ms = excluded.receive_ms,
                    title = excluded.title, body = excluded.body, image_url = excluded.image_url,
                    buttons = excluded.buttons, button_count = excluded.button_count, details = excluded.details,
                    extras = excluded.extras, sync_generation = excluded.sync_generation
                """
            ).run(.text(producer), .int(generation))
            let stored = database.changes
            let removed = try removeUnlisted(generation: generation, stored: stored, indexesDropped: rebuild)
            if rebuild {
                for index in Migrations.messageIndexes { try database.execute(index.sql) }
            }
            try inbox.recordRefresh(producer: producer, outcome: "ok", skipped: skipped, operational: true)
            return MergeReport(stored: stored, skipped: skipped + (staged - stored) + foreign, removed: removed)
        }
        return try durable ? database.transaction(merge) : database.transactionSyncedLater(merge)
    }

    /// One past the last merge's (migration 9), so it differs from every stored message's: those
    /// this merge does not store keep an older one and are removed.
    /// Without the counter (removed by hand), the largest stored one counts it again, once.
    private func nextGeneration() throws -> Int64 {
        let key = SQLValue.text(Migrations.generationKey)
        try database.prepare("UPDATE settings SET value = CAST(value AS INTEGER) + 1 WHERE key = ?").run(key)
        if database.changes == 0 {
            try database.prepare(
                "INSERT INTO settings(key, value) SELECT ?, coalesce(max(sync_generation), 0) + 1 FROM messages"
            ).run(key)
        }
        return try database.integer("SELECT CAST(value AS INTEGER) FROM settings WHERE key = ?", [key])
    }

    /// Removes the messages the feed no longer lists (`removable`); returns how many.
    ///
    /// A large removal goes as a large import does: 10,000 messages the feed no longer lists cost
    /// ~4 µs each in the three indexes, rebuilding them ~2 µs per message that stays. So the
    /// indexes and the delete triggers are dropped around it and put back after (unless a large
    /// import dropped the indexes already: then the rows go one by one, triggers and all).
    ///
    /// When it takes every message in the store (the only producer's list came back empty and
    /// nothing of it waits to be sent), the table is emptied in one statement, which SQLite runs
    /// as a truncation: it frees the pages of the table and its indexes without visiting each
    /// row. A drain's refresh removing 10,000 messages spent ~8 ms on them row by row, and its
    /// commit wrote every page of the table to the log (issue 14 point 5).
    private func removeUnlisted(generation: Int64, stored: Int, indexesDropped: Bool) throws -> Int {
        let stale =
            try database.integer("SELECT coalesce(sum(n), 0) FROM message_tally WHERE producer = ?", [.text(producer)])
            - Int64(stored)
        let total = try database.integer("SELECT coalesce(sum(n), 0) FROM message_tally")
        guard !indexesDropped, stale >= Self.removalRebuildThreshold, stale * 2 >= total else {
            try database.prepare("DELETE FROM messages WHERE \(Self.removable)").run(.text(producer), .int(generation))
            return database.changes
        }
        let waiting = try database.integer(
            "SELECT EXISTS(SELECT 1 FROM pending_statuses WHERE producer = ?)", [.text(producer)])
        let everything = stale == total && waiting == 0
        if !everything {
            for index in Migrations.messageIndexes { try database.execute("DROP INDEX \(index.name)") }
        }
        try dropDeleteTriggers(generation: generation)
        if everything {
            // No WHERE and no delete trigger left: the truncation (the indexes are emptied with it).
            try database.execute("DELETE FROM messages")
        } else {
            try database.prepare("DELETE FROM messages WHERE \(Self.removable)").run(.text(producer), .int(generation))
        }
        let removed = database.changes
        try restoreDeleteTriggers()
        if !everything {
            for index in Migrations.messageIndexes { try database.execute(index.sql) }
        }
        return removed
    }

    /// The messages a merge removes (`?1` the producer, `?2` this merge's generation): those the
    /// feed no longer lists, unless a local status of theirs still waits to be sent.
    private static let removable = """
        producer = ?1 AND sync_generation <> ?2 AND NOT EXISTS (
            SELECT 1 FROM pending_statuses p WHERE p.producer = messages.producer AND p.id = messages.id)
        """

    /// Before a large removal: its rows' notes in the title index's stale list are made in one
    /// statement, and the per-row delete triggers are dropped. Each trigger cost about as much as
    /// deleting its row (a drain's empty page removing 10,000 messages: 21 ms with them, 10 ms
    /// without; issue 14 point 5). `restoreDeleteTriggers` puts them back in the same transaction.
    private func dropDeleteTriggers(generation: Int64) throws {
        try database.prepare(
            """
            INSERT INTO title_index_stale(message)
            SELECT rowid FROM messages
            WHERE \(Self.removable) AND rowid <= (SELECT indexed_through FROM title_index_progress)
            ON CONFLICT(message) DO NOTHING
            """
        ).run(.text(producer), .int(generation))
        for trigger in Migrations.messageDeleteTriggers { try database.execute("DROP TRIGGER \(trigger.name)") }
    }

    /// After a large removal: the triggers back, and the producer's tally counted again from the
    /// messages that stay (at most as many as were removed).
    private func restoreDeleteTriggers() throws {
        for trigger in Migrations.messageDeleteTriggers { try database.execute(trigger.sql) }
        try database.prepare("DELETE FROM message_tally WHERE producer = ?").run(.text(producer))
        try database.prepare(
            """
            INSERT INTO message_tally(producer, state, n)
            SELECT producer, state, count(*) FROM messages WHERE producer = ? GROUP BY state
            """
        ).run(.text(producer))
    }

    /// Stages the batch in one transaction of the TEMP table alone (no lock on the inbox).
    private func flush() throws {
        guard !batch.isEmpty else { return }
        try database.transaction(deferred: true) {
            let insert = try database.prepare(
                """
                INSERT INTO \(Self.table)(id, server_read, start_ms, end_ms, pinned, receive_ms, title, body,
                                          image_url, buttons, button_count, details, extras, dated, deleted,
                                          first_only)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for message in batch {
                try insert.run(
                    .text(message.key.id), .bool(message.serverRead),
                    .optional(message.start.map(UTCDate.milliseconds)),
                    .optional(message.end.map(UTCDate.milliseconds)), .bool(message.isPinned),
                    .int(UTCDate.milliseconds(message.receiveDate)), .text(message.title), .optional(message.body),
                    .optional(message.imageUrl), .optional(EntryRow.encodeButtons(message.buttons)),
                    .int(Int64(message.buttons.count)), .optional(message.messageDetails),
                    .optional(EntryRow.encodeExtras(message)), .bool(message.hasReceiveDate), .bool(message.isDeleted),
                    .bool(message.stateOnFirstImport))
            }
        }
        staged += batch.count
        batch.removeAll(keepingCapacity: true)
    }
}
