import Foundation
import InboxCore

/// What the in-app engine keeps on disk: the per-customer sync cache (read only when a sync
/// fails, B.13), the last placeholder values (B.12), artwork bytes (B.14), the frequency history
/// of the customer on the device (B.1), and one durable outbox for analytics and customer events
/// that are sent in order and deleted only once acknowledged (B.15, PROTOCOL 2.3-2.4).
///
/// The engine's values are stored as the JSON it produces; this type knows tables, not rules.
public final class InAppStore {
    public let store: Store
    var database: Database { store.database }

    public init(store: Store) {
        self.store = store
    }

    /// The kinds of outbox entries, each sent to its own endpoint.
    public enum OutboxKind: String, Sendable {
        case analytics
        case customerEvent
    }

    /// One queued event, oldest first; `eventId` is kept across retries.
    public struct OutboxEntry: Equatable, Sendable {
        public var sequence: Int64
        public var eventId: String
        public var customer: String
        public var payload: Data
    }

    // MARK: sync cache

    public func cachedSync(customer: String) throws -> (document: Data, lang: String, fetched: Date)? {
        try database.query(
            "SELECT document, lang, fetched_ms FROM iam_sync_cache WHERE customer = ?", [.text(customer)]
        ) { row in
            guard try row.step(), let document = row.blob(0) else { return nil }
            return (document, row.text(1) ?? "en", UTCDate.date(milliseconds: row.int(2)))
        }
    }

    public func saveSync(customer: String, lang: String, document: Data, at date: Date) throws {
        try database.transaction {
            try database.prepare(
                """
                INSERT INTO iam_sync_cache(customer, lang, document, fetched_ms) VALUES(?, ?, ?, ?)
                ON CONFLICT(customer) DO UPDATE SET lang = excluded.lang, document = excluded.document,
                    fetched_ms = excluded.fetched_ms
                """
            ).run(.text(customer), .text(lang), .blob(document), .int(UTCDate.milliseconds(date)))
        }
    }

    // MARK: per-customer blobs: placeholder values and frequency history

    public func placeholders(customer: String) throws -> Data? {
        try blob("SELECT iam_values FROM iam_placeholders WHERE customer = ?", customer)
    }

    public func savePlaceholders(customer: String, _ values: Data) throws {
        try upsertBlob("iam_placeholders", column: "iam_values", customer: customer, values)
    }

    public func history(customer: String) throws -> Data? {
        try blob("SELECT history FROM iam_history WHERE customer = ?", customer)
    }

    public func saveHistory(customer: String, _ history: Data) throws {
        try upsertBlob("iam_history", column: "history", customer: customer, history)
    }

    /// B.1: the history on the device belongs to one customer at a time; a switch forgets the
    /// others' history and placeholder values (switching back starts fresh).
    public func forgetCustomers(except customer: String) throws {
        try database.transaction {
            try database.prepare("DELETE FROM iam_history WHERE customer <> ?").run(.text(customer))
            try database.prepare("DELETE FROM iam_placeholders WHERE customer <> ?").run(.text(customer))
        }
    }

    // MARK: artwork

    public func artwork(url: String) throws -> Data? {
        try database.query("SELECT bytes FROM iam_artwork WHERE url = ?", [.text(url)]) {
            try $0.step() ? $0.blob(0) : nil
        }
    }

    public func saveArtwork(url: String, bytes: Data, at date: Date) throws {
        try database.transaction {
            try database.prepare(
                """
                INSERT INTO iam_artwork(url, bytes, fetched_ms) VALUES(?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET bytes = excluded.bytes, fetched_ms = excluded.fetched_ms
                """
            ).run(.text(url), .blob(bytes), .int(UTCDate.milliseconds(date)))
        }
    }

    // MARK: outbox

    /// Queues events durably, in order, in one transaction. An `eventId` already queued is ignored.
    public func enqueue(_ kind: OutboxKind, customer: String, events: [(eventId: String, payload: Data)], at date: Date)
        throws
    {
        guard !events.isEmpty else { return }
        try database.transaction {
            let insert = try database.prepare(
                """
                INSERT INTO iam_outbox(kind, event_id, customer, payload, queued_ms) VALUES(?, ?, ?, ?, ?)
                ON CONFLICT(event_id) DO NOTHING
                """)
            for event in events {
                try insert.run(
                    .text(kind.rawValue), .text(event.eventId), .text(customer), .blob(event.payload),
                    .int(UTCDate.milliseconds(date)))
            }
        }
    }

    /// The oldest queued events of a kind, for any customer or for one.
    public func pending(_ kind: OutboxKind, customer: String? = nil, limit: Int = 500) throws -> [OutboxEntry] {
        var sql = "SELECT seq, event_id, customer, payload FROM iam_outbox WHERE kind = ?"
        var values: [SQLValue] = [.text(kind.rawValue)]
        if let customer {
            sql += " AND customer = ?"
            values.append(.text(customer))
        }
        return try database.query(sql + " ORDER BY seq LIMIT ?", values + [.int(Int64(limit))]) { row in
            var entries: [OutboxEntry] = []
            while try row.step() {
                entries.append(
                    OutboxEntry(
                        sequence: row.int(0), eventId: row.text(1) ?? "", customer: row.text(2) ?? "",
                        payload: row.blob(3) ?? Data()))
            }
            return entries
        }
    }

    public func pendingCount(_ kind: OutboxKind) throws -> Int {
        Int(try database.integer("SELECT count(*) FROM iam_outbox WHERE kind = ?", [.text(kind.rawValue)]))
    }

    /// Deletes the events a server acknowledged, in one transaction, so none is sent twice.
    public func acknowledge(_ eventIds: [String]) throws {
        guard !eventIds.isEmpty else { return }
        try database.transaction {
            let delete = try database.prepare("DELETE FROM iam_outbox WHERE event_id = ?")
            for eventId in eventIds { try delete.run(.text(eventId)) }
        }
    }

    private func blob(_ sql: String, _ customer: String) throws -> Data? {
        try database.query(sql, [.text(customer)]) { try $0.step() ? $0.blob(0) : nil }
    }

    private func upsertBlob(_ table: String, column: String, customer: String, _ value: Data) throws {
        try database.transaction {
            try database.prepare(
                """
                INSERT INTO \(table)(customer, \(column)) VALUES(?, ?)
                ON CONFLICT(customer) DO UPDATE SET \(column) = excluded.\(column)
                """
            ).run(.text(customer), .blob(value))
        }
    }
}
