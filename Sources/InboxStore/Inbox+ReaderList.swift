import Foundation
import InboxCore

/// The reader's paged list, fast at any depth of a large inbox.
///
/// `entries(_:offset:limit:)` lets SQLite pick `messages_state` for the WHERE clause, which then
/// sorts every active message to return one page: about 85 ms at 100,000 messages for the first
/// page and over a second near the end. Here the state test is written `+state` so the planner
/// walks an index in list order and stops after the page. `messages_list` is that order index
/// with the columns of the WHERE clause added, so rows skipped by OFFSET are never read from the
/// table: the last page of 100,000 costs about 20 ms, the first well under 1 ms. The index is
/// created by schema 3 (Migrations.swift).
extension Inbox {
    /// A page of `filter`'s list (narrowed to titles containing `text` when it is not empty), in
    /// the order of A.3, read by walking the list-order index, or as a search (Inbox+Search.swift).
    public func listPage(_ filter: StateFilter, titleContaining text: String = "", offset: Int, limit: Int) throws
        -> [InboxEntry]
    {
        guard text.isEmpty else { return try searchPage(filter, text, offset: offset, limit: limit) }
        guard try isEnabled() else { return [] }
        let scope = try Scope(filter: filter, inbox: self)
        // `+state` keeps `messages_state` out of the plan (Scope's clause starts with `state`).
        let sql =
            "SELECT \(EntryRow.columns) FROM messages WHERE +\(scope.sql)"
            + " ORDER BY pinned DESC, receive_ms DESC, producer, id LIMIT ? OFFSET ?"
        return try database.query(sql, scope.values + [.int(Int64(limit)), .int(Int64(offset))]) { row in
            var result: [InboxEntry] = []
            while try row.step() { result.append(EntryRow.entry(from: row)) }
            return result
        }
    }
}
