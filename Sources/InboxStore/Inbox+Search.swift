import Foundation
import InboxCore

/// How many messages a search found, when counting may stop at a limit.
public struct SearchCount: Equatable, Sendable, CustomStringConvertible {
    /// The number of matching messages, or a lower bound of it when `isExact` is false.
    public var value: Int
    /// False when counting stopped at the limit asked for: there are at least `value`.
    public var isExact: Bool

    public init(value: Int, isExact: Bool) {
        self.value = value
        self.isExact = isExact
    }

    /// "1234", or "1000+" when the count stopped at its limit.
    public var description: String { isExact ? "\(value)" : "\(value)+" }
}

/// The reader's search (`/`, filters as you type): lists, counts and positions narrowed to
/// titles containing a text, at a cost that follows the page and the matches, not the size of
/// the inbox (issue 3, point 7). The match is the old `title LIKE '%text%'` (TitleSearch.swift).
///
/// Each call first asks the title index (Inbox+TitleIndex.swift) how many candidate rows it has,
/// reading at most a bounded number of them (the probe):
/// - few candidates: the rows are fetched by rowid, tested, sorted, and the page cut from them
///   (cost: the candidates);
/// - many candidates: the text is common, so walking the list in order and testing each title
///   fills a page after a few rows. The walk is given a budget of rows; a page it cannot fill
///   within it is read from the index after all (cost: the matches).
/// Counts with many candidates read the table once, stopping at the limit when one is given.
/// The probe's size balances the two plans: about the square root of (rows needed x messages).
extension Inbox {
    /// A page of `filter`'s list whose titles contain `text` (case-insensitive for ASCII), in the
    /// order of A.3. The same rows as `listPage(_:titleContaining:offset:limit:)`.
    public func entries(_ filter: StateFilter, titleContaining text: String, offset: Int, limit: Int) throws
        -> [InboxEntry]
    {
        guard !text.isEmpty else { return try entries(filter, offset: offset, limit: limit) }
        return try searchPage(filter, text, offset: offset, limit: limit)
    }

    /// How many of `filter`'s messages have titles containing `text`, exactly. A text in most
    /// titles costs one pass over the table (tens of ms at 100,000 messages); the reader should
    /// prefer `count(_:titleContaining:upTo:)`.
    public func count(_ filter: StateFilter, titleContaining text: String) throws -> Int {
        guard !text.isEmpty else { return try count(filter) }
        return try searchCount(filter, text, upTo: nil).value
    }

    /// How many of `filter`'s messages have titles containing `text`, counting at most about
    /// `limit` when the text is common: the result is exact when it was as cheap as counting to
    /// the limit (it may then exceed `limit`), otherwise `limit` with `isExact` false ("1000+").
    public func count(_ filter: StateFilter, titleContaining text: String, upTo limit: Int) throws -> SearchCount {
        guard !text.isEmpty else { return SearchCount(value: try count(filter), isExact: true) }
        return try searchCount(filter, text, upTo: max(1, limit))
    }

    /// `%text%` with LIKE's own wildcards escaped (TitleSearch.likePattern).
    static func likePattern(_ text: String) -> String { TitleSearch.likePattern(text) }

    // MARK: plans

    func searchPage(_ filter: StateFilter, _ text: String, offset: Int, limit: Int) throws -> [InboxEntry] {
        guard try isEnabled(), limit > 0 else { return [] }
        let scope = try Scope(filter: filter, inbox: self)
        let search = try titleSearch(text)
        let needed = offset > Int.max - limit ? Int.max : offset + limit
        let probe = try probeSize(rowsNeeded: needed)
        if try candidateCount(search, upTo: probe) > probe,
            let page = try walkedPage(search, scope, offset: offset, limit: limit, budget: 2 * probe)
        {
            return page
        }
        return try indexedPage(search, scope, offset: offset, limit: limit)
    }

    func searchCount(_ filter: StateFilter, _ text: String, upTo cap: Int?) throws -> SearchCount {
        guard try isEnabled() else { return SearchCount(value: 0, isExact: true) }
        let scope = try Scope(filter: filter, inbox: self)
        let search = try titleSearch(text)
        let stored = try storedMessages()
        var probe = max(searchTuning.minimumProbe, stored / 4)
        if let cap {
            let balanced = (3 * Double(cap) * Double(stored)).squareRoot()
            probe = max(searchTuning.minimumProbe, min(probe, Int(balanced.rounded(.up))))
        }
        if try candidateCount(search, upTo: probe) <= probe, let candidates = candidates(search) {
            let sql =
                "SELECT count(*) FROM (\(candidates.sql)) AS c CROSS JOIN messages ON messages.rowid = c.r"
                + " WHERE \(scope.sql) AND title LIKE ? ESCAPE '\\'"
            let count = try database.integer(sql, candidates.values + scope.values + [.text(search.pattern)])
            return SearchCount(value: Int(count), isExact: true)
        }
        // Common text: one pass in table order, `+state` keeps `messages_state` out of the plan.
        let sql =
            "SELECT count(*) FROM (SELECT 1 FROM messages WHERE +\(scope.sql) AND title LIKE ? ESCAPE '\\' LIMIT ?)"
        // One row past the limit tells "exactly the limit" from "more".
        let stop = cap.map { Int64($0) + 1 } ?? -1
        let count = Int(try database.integer(sql, scope.values + [.text(search.pattern), .int(stop)]))
        guard let cap, count > cap else { return SearchCount(value: count, isExact: true) }
        return SearchCount(value: cap, isExact: false)
    }

    /// Where `key` stands among `filter`'s messages whose titles contain `text`; nil when it is
    /// not one of them. The rows before it are counted from the index's candidates when they are
    /// few, otherwise along the list-order index up to the row.
    func searchPosition(of key: MessageKey, _ filter: StateFilter, _ text: String) throws -> Int? {
        guard try isEnabled() else { return nil }
        let scope = try Scope(filter: filter, inbox: self)
        let search = try titleSearch(text)
        let like = " AND title LIKE ? ESCAPE '\\'"
        let found: (pinned: Int64, receive: Int64)? = try database.query(
            "SELECT pinned, receive_ms FROM messages WHERE producer = ? AND id = ? AND \(scope.sql)\(like)",
            [.text(key.producer), .text(key.id)] + scope.values + [.text(search.pattern)]
        ) { row in try row.step() ? (row.int(0), row.int(1)) : nil }
        guard let found else { return nil }
        let before = ListOrder.before(key, pinned: found.pinned, receive: found.receive)
        let probe = max(searchTuning.minimumProbe, try storedMessages() / 4)
        if try candidateCount(search, upTo: probe) <= probe, let candidates = candidates(search) {
            let sql =
                "SELECT count(*) FROM (\(candidates.sql)) AS c CROSS JOIN messages ON messages.rowid = c.r"
                + " WHERE \(scope.sql)\(like) AND \(before.sql)"
            return Int(
                try database.integer(sql, candidates.values + scope.values + [.text(search.pattern)] + before.values))
        }
        let sql = "SELECT count(*) FROM messages WHERE +\(scope.sql)\(like) AND \(before.sql)"
        return Int(try database.integer(sql, scope.values + [.text(search.pattern)] + before.values))
    }

    /// The page cut from the index's candidates (every row when the search has no lookup).
    private func indexedPage(_ search: TitleSearch, _ scope: Scope, offset: Int, limit: Int) throws -> [InboxEntry] {
        let order = " ORDER BY pinned DESC, receive_ms DESC, producer, id LIMIT ? OFFSET ?"
        let like = " AND title LIKE ? ESCAPE '\\'"
        let sql: String
        var values: [SQLValue]
        if let candidates = candidates(search) {
            sql =
                "SELECT \(EntryRow.columns) FROM (\(candidates.sql)) AS c CROSS JOIN messages"
                + " ON messages.rowid = c.r WHERE \(scope.sql)\(like)\(order)"
            values = candidates.values + scope.values
        } else {
            sql = "SELECT \(EntryRow.columns) FROM messages WHERE +\(scope.sql)\(like)\(order)"
            values = scope.values
        }
        values += [.text(search.pattern), .int(Int64(limit)), .int(Int64(offset))]
        return try database.query(sql, values) { row in
            var result: [InboxEntry] = []
            while try row.step() { result.append(EntryRow.entry(from: row)) }
            return result
        }
    }

    /// Walks `scope`'s list in order and tests each title, until the page is full or the list
    /// ends; nil when `budget` rows were tested first.
    private func walkedPage(_ search: TitleSearch, _ scope: Scope, offset: Int, limit: Int, budget: Int) throws
        -> [InboxEntry]?
    {
        let sql =
            "SELECT \(EntryRow.columns), title LIKE ? ESCAPE '\\' FROM messages WHERE +\(scope.sql)"
            + " ORDER BY pinned DESC, receive_ms DESC, producer, id"
        let matchColumn = Int32(EntryRow.columnCount)
        return try database.query(sql, [.text(search.pattern)] + scope.values) { row in
            var result: [InboxEntry] = []
            var tested = 0
            var matched = 0
            while try row.step() {
                if row.int(matchColumn) != 0 {
                    if matched >= offset { result.append(EntryRow.entry(from: row)) }
                    matched += 1
                    if result.count == limit { return result }
                }
                tested += 1
                if tested >= budget { return nil }
            }
            return result
        }
    }

    /// The index's candidate rowids (`r`) and every row it does not cover: stale rows and rows
    /// above the watermark. Nil when the search has no lookup.
    private func candidates(_ search: TitleSearch) -> (sql: String, values: [SQLValue])? {
        guard let lookup = search.candidatesSQL else { return nil }
        let sql =
            lookup.sql + " UNION SELECT message AS r FROM title_index_stale"
            + " UNION SELECT rowid AS r FROM messages WHERE rowid > (SELECT indexed_through FROM title_index_progress)"
        return (sql, lookup.values)
    }

    /// The number of candidates, reading at most about `limit` of each kind: more than `limit`
    /// means "many". Int.max when the search has no lookup.
    private func candidateCount(_ search: TitleSearch, upTo limit: Int) throws -> Int {
        guard let lookup = search.candidatesSQL else { return Int.max }
        let cap = SQLValue.int(Int64(limit) + 1)
        let sql = """
            SELECT (SELECT count(*) FROM (\(lookup.sql) LIMIT ?))
                 + (SELECT count(*) FROM (SELECT 1 FROM title_index_stale LIMIT ?))
                 + (SELECT count(*) FROM (SELECT 1 FROM messages
                    WHERE rowid > (SELECT indexed_through FROM title_index_progress) LIMIT ?))
            """
        return Int(try database.integer(sql, lookup.values + [cap, cap, cap]))
    }

    /// How many candidates to read before walking the list instead: walking costs about
    /// rows needed x messages / matches, reading candidates about the matches; they are equal
    /// near the square root of twice (rows needed x messages).
    private func probeSize(rowsNeeded: Int) throws -> Int {
        let balanced = (2 * Double(rowsNeeded) * Double(try storedMessages())).squareRoot()
        return max(searchTuning.minimumProbe, Int(min(balanced, Double(Int.max / 4)).rounded(.up)))
    }

    private func storedMessages() throws -> Int {
        Int(try database.integer("SELECT coalesce(sum(n), 0) FROM message_tally"))
    }

    /// `text` with the index's folding (the SQL `lower()` that built it) applied.
    private func titleSearch(_ text: String) throws -> TitleSearch {
        let folded = try database.query("SELECT lower(?)", [.text(text)]) { try $0.step() ? $0.text(0) : nil }
        return TitleSearch(text: text, folded: folded ?? "")
    }
}

/// Thresholds of the search plans; tests lower them to exercise every plan on small inboxes.
struct SearchTuning {
    /// The fewest candidates read from the index before the list walk is considered.
    var minimumProbe = 1_000
}

/// A clause for rows before a message in the order of A.3, for positions.
enum ListOrder {
    static func before(_ key: MessageKey, pinned: Int64, receive: Int64) -> (sql: String, values: [SQLValue]) {
        let sql = """
            (pinned > ? OR (pinned = ? AND (receive_ms > ? OR (receive_ms = ? AND \
            (producer < ? OR (producer = ? AND id < ?))))))
            """
        let values: [SQLValue] = [
            .int(pinned), .int(pinned), .int(receive), .int(receive),
            .text(key.producer), .text(key.producer), .text(key.id),
        ]
        return (sql, values)
    }
}
