import Foundation
import InboxCore

/// The inbox of BEHAVIOR §A over the store: reads and counts of active messages, marks,
/// the enable switch. Every mutation runs in one transaction and is durable when it returns.
///
/// Reads are queries with "now" from the injected clock, so a message leaves every list and
/// count the moment its end passes, without a refresh (A.2).
public final class Inbox {
    public let store: Store
    public let clock: Clock
    var database: Database { store.database }
    /// The search plans' thresholds (Inbox+Search.swift).
    var searchTuning = SearchTuning()

    public init(store: Store, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    // MARK: enable switch (A.5)

    public func isEnabled() throws -> Bool {
        try store.setting(SettingKey.enabled) != "0"
    }

    public func setEnabled(_ enabled: Bool) throws {
        try database.transaction { try store.setSetting(SettingKey.enabled, enabled ? "1" : "0") }
    }

    // MARK: reads (A.2, A.3)

    /// A page of the list for `filter` in the order of A.3.
    public func entries(_ filter: StateFilter, offset: Int = 0, limit: Int = Int.max) throws -> [InboxEntry] {
        guard try isEnabled() else { return [] }
        let scope = try Scope(filter: filter, inbox: self)
        let sql =
            "SELECT \(EntryRow.columns) FROM messages WHERE \(scope.sql)"
            + " ORDER BY pinned DESC, receive_ms DESC, producer, id LIMIT ? OFFSET ?"
        return try database.query(sql, scope.values + [.int(Int64(limit)), .int(Int64(offset))]) { row in
            var result: [InboxEntry] = []
            while try row.step() { result.append(EntryRow.entry(from: row)) }
            return result
        }
    }

    /// Calls `body` for every entry of `filter` in order, without holding them all in memory.
    public func forEachEntry(_ filter: StateFilter, _ body: (InboxEntry) throws -> Void) throws {
        guard try isEnabled() else { return }
        let scope = try Scope(filter: filter, inbox: self)
        let sql =
            "SELECT \(EntryRow.columns) FROM messages WHERE \(scope.sql)"
            + " ORDER BY pinned DESC, receive_ms DESC, producer, id"
        try database.query(sql, scope.values) { row in
            while try row.step() { try body(EntryRow.entry(from: row)) }
        }
    }

    public func count(_ filter: StateFilter) throws -> Int {
        guard try isEnabled() else { return 0 }
        let scope = try Scope(filter: filter, inbox: self)
        return Int(try database.integer("SELECT count(*) FROM messages WHERE \(scope.sql)", scope.values))
    }

    /// The four tab counts; all = unread + read (A.3).
    public func counts() throws -> [StateFilter: Int] {
        let unread = try count(.unread)
        let read = try count(.read)
        return [.all: unread + read, .unread: unread, .read: read, .deleted: try count(.deleted)]
    }

    /// One stored message with its state, whether or not it is active.
    public func entry(_ key: MessageKey) throws -> InboxEntry? {
        let sql = "SELECT \(EntryRow.columns) FROM messages WHERE producer = ? AND id = ?"
        return try database.query(sql, [.text(key.producer), .text(key.id)]) {
            try $0.step() ? EntryRow.entry(from: $0) : nil
        }
    }

    /// Finds the message a user names: `id`, or `producer/id` when two producers share the id.
    public func resolve(_ name: String) throws -> Result<MessageKey, MarkRefusal> {
        let keys = try database.query("SELECT producer, id FROM messages WHERE id = ? ORDER BY producer", [.text(name)])
        {
            var keys: [MessageKey] = []
            while try $0.step() { keys.append(MessageKey(producer: $0.text(0) ?? "", id: $0.text(1) ?? "")) }
            return keys
        }
        if keys.count == 1 { return .success(keys[0]) }
        if keys.count > 1 { return .failure(.ambiguous(id: name, keys: keys)) }
        if let slash = name.firstIndex(of: "/") {
            let key = MessageKey(producer: String(name[..<slash]), id: String(name[name.index(after: slash)...]))
            if try entry(key) != nil { return .success(key) }
        }
        return .failure(.unknown(id: name))
    }

    /// Producers whose params guard said the inbox is not operational (PROTOCOL 1.1).
    func inoperativeProducers() throws -> [String] {
        try database.query("SELECT name FROM producers WHERE operational = 0") {
            var names: [String] = []
            while try $0.step() { names.append($0.text(0) ?? "") }
            return names
        }
    }

    var nowMilliseconds: Int64 { UTCDate.milliseconds(clock.now) }
}

/// Keys of the settings table.
enum SettingKey {
    static let enabled = "inbox.enabled"
    static let lastManualRefresh = "refresh.lastManual"
    static let everRefreshed = "refresh.ever"
}

/// The WHERE clause of a list or count: state, active window at "now", operational producers.
struct Scope {
    var sql: String
    var values: [SQLValue]

    init(filter: StateFilter, inbox: Inbox) throws {
        let now = inbox.nowMilliseconds
        switch filter {
        case .all: sql = "state IN (0, 1)"
        case .unread: sql = "state = 0"
        case .read: sql = "state = 1"
        case .deleted: sql = "state = 2"
        }
        sql += " AND (start_ms IS NULL OR start_ms <= ?) AND (end_ms IS NULL OR end_ms > ?)"
        values = [.int(now), .int(now)]
        for producer in try inbox.inoperativeProducers() {
            sql += " AND producer <> ?"
            values.append(.text(producer))
        }
    }
}
