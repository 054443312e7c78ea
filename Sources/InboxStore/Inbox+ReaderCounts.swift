import Foundation
import InboxCore

extension Inbox {
    /// The four tab counts of `counts()` without counting every row: the stored tally per state
    /// (schema 3, Migrations.swift) minus the messages outside their window now, which two index
    /// ranges find (not started: `messages_state`; ended: `messages_end`).
    public func tabCounts() throws -> [StateFilter: Int] {
        guard try isEnabled() else { return [.all: 0, .unread: 0, .read: 0, .deleted: 0] }
        let now = nowMilliseconds
        let inoperative = try inoperativeProducers()
        let skip = String(repeating: " AND producer <> ?", count: inoperative.count)
        let names = inoperative.map { SQLValue.text($0) }
        var active: [Int64: Int64] = [0: 0, 1: 0, 2: 0]
        try database.query("SELECT state, sum(n) FROM message_tally WHERE 1\(skip) GROUP BY state", names) { row in
            while try row.step() { active[row.int(0), default: 0] += row.int(1) }
        }
        for state: Int64 in [0, 1, 2] {
            let notStarted = try database.integer(
                "SELECT count(*) FROM messages WHERE state = ? AND start_ms > ?\(skip)",
                [.int(state), .int(now)] + names)
            let ended = try database.integer(
                "SELECT count(*) FROM messages WHERE state = ? AND end_ms <= ? AND (start_ms IS NULL OR start_ms <= ?)"
                    + skip, [.int(state), .int(now), .int(now)] + names)
            active[state, default: 0] -= notStarted + ended
        }
        let unread = Int(active[0] ?? 0)
        let read = Int(active[1] ?? 0)
        return [.all: unread + read, .unread: unread, .read: read, .deleted: Int(active[2] ?? 0)]
    }

    /// BEHAVIOR A.2: the first instant after `date` at which a stored message starts or ends, so
    /// lists and counts change without a refresh; nil when no window edge lies ahead. Six
    /// `min()` lookups on `messages_state` and `messages_end`, each one index probe.
    public func nextWindowChange(after date: Date) throws -> Date? {
        let after = UTCDate.milliseconds(date)
        var next: Int64?
        for state: Int64 in [0, 1, 2] {
            for sql in [
                "SELECT min(start_ms) FROM messages WHERE state = ? AND start_ms > ?",
                "SELECT min(end_ms) FROM messages WHERE state = ? AND end_ms > ?",
            ] {
                let found = try database.query(sql, [.int(state), .int(after)]) { row in
                    try row.step() ? row.optionalInt(0) : nil
                }
                if let found, found < next ?? Int64.max { next = found }
            }
        }
        return next.map(UTCDate.date(milliseconds:))
    }
}
