import Foundation
import InboxCore

@testable import InboxStore

extension Inbox {
    /// The merge tinbox had before imports streamed (one upsert per message, its local state
    /// looked up each time), kept as the oracle the staged, set-based merge must agree with.
    func legacyMerge(producer: String, messages: [InboxMessage], skipped: Int) throws -> MergeReport {
        try database.transaction {
            let generation =
                try database.integer("SELECT max(sync_generation) FROM messages WHERE producer = ?", [.text(producer)])
                + 1
            var seen = Set<String>()
            let upsert = try database.prepare(
                """
                INSERT INTO messages(producer, id, state, server_read, start_ms, end_ms, pinned, receive_ms,
                                     title, body, image_url, buttons, button_count, details, sync_generation)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(producer, id) DO UPDATE SET
                    state = excluded.state, server_read = excluded.server_read, start_ms = excluded.start_ms,
                    end_ms = excluded.end_ms, pinned = excluded.pinned, receive_ms = excluded.receive_ms,
                    title = excluded.title, body = excluded.body, image_url = excluded.image_url,
                    buttons = excluded.buttons, button_count = excluded.button_count, details = excluded.details,
                    sync_generation = excluded.sync_generation
                """)
            for message in messages where message.key.producer == producer && seen.insert(message.key.id).inserted {
                let local = try database.query(
                    "SELECT state FROM local_state WHERE producer = ? AND id = ?",
                    [.text(message.key.producer), .text(message.key.id)]
                ) { try $0.step() ? EntryRow.state($0.int(0)) : nil }
                let state = InboxRules.effectiveState(local: local, serverRead: message.serverRead)
                try upsert.run(
                    .text(producer), .text(message.key.id), .int(EntryRow.code(state)), .bool(message.serverRead),
                    .optional(message.start.map(UTCDate.milliseconds)),
                    .optional(message.end.map(UTCDate.milliseconds)),
                    .bool(message.isPinned), .int(UTCDate.milliseconds(message.receiveDate)), .text(message.title),
                    .optional(message.body), .optional(message.imageUrl),
                    .optional(EntryRow.encodeButtons(message.buttons)), .int(Int64(message.buttons.count)),
                    .optional(message.messageDetails), .int(generation))
            }
            try database.prepare(
                """
                DELETE FROM messages WHERE producer = ? AND sync_generation <> ? AND NOT EXISTS (
                    SELECT 1 FROM pending_statuses p WHERE p.producer = messages.producer AND p.id = messages.id)
                """
            ).run(.text(producer), .int(generation))
            let removed = database.changes
            try recordRefresh(producer: producer, outcome: "ok", skipped: skipped, operational: true)
            return MergeReport(stored: seen.count, skipped: skipped + (messages.count - seen.count), removed: removed)
        }
    }

    /// Every row of `sql`, each column as text (NULL as "∅").
    func rows(_ sql: String, columns: Int32) throws -> [[String]] {
        try database.query(sql) { row in
            var rows: [[String]] = []
            while try row.step() { rows.append((0..<columns).map { row.text($0) ?? "∅" }) }
            return rows
        }
    }

    /// What an import may change, as text: messages, tallies, local state, queued statuses.
    func importedState() throws -> [[String]] {
        try rows(
            """
            SELECT producer, id, state, server_read, start_ms, end_ms, pinned, receive_ms, title, body, image_url,
                   buttons, button_count, details, sync_generation FROM messages ORDER BY producer, id
            """, columns: 15)
            + rows("SELECT producer, state, n FROM message_tally ORDER BY producer, state", columns: 3)
            + rows("SELECT producer, id, state FROM local_state ORDER BY producer, id", columns: 3)
            + rows("SELECT producer, id, status FROM pending_statuses ORDER BY producer, id", columns: 3)
    }
}
