import Foundation
import InboxCore

/// What one producer's import did.
public struct MergeReport: Equatable, Sendable {
    public var stored: Int
    public var skipped: Int
    public var removed: Int

    public init(stored: Int, skipped: Int, removed: Int) {
        self.stored = stored
        self.skipped = skipped
        self.removed = removed
    }
}

extension Inbox {
    /// Stores a producer's full list of messages in one transaction (BEHAVIOR A.1, A.6):
    /// local read beats a server `unread`, deleted stays deleted, a duplicate id is stored once,
    /// and a message the producer stopped sending disappears unless a local status is pending.
    public func merge(producer: String, messages: [InboxMessage], skipped: Int) throws -> MergeReport {
        try database.transaction {
            let generation = try nextGeneration(producer)
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
                let state = InboxRules.effectiveState(local: try localState(message.key), serverRead: message.serverRead)
                try upsert.run(
                    .text(producer), .text(message.key.id), .int(EntryRow.code(state)), .bool(message.serverRead),
                    .optional(message.start.map(UTCDate.milliseconds)), .optional(message.end.map(UTCDate.milliseconds)),
                    .bool(message.isPinned), .int(UTCDate.milliseconds(message.receiveDate)), .text(message.title),
                    .optional(message.body), .optional(message.imageUrl), .optional(EntryRow.encodeButtons(message.buttons)),
                    .int(Int64(message.buttons.count)), .optional(message.messageDetails), .int(generation))
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

    /// Records a producer's params guard saying the inbox is not operational (PROTOCOL 1.1):
    /// its reads are empty until a later refresh says otherwise; stored messages are kept.
    public func markInoperative(producer: String) throws {
        try database.transaction {
            try recordRefresh(producer: producer, outcome: "not operational", skipped: 0, operational: false)
        }
    }

    /// Records a failed refresh of a producer for `inbox status`.
    public func recordFailure(producer: String, reason: String) throws {
        try database.transaction {
            try database.prepare(
                """
                INSERT INTO producers(name, last_refresh_ms, last_outcome) VALUES(?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET last_refresh_ms = excluded.last_refresh_ms,
                    last_outcome = excluded.last_outcome
                """
            ).run(.text(producer), .int(nowMilliseconds), .text("failed: \(reason)"))
        }
    }

    private func recordRefresh(producer: String, outcome: String, skipped: Int, operational: Bool) throws {
        try database.prepare(
            """
            INSERT INTO producers(name, operational, last_refresh_ms, last_outcome, last_skipped) VALUES(?, ?, ?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET operational = excluded.operational,
                last_refresh_ms = excluded.last_refresh_ms, last_outcome = excluded.last_outcome,
                last_skipped = excluded.last_skipped
            """
        ).run(.text(producer), .bool(operational), .int(nowMilliseconds), .text(outcome), .int(Int64(skipped)))
        try store.setSetting(SettingKey.everRefreshed, "1")
    }

    private func nextGeneration(_ producer: String) throws -> Int64 {
        try database.integer("SELECT max(sync_generation) FROM messages WHERE producer = ?", [.text(producer)]) + 1
    }

    private func localState(_ key: MessageKey) throws -> MessageState? {
        try database.query(
            "SELECT state FROM local_state WHERE producer = ? AND id = ?", [.text(key.producer), .text(key.id)]
        ) { try $0.step() ? EntryRow.state($0.int(0)) : nil }
    }
}
