import Foundation

/// Schema the reader needs to stay fast at 100,000 messages: an index in list order, an index on
/// end instants, and per-producer, per-state message tallies kept by triggers.
///
/// These statements belong in `Migrations.steps` as step 3, verbatim; until the store's owner
/// moves them there, the reader applies them once at start-up (`IF NOT EXISTS` keeps both paths
/// compatible, and the tally is filled in the same transaction that creates its triggers, so it
/// is never out of step with `messages`).
enum ReaderSchema {
    static let statements = [
        // Inbox+ReaderList.swift: pages walk this index in list order; the WHERE columns ride
        // along, so rows skipped by OFFSET are never read from the table.
        "CREATE INDEX IF NOT EXISTS messages_list"
            + " ON messages(pinned DESC, receive_ms DESC, producer, id, state, start_ms, end_ms)",
        // Inbox+ReaderCounts.swift: expired messages per state, and the next end (A.2).
        "CREATE INDEX IF NOT EXISTS messages_end ON messages(state, end_ms) WHERE end_ms IS NOT NULL",
        // Stored messages per (producer, state), whatever their window: tab counts subtract the
        // few outside their window instead of counting every row. The triggers insert with
        // NOT EXISTS, not OR IGNORE: inside the merge's UPSERT, SQLite would turn OR IGNORE
        // into ABORT.
        """
        CREATE TABLE IF NOT EXISTS message_tally(
            producer TEXT NOT NULL, state INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY(producer, state)
        ) WITHOUT ROWID
        """,
        """
        CREATE TRIGGER IF NOT EXISTS message_tally_insert AFTER INSERT ON messages BEGIN
            INSERT INTO message_tally(producer, state, n) SELECT new.producer, new.state, 0
                WHERE NOT EXISTS (SELECT 1 FROM message_tally WHERE producer = new.producer AND state = new.state);
            UPDATE message_tally SET n = n + 1 WHERE producer = new.producer AND state = new.state;
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS message_tally_delete AFTER DELETE ON messages BEGIN
            UPDATE message_tally SET n = n - 1 WHERE producer = old.producer AND state = old.state;
        END
        """,
        """
        CREATE TRIGGER IF NOT EXISTS message_tally_update AFTER UPDATE OF producer, state ON messages
        WHEN old.producer IS NOT new.producer OR old.state IS NOT new.state BEGIN
            UPDATE message_tally SET n = n - 1 WHERE producer = old.producer AND state = old.state;
            INSERT INTO message_tally(producer, state, n) SELECT new.producer, new.state, 0
                WHERE NOT EXISTS (SELECT 1 FROM message_tally WHERE producer = new.producer AND state = new.state);
            UPDATE message_tally SET n = n + 1 WHERE producer = new.producer AND state = new.state;
        END
        """,
    ]

    /// Whether every object above exists (checked by name, one query).
    static func isComplete(_ database: Database) throws -> Bool {
        let names = "'messages_list', 'messages_end', 'message_tally', 'message_tally_insert',"
            + " 'message_tally_delete', 'message_tally_update'"
        return try database.integer("SELECT count(*) FROM sqlite_master WHERE name IN (\(names))") == 6
    }
}

extension Inbox {
    /// Applies `ReaderSchema` when any of it is missing: about 0.5 s once at 100,000 messages,
    /// nothing afterwards.
    public func ensureReaderSchema() throws {
        guard try !ReaderSchema.isComplete(database) else { return }
        try database.transaction {
            let hadTally = try database.integer(
                "SELECT count(*) FROM sqlite_master WHERE name = 'message_tally_insert'") > 0
            for statement in ReaderSchema.statements { try database.execute(statement) }
            guard !hadTally else { return }
            try database.execute(
                """
                DELETE FROM message_tally;
                INSERT INTO message_tally(producer, state, n) SELECT producer, state, count(*) FROM messages
                    GROUP BY producer, state
                """)
        }
    }

    /// Whether the tally of `ReaderSchema` is there to count from.
    func hasTally() throws -> Bool {
        try database.integer("SELECT count(*) FROM sqlite_master WHERE name = 'message_tally_update'") > 0
    }
}
