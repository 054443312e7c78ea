import Foundation
import InboxCore

/// The title index behind the reader's search (schema 4, Migrations.swift), kept up to date
/// outside the writes that change messages.
///
/// Indexing inside the import's transaction (triggers writing FTS5 rows) made importing 10,000
/// messages take 1.7 s instead of 1 s. Here the writes only note what they made stale, and this
/// catch-up indexes afterwards, a bounded chunk per transaction, at a cost proportional to the
/// new and changed rows. The reader's `SyncWorker` runs it when it starts, after each refresh and
/// after each queue flush.
///
/// The invariant, for every messages rowid `r`: if `r <= indexed_through` and `r` is not in
/// `title_index_stale`, then `title_index` holds exactly `indexedForm` of that message's title
/// under `r` (or nothing when there is no such message). Rows above the watermark are not in the
/// index. Searches read the index for the rows it covers and test the others (stale or above the
/// watermark) directly, so they are exact whatever the index's progress.
///
/// A catch-up chunk is one transaction: the index, the stale list and the watermark change
/// together or not at all, so a kill in the middle leaves the invariant as it was. Each chunk
/// also merges a bounded number of FTS5 pages (FTS5's own automerge is off, schema 4), so
/// lookups find few segments and no write ever pays for a large merge.
///
/// Nothing may renumber the messages rowids: whatever does must call `resetTitleIndex()`
/// afterwards. SQLite documents that VACUUM may, for a table without an INTEGER PRIMARY KEY;
/// the SQLite tinbox links keeps them (`TitleSearchTests.aVacuumKeepsTheIndexTrue`), and tinbox
/// never runs VACUUM itself.
extension Inbox {
    /// What the index stores for a title: ASCII letters lowered with the same `lower()` that
    /// folds a search (TitleSearch.swift), and two U+0001 after it, so that every character of a
    /// title, the last two included, begins an indexed trigram: searches of 1 or 2 characters
    /// then look up the trigrams that begin with them.
    static let indexedForm = "lower(title) || char(1, 1)"

    /// How many rows a catch-up chunk indexes at most (10-20 ms of work).
    public static let titleIndexChunk = 1_000

    /// How many pages of FTS5 segments a catch-up chunk merges at most (up to about 20 ms).
    static let titleIndexMergePages = 200

    /// Indexes up to `maxRows` messages the title index does not cover yet (stale rows first,
    /// then new rows in rowid order), then merges up to a bounded number of index pages, in one
    /// transaction. Returns true when the index is then complete and merged. Costs two lookups,
    /// and takes no write lock, when it already was.
    @discardableResult
    public func catchUpTitleIndex(maxRows: Int = titleIndexChunk) throws -> Bool {
        try catchUpTitleIndex(maxRows: maxRows, beforeCommit: {})
    }

    /// `beforeCommit` runs inside the transaction after the chunk's work (tests stop there to
    /// check what a kill at that moment leaves behind).
    func catchUpTitleIndex(maxRows: Int, beforeCommit: () throws -> Void) throws -> Bool {
        if try titleIndexIsComplete() && !titleIndexIsUnmerged() { return true }
        return try database.transaction {
            let indexed = try indexStaleRows(limit: maxRows)
            let complete = try indexNewRows(limit: maxRows - indexed) && titleIndexIsComplete()
            // Positive: FTS5 merges only levels holding `usermerge` (4) segments or more, so
            // segments stay few (each costs every lookup a probe) without rewriting large ones.
            let before = database.totalChanges
            try database.prepare("INSERT INTO title_index(title_index, rank) VALUES('merge', ?)")
                .run(.int(Int64(Self.titleIndexMergePages)))
            let merged = database.totalChanges - before < 2
            try database.prepare("UPDATE title_index_progress SET unmerged = ?").run(.bool(!(complete && merged)))
            try beforeCommit()
            return complete && merged
        }
    }

    /// Re-indexes up to `limit` stale rows, in rowid order; returns how many.
    private func indexStaleRows(limit: Int) throws -> Int {
        let stale = try database.query(
            "SELECT message FROM title_index_stale ORDER BY message LIMIT ?", [.int(Int64(limit))]
        ) { row in
            var rows: [Int64] = []
            while try row.step() { rows.append(row.int(0)) }
            return rows
        }
        // FTS5 buffers a transaction's changes in rowid order and writes a segment whenever a
        // rowid is not above the previous one: all deletes first, then all inserts, each in
        // rowid order, cost one segment where delete-insert pairs would cost one per row.
        for message in stale {
            try database.prepare("DELETE FROM title_index WHERE rowid = ?").run(.int(message))
        }
        for message in stale {
            try database.prepare(
                "INSERT INTO title_index(rowid, words) SELECT rowid, \(Self.indexedForm) FROM messages WHERE rowid = ?"
            ).run(.int(message))
        }
        if let last = stale.last {
            try database.prepare("DELETE FROM title_index_stale WHERE message <= ?").run(.int(last))
        }
        return stale.count
    }

    /// Indexes up to `limit` rows above the watermark and moves it past them; returns true when
    /// no row above it remains.
    private func indexNewRows(limit: Int) throws -> Bool {
        let through = try indexedThrough()
        guard limit > 0 else { return try database.integer("SELECT max(rowid) FROM messages") <= through }
        let last = try database.integer(
            "SELECT max(rowid) FROM (SELECT rowid FROM messages WHERE rowid > ? ORDER BY rowid LIMIT ?)",
            [.int(through), .int(Int64(limit))])
        guard last > through else { return true }
        try database.prepare(
            """
            INSERT INTO title_index(rowid, words)
            SELECT rowid, \(Self.indexedForm) FROM messages WHERE rowid > ? AND rowid <= ? ORDER BY rowid
            """
        ).run(.int(through), .int(last))
        try database.prepare("UPDATE title_index_progress SET indexed_through = ?").run(.int(last))
        return try database.integer("SELECT max(rowid) FROM messages") <= last
    }

    /// How many messages the title index does not cover now (stale or not indexed yet): the
    /// rows every search tests directly. Costs a count of those rows.
    public func titleIndexBacklog() throws -> Int {
        Int(
            try database.integer(
                """
                SELECT (SELECT count(*) FROM title_index_stale)
                     + (SELECT count(*) FROM messages WHERE rowid > (SELECT indexed_through FROM title_index_progress))
                """))
    }

    /// Empties the title index; the next catch-ups index every message again.
    public func resetTitleIndex() throws {
        try database.transaction {
            try database.execute(
                """
                DELETE FROM title_index;
                DELETE FROM title_index_stale;
                UPDATE title_index_progress SET indexed_through = 0, unmerged = 0;
                """)
        }
    }

    func titleIndexIsComplete() throws -> Bool {
        try database.integer(
            """
            SELECT NOT EXISTS (SELECT 1 FROM title_index_stale)
               AND NOT EXISTS (SELECT 1 FROM messages
                               WHERE rowid > (SELECT indexed_through FROM title_index_progress))
            """) == 1
    }

    func titleIndexIsUnmerged() throws -> Bool {
        try database.integer("SELECT unmerged FROM title_index_progress") != 0
    }

    func indexedThrough() throws -> Int64 {
        try database.integer("SELECT indexed_through FROM title_index_progress")
    }
}
