import Foundation
import InboxCore

extension Inbox {
    /// A page of `filter`'s list whose titles contain `text` (case-insensitive for ASCII), in the
    /// order of A.3: the same paged query as `entries`, narrowed by a SQL LIKE.
    public func entries(_ filter: StateFilter, titleContaining text: String, offset: Int, limit: Int) throws
        -> [InboxEntry]
    {
        guard !text.isEmpty else { return try entries(filter, offset: offset, limit: limit) }
        guard try isEnabled() else { return [] }
        let scope = try Scope(filter: filter, inbox: self)
        let sql = "SELECT \(EntryRow.columns) FROM messages WHERE \(scope.sql) AND title LIKE ? ESCAPE '\\'"
            + " ORDER BY pinned DESC, receive_ms DESC, producer, id LIMIT ? OFFSET ?"
        let values = scope.values + [.text(Self.likePattern(text)), .int(Int64(limit)), .int(Int64(offset))]
        return try database.query(sql, values) { row in
            var result: [InboxEntry] = []
            while try row.step() { result.append(EntryRow.entry(from: row)) }
            return result
        }
    }

    /// How many of `filter`'s messages have titles containing `text`.
    public func count(_ filter: StateFilter, titleContaining text: String) throws -> Int {
        guard !text.isEmpty else { return try count(filter) }
        guard try isEnabled() else { return 0 }
        let scope = try Scope(filter: filter, inbox: self)
        let sql = "SELECT count(*) FROM messages WHERE \(scope.sql) AND title LIKE ? ESCAPE '\\'"
        return Int(try database.integer(sql, scope.values + [.text(Self.likePattern(text))]))
    }

    /// `%text%` with LIKE's own wildcards escaped, so `50%` finds "50%" and not "500".
    static func likePattern(_ text: String) -> String {
        var pattern = "%"
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}
