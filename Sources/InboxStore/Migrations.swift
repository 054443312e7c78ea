import Foundation

/// Schema migrations, applied in order by `PRAGMA user_version`. Append; never edit a shipped step.
enum Migrations {
    static let steps: [String] = [
        // 1: inbox messages, local state, pending statuses and events, producers, settings.
        """
        CREATE TABLE messages(
            producer TEXT NOT NULL,
            id TEXT NOT NULL,
            state INTEGER NOT NULL,          -- effective state: 0 unread, 1 read, 2 deleted
            server_read INTEGER NOT NULL,
            start_ms INTEGER,
            end_ms INTEGER,
            pinned INTEGER NOT NULL,
            receive_ms INTEGER NOT NULL,
            title TEXT NOT NULL,
            body TEXT,
            image_url TEXT,
            buttons TEXT,                    -- JSON array of CTA buttons, NULL when none
            button_count INTEGER NOT NULL,
            details TEXT,
            sync_generation INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY(producer, id)
        );
        CREATE INDEX messages_order ON messages(pinned DESC, receive_ms DESC, producer, id);
        CREATE INDEX messages_state ON messages(state, start_ms, end_ms);
        CREATE TABLE local_state(
            producer TEXT NOT NULL,
            id TEXT NOT NULL,
            state INTEGER NOT NULL,
            changed_ms INTEGER NOT NULL,
            PRIMARY KEY(producer, id)
        ) WITHOUT ROWID;
        CREATE TABLE pending_statuses(
            producer TEXT NOT NULL,
            id TEXT NOT NULL,
            status INTEGER NOT NULL,
            queued_ms INTEGER NOT NULL,
            PRIMARY KEY(producer, id)
        ) WITHOUT ROWID;
        CREATE TABLE pending_events(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id TEXT NOT NULL UNIQUE,
            producer TEXT NOT NULL,
            event_type TEXT NOT NULL,
            message_id TEXT NOT NULL,
            details TEXT,
            button_id TEXT,
            event_ms INTEGER NOT NULL
        );
        CREATE TABLE producers(
            name TEXT PRIMARY KEY,
            operational INTEGER NOT NULL DEFAULT 1,
            last_refresh_ms INTEGER,
            last_outcome TEXT,
            last_skipped INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        """,
        // 2: in-app messaging: the sync cache, placeholder values, artwork bytes, the frequency
        // history of the customer on the device, and one durable outbox for analytics and
        // customer events (BEHAVIOR B.13-B.15, PROTOCOL 2.3-2.4).
        """
        CREATE TABLE iam_sync_cache(
            customer TEXT PRIMARY KEY,
            lang TEXT NOT NULL,
            document BLOB NOT NULL,
            fetched_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE iam_placeholders(
            customer TEXT PRIMARY KEY,
            iam_values BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE iam_artwork(
            url TEXT PRIMARY KEY,
            bytes BLOB NOT NULL,
            fetched_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE iam_history(
            customer TEXT PRIMARY KEY,
            history BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE iam_outbox(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,              -- 'analytics' | 'customerEvent'
            event_id TEXT NOT NULL UNIQUE,
            customer TEXT NOT NULL,
            payload BLOB NOT NULL,           -- the JSON object sent for this event
            queued_ms INTEGER NOT NULL
        );
        CREATE INDEX iam_outbox_kind ON iam_outbox(kind, customer, seq);
        """,
        // 3: what keeps the reader instant at 100,000 messages. Pages walk `messages_list` in list
        // order with the WHERE columns riding along (it replaces `messages_order`); `messages_end`
        // finds ended messages and the next window edge (A.2); `message_tally` holds the stored
        // messages per (producer, state), kept by triggers, so tab counts subtract the few messages
        // outside their window instead of counting every row. The triggers count with an UPSERT,
        // one statement per row (not OR IGNORE: inside the merge's UPSERT, SQLite would turn OR
        // IGNORE into ABORT).
        """
        DROP INDEX messages_order;
        CREATE INDEX messages_list ON messages(pinned DESC, receive_ms DESC, producer, id, state, start_ms, end_ms);
        CREATE INDEX messages_end ON messages(state, end_ms) WHERE end_ms IS NOT NULL;
        CREATE TABLE message_tally(
            producer TEXT NOT NULL,
            state INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY(producer, state)
        ) WITHOUT ROWID;
        INSERT INTO message_tally(producer, state, n) SELECT producer, state, count(*) FROM messages GROUP BY producer, state;
        CREATE TRIGGER message_tally_insert AFTER INSERT ON messages BEGIN
            INSERT INTO message_tally(producer, state, n) VALUES(new.producer, new.state, 1)
                ON CONFLICT(producer, state) DO UPDATE SET n = n + 1;
        END;
        CREATE TRIGGER message_tally_delete AFTER DELETE ON messages BEGIN
            UPDATE message_tally SET n = n - 1 WHERE producer = old.producer AND state = old.state;
        END;
        CREATE TRIGGER message_tally_update AFTER UPDATE OF producer, state ON messages
        WHEN old.producer IS NOT new.producer OR old.state IS NOT new.state BEGIN
            UPDATE message_tally SET n = n - 1 WHERE producer = old.producer AND state = old.state;
            INSERT INTO message_tally(producer, state, n) VALUES(new.producer, new.state, 1)
                ON CONFLICT(producer, state) DO UPDATE SET n = n + 1;
        END;
        """,
        // 4: the reader's search as index lookups instead of a LIKE over every title per keystroke
        // (issue 3, point 7), kept off the import's path (Inbox+TitleIndex.swift). `title_index` is
        // an FTS5 trigram index of each title in the form `lower(title) || char(1, 1)`, keyed by the
        // messages rowid. Nothing indexes inside a write: the messages up to rowid
        // `indexed_through` are indexed, those above are not yet, and the triggers only note in
        // `title_index_stale` the indexed rows whose title an insert (a reused rowid), an update or
        // a delete made stale. `catchUpTitleIndex` re-indexes those and advances the watermark, a
        // bounded chunk per transaction; searches test the noted and unindexed rows directly, so
        // they are exact at any point of the catch-up. The step indexes nothing itself: the
        // watermark starts at 0. `title_index_terms` lists the indexed trigrams, for searches of
        // 1 or 2 characters. Nothing ranks results, so FTS5 keeps no sizes (columnsize = 0).
        // FTS5's automerge is off: it made some small writes pay for merging large segments
        // (250 ms holding the write lock); the catch-up merges in bounded steps instead and
        // `unmerged` says one is due. The triggers note with an UPSERT, not OR IGNORE (see step 3).
        """
        CREATE VIRTUAL TABLE title_index USING fts5(
            words, tokenize = 'trigram case_sensitive 1', detail = none, columnsize = 0
        );
        INSERT INTO title_index(title_index, rank) VALUES('automerge', 0);
        CREATE VIRTUAL TABLE title_index_terms USING fts5vocab(title_index, instance);
        CREATE TABLE title_index_progress(
            only INTEGER PRIMARY KEY CHECK (only = 1),
            indexed_through INTEGER NOT NULL,
            unmerged INTEGER NOT NULL
        );
        INSERT INTO title_index_progress(only, indexed_through, unmerged) VALUES(1, 0, 0);
        CREATE TABLE title_index_stale(message INTEGER PRIMARY KEY);
        CREATE TRIGGER title_index_stale_insert AFTER INSERT ON messages
        WHEN new.rowid <= (SELECT indexed_through FROM title_index_progress) BEGIN
            INSERT INTO title_index_stale(message) VALUES(new.rowid) ON CONFLICT(message) DO NOTHING;
        END;
        CREATE TRIGGER title_index_stale_update AFTER UPDATE OF title ON messages
        WHEN old.title IS NOT new.title AND old.rowid <= (SELECT indexed_through FROM title_index_progress) BEGIN
            INSERT INTO title_index_stale(message) VALUES(old.rowid) ON CONFLICT(message) DO NOTHING;
        END;
        CREATE TRIGGER title_index_stale_delete AFTER DELETE ON messages
        WHEN old.rowid <= (SELECT indexed_through FROM title_index_progress) BEGIN
            INSERT INTO title_index_stale(message) VALUES(old.rowid) ON CONFLICT(message) DO NOTHING;
        END;
        """,
        // 5: pending statuses in the order they are sent (oldest change first), so each batch of
        // a drain is read from the index instead of sorting the whole queue again: 20 sorts of up to
        // 10,000 rows per 10,000-status drain (issue 14 point 5).
        """
        CREATE INDEX pending_statuses_order ON pending_statuses(producer, queued_ms, id);
        """,
        // 6: the inbox detail view's pictures (a message's `imageUrl`), cached like campaign
        // artwork (TERMINAL.md §2, BEHAVIOR B.14), by URL.
        """
        CREATE TABLE inbox_images(
            url TEXT PRIMARY KEY,
            bytes BLOB NOT NULL,
            fetched_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        """,
        // 7: what vendor formats carry beside PROTOCOL 1.2's fields (subtitle, image alt text,
        // custom keys, priority; issue 12), as one JSON object, NULL for the messages without any.
        """
        ALTER TABLE messages ADD COLUMN extras TEXT;
        """,
        // 8: each pending status has a place in its producer's queue, `seq`, given anew at every
        // change (one past the producer's last), as events have: a batch is read in that order
        // and acknowledged by its range of places in one statement, where 500 deletes by id cost a
        // drain of 10,000 statuses about as much as the requests (issue 14 point 5). A status
        // changed while its batch was on its way has moved past that range and stays queued.
        // The queue keeps its order (step 5's oldest change first) in the places it is given.
        """
        CREATE TABLE pending_statuses_by_place(
            producer TEXT NOT NULL,
            seq INTEGER NOT NULL,
            id TEXT NOT NULL,
            status INTEGER NOT NULL,
            queued_ms INTEGER NOT NULL,
            PRIMARY KEY(producer, seq),
            UNIQUE(producer, id)
        ) WITHOUT ROWID;
        INSERT INTO pending_statuses_by_place(producer, seq, id, status, queued_ms)
        SELECT producer, row_number() OVER (PARTITION BY producer ORDER BY queued_ms, id), id, status, queued_ms
        FROM pending_statuses;
        DROP TABLE pending_statuses;
        ALTER TABLE pending_statuses_by_place RENAME TO pending_statuses;
        """,
        // 9: the last merge's generation, kept in `settings`: a merge took one past the largest
        // of its producer's messages, a scan of all of them (3 ms of a drain's refresh at 10,000;
        // issue 14 point 5). One counter for every producer; each merge takes the next.
        """
        INSERT INTO settings(key, value)
        SELECT 'sync.generation', coalesce(max(sync_generation), 0) FROM messages;
        """,
    ]

    /// The `settings` key of the last merge's generation, as step 9 writes it (FeedImport.swift).
    static let generationKey = "sync.generation"

    static var latest: Int32 { Int32(steps.count) }

    /// The secondary indexes of `messages` as the steps leave them (step 3), by name, in the
    /// steps' own words: a large import drops them and builds them again afterwards
    /// (FeedImport.swift). `MigrationTests` checks they match the migrated schema.
    static let messageIndexes: [(name: String, sql: String)] = [
        ("messages_end", "CREATE INDEX messages_end ON messages(state, end_ms) WHERE end_ms IS NOT NULL"),
        (
            "messages_list",
            "CREATE INDEX messages_list ON messages(pinned DESC, receive_ms DESC, producer, id, state, start_ms, end_ms)"
        ),
        ("messages_state", "CREATE INDEX messages_state ON messages(state, start_ms, end_ms)"),
    ]

    /// The triggers that note each deleted row of `messages` (steps 3 and 4), in the steps' own
    /// words: a large removal drops them and does their work in two set-based statements instead
    /// (FeedImport.swift). `ImportIndexRebuildTests` checks they match the migrated schema.
    static let messageDeleteTriggers: [(name: String, sql: String)] = [
        (
            "message_tally_delete",
            """
            CREATE TRIGGER message_tally_delete AFTER DELETE ON messages BEGIN
                UPDATE message_tally SET n = n - 1 WHERE producer = old.producer AND state = old.state;
            END
            """
        ),
        (
            "title_index_stale_delete",
            """
            CREATE TRIGGER title_index_stale_delete AFTER DELETE ON messages
            WHEN old.rowid <= (SELECT indexed_through FROM title_index_progress) BEGIN
                INSERT INTO title_index_stale(message) VALUES(old.rowid) ON CONFLICT(message) DO NOTHING;
            END
            """
        ),
    ]

    /// Refuses a database tinbox cannot use as its own, before anything is written to it: a newer
    /// schema, a negative one (no tinbox writes it: the steps were indexed by it, and -1 stopped
    /// the program), or someone else's database at tinbox's path (a new store is empty: schema 0
    /// with tables is not one of tinbox's, whose tables went in beside the user's).
    static func verify(_ database: Database) throws {
        let current = try database.userVersion
        if current > latest {
            throw StoreError.newerSchema(path: database.path, found: current, known: latest)
        }
        if current < 0 { throw StoreError.notADatabase(path: database.path) }
        if current == 0,
            try database.query("SELECT count(*) FROM sqlite_master", [], { try $0.step() ? $0.int(0) : 0 }) > 0
        {
            throw StoreError.notADatabase(path: database.path)
        }
    }

    /// Brings a verified (`Store.init`) or new store to `latest`.
    static func apply(to database: Database) throws {
        let current = try database.userVersion
        guard current < latest else { return }
        try database.transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let version = try database.userVersion
            if version < 0 { throw StoreError.notADatabase(path: database.path) }
            for step in Int(version)..<steps.count {
                try database.execute(steps[step])
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }
}
