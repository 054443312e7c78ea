import Foundation
import InboxCore

extension Inbox {
    /// Where `key` stands in `filter`'s list (narrowed to titles containing `text`), in the order
    /// of A.3; nil when the message is not in that list now. The reader keeps its selection on the
    /// same message when a refresh adds rows above it (issue 4, point 6): one row lookup by
    /// primary key, then one count over the list-order index up to that row (a search:
    /// `searchPosition`, Inbox+Search.swift).
    public func listPosition(of key: MessageKey, _ filter: StateFilter, titleContaining text: String = "") throws
        -> Int?
    {
        guard text.isEmpty else { return try searchPosition(of: key, filter, text) }
        guard try isEnabled() else { return nil }
        let scope = try Scope(filter: filter, inbox: self)
        let found: (pinned: Int64, receive: Int64)? = try database.query(
            "SELECT pinned, receive_ms FROM messages WHERE producer = ? AND id = ? AND \(scope.sql)",
            [.text(key.producer), .text(key.id)] + scope.values
        ) { row in try row.step() ? (row.int(0), row.int(1)) : nil }
        guard let found else { return nil }
        let before = ListOrder.before(key, pinned: found.pinned, receive: found.receive)
        let sql = "SELECT count(*) FROM messages WHERE +\(scope.sql) AND \(before.sql)"
        return Int(try database.integer(sql, scope.values + before.values))
    }
}
