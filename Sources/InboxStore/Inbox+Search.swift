import Foundation
import InboxCore

/// The reader's search (`/`, filters as you type), answered from the trigram index `title_index`
/// (schema 4, Migrations.swift) so a keystroke costs the matching titles, not every message.
extension Inbox {
    /// A page of `filter`'s list whose titles contain `text` (case-insensitive for ASCII), in the
    /// order of A.3: the same paged query as `entries`, narrowed by `TitleSearch`.
    public func entries(_ filter: StateFilter, titleContaining text: String, offset: Int, limit: Int) throws
        -> [InboxEntry]
    {
        guard !text.isEmpty else { return try entries(filter, offset: offset, limit: limit) }
        guard try isEnabled() else { return [] }
        let scope = try Scope(filter: filter, inbox: self)
        let search = TitleSearch(text)
        let sql =
            "SELECT \(EntryRow.columns) FROM messages WHERE \(search.scopePrefix)\(scope.sql)\(search.sql)"
            + " ORDER BY pinned DESC, receive_ms DESC, producer, id LIMIT ? OFFSET ?"
        let values = scope.values + search.values + [.int(Int64(limit)), .int(Int64(offset))]
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
        let search = TitleSearch(text)
        let sql = "SELECT count(*) FROM messages WHERE \(search.scopePrefix)\(scope.sql)\(search.sql)"
        return Int(try database.integer(sql, scope.values + search.values))
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

    /// `text` as one FTS5 string (a phrase of its trigrams), with its double quotes doubled, so
    /// no character of a search is read as FTS5 query syntax.
    static func ftsPhrase(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// The WHERE terms that narrow a messages query to titles containing a search text, appended
/// after a `Scope` (values in the same order).
///
/// With 3 or more Unicode scalars the trigram index finds the candidate rows (`rowid IN` an FTS5
/// MATCH), and the LIKE stays as the exact final filter: trigram MATCH folds case beyond ASCII, so
/// it may find a few more rows than LIKE, never fewer, and results stay exactly today's. Shorter
/// texts keep the plain LIKE: a trigram index holds only 3-scalar sequences, and FTS5 answers a
/// MATCH of 1 or 2 scalars with no rows at all. Those scan, but a 1-2 character search is the
/// first keystroke or two and matches most titles, so its page fills within a few rows of the
/// list-order index.
struct TitleSearch {
    /// The exact filter: a LIKE with its wildcards escaped.
    var like = ""
    var likeValues: [SQLValue] = []
    /// The index lookup for texts of 3 or more scalars; empty otherwise.
    var lookup = ""
    var lookupValues: [SQLValue] = []
    /// `+` for the start of the Scope clause when the index lookup should drive the plan: without
    /// it SQLite walks `messages_state` and tests every row against the matched rowids.
    var scopePrefix = ""

    var sql: String { lookup + like }
    var values: [SQLValue] { lookupValues + likeValues }

    init(_ text: String) {
        guard !text.isEmpty else { return }
        if text.unicodeScalars.count >= 3 {
            lookup = " AND rowid IN (SELECT rowid FROM title_index WHERE title_index MATCH ?)"
            lookupValues = [.text(Inbox.ftsPhrase(text))]
            scopePrefix = "+"
        }
        like = " AND title LIKE ? ESCAPE '\\'"
        likeValues = [.text(Inbox.likePattern(text))]
    }
}
