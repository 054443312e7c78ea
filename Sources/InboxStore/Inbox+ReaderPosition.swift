import Foundation
import InboxCore

extension Inbox {
    /// Where `key` stands in `filter`'s list (narrowed to titles containing `text`), in the order
    /// of A.3; nil when the message is not in that list now. The reader keeps its selection on the
    /// same message when a refresh adds rows above it (issue 4, point 6): one row lookup by
    /// primary key, then one count over the list-order index up to that row.
    public func listPosition(of key: MessageKey, _ filter: StateFilter, titleContaining text: String = "") throws
        -> Int?
    {
        guard try isEnabled() else { return nil }
        let scope = try Scope(filter: filter, inbox: self)
        var narrow = ""
        var narrowValues: [SQLValue] = []
        if !text.isEmpty {
            narrow = " AND title LIKE ? ESCAPE '\\'"
            narrowValues = [.text(Self.likePattern(text))]
        }
        let found: (pinned: Int64, receive: Int64)? = try database.query(
            "SELECT pinned, receive_ms FROM messages WHERE producer = ? AND id = ? AND \(scope.sql)\(narrow)",
            [.text(key.producer), .text(key.id)] + scope.values + narrowValues
        ) { row in try row.step() ? (row.int(0), row.int(1)) : nil }
        guard let found else { return nil }
        let before = """
            (pinned > ? OR (pinned = ? AND (receive_ms > ? OR (receive_ms = ? AND \
            (producer < ? OR (producer = ? AND id < ?))))))
            """
        let values: [SQLValue] = [
            .int(found.pinned), .int(found.pinned), .int(found.receive), .int(found.receive),
            .text(key.producer), .text(key.producer), .text(key.id),
        ]
        let sql = "SELECT count(*) FROM messages WHERE +\(scope.sql)\(narrow) AND \(before)"
        return Int(try database.integer(sql, scope.values + narrowValues + values))
    }
}
