import CSQLite
import Foundation

/// Waits for another connection's write lock in steps of 1 ms, `limit` milliseconds at least.
/// SQLite's own busy timeout sleeps 1, 2, 5, 10, 15, 20 … ms between tries, so a writer queued
/// behind a 3 ms commit woke 18 ms later: the second of two producers storing their pages in one
/// refresh always did (issue 14 point 5).
private let waitInSteps: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { limit, tries in
    guard Int(tries) < Int(bitPattern: limit) else { return 0 }
    usleep(1000)
    return 1
}

/// One small wrapper over the SQLite C API: a connection with extended result codes,
/// a busy timeout, prepared statements and one `check` that turns codes into `StoreError`.
public final class Database {
    let handle: OpaquePointer
    public let path: String
    private var cache: [String: Statement] = [:]
    private(set) var depth = 0

    /// Opens (creating when missing) the database at `path`.
    public convenience init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        try self.init(
            path: path, opening: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
            busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens `filename` (a path, or a `file:` URI with `SQLITE_OPEN_URI` in `flags`); `path` names it in errors.
    init(path: String, opening filename: String, flags: Int32, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        self.path = path
        var db: OpaquePointer?
        let code = sqlite3_open_v2(filename, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw Self.error(code: code, message: reason, path: path)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_handler(db, waitInSteps, UnsafeMutableRawPointer(bitPattern: Int(max(0, busyTimeoutMilliseconds))))
    }

    deinit {
        cache.removeAll()
        leaveSmallLogOnClose()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        let text = message.map { String(cString: $0) } ?? ""
        sqlite3_free(message)
        try check(code, text)
    }

    /// A prepared statement, cached by its SQL text and reset for reuse.
    public func prepare(_ sql: String) throws -> Statement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        var raw: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil))
        let statement = Statement(raw!, database: self)
        cache[sql] = statement
        return statement
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`: the write lock is taken up front, so two
    /// processes never deadlock upgrading a read lock, and the change is durable when this returns.
    /// Nested calls become savepoints, so a caller can group several operations into one
    /// all-or-nothing change.
    ///
    /// `deferred`: a plain `BEGIN`, which takes no lock until a statement needs one; for work on
    /// TEMP tables alone, which must not hold the database's write lock.
    public func transaction<T>(deferred: Bool = false, _ body: () throws -> T) throws -> T {
        let nested = depth > 0
        try execute(nested ? "SAVEPOINT nested" : deferred ? "BEGIN" : "BEGIN IMMEDIATE")
        depth += 1
        defer { depth -= 1 }
        do {
            let result = try body()
            try execute(nested ? "RELEASE nested" : "COMMIT")
            return result
        } catch {
            // The body's error is the one to hear; a rollback that fails too leaves SQLite to roll
            // back when the connection closes, and nothing of the body is committed either way.
            try? execute(nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK")
            throw error
        }
    }

    /// Prepares `sql`, binds `values`, lets `body` step through the rows, and resets the
    /// statement afterwards, so no half-read statement keeps a read lock open.
    public func query<T>(_ sql: String, _ values: [SQLValue] = [], _ body: (Statement) throws -> T) throws -> T {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try body(statement)
    }

    /// The first column of the first row as an integer (0 when there is no row).
    public func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int64 {
        try query(sql, values) { try $0.step() ? $0.int(0) : 0 }
    }

    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows changed by this connection since it opened (FTS5's 'merge' reports its work here).
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    public var userVersion: Int32 {
        get throws {
            Int32(try integer("PRAGMA user_version"))
        }
    }

    func check(_ code: Int32, _ detail: String? = nil) throws {
        guard code != SQLITE_OK, code != SQLITE_ROW, code != SQLITE_DONE else { return }
        let message = detail.flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: sqlite3_errmsg(handle))
        throw Self.error(code: code, message: message, path: path)
    }

    static func error(code: Int32, message: String, path: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT: return .notADatabase(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: "unable to open the database file")
        default: return .sqlite(path: path, code: code, message: message)
        }
    }
}
