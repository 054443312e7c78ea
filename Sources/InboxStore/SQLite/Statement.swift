import CSQLite
import Foundation

/// A prepared statement. Bind with `bind(_:)`, then `step()` until it returns false.
public final class Statement {
    private let raw: OpaquePointer
    private unowned let database: Database

    init(_ raw: OpaquePointer, database: Database) {
        self.raw = raw
        self.database = database
    }

    deinit { sqlite3_finalize(raw) }

    func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    /// Binds the values to parameters 1, 2, … in order.
    @discardableResult
    public func bind(_ values: SQLValue...) throws -> Statement {
        try bind(values)
    }

    @discardableResult
    public func bind(_ values: [SQLValue]) throws -> Statement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(raw, index)
            case .int(let number): code = sqlite3_bind_int64(raw, index, number)
            case .double(let number): code = sqlite3_bind_double(raw, index, number)
            case .text(let text): code = bindText(text, at: index)
            case .blob(let data) where data.isEmpty:
                code = sqlite3_bind_zeroblob(raw, index, 0)
            case .blob(let data):
                code = data.withUnsafeBytes {
                    sqlite3_bind_blob(raw, index, $0.baseAddress, Int32($0.count), tinbox_sqlite_transient())
                }
            }
            try database.check(code)
        }
        return self
    }

    /// Binds `text` by its byte count, not up to its first NUL: a feed's `"a\u0000b"` is a valid
    /// JSON string, and it was stored as `a`. An empty string still binds as text, not as NULL.
    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(raw, index, "", 0, tinbox_sqlite_transient())
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(raw, index, $0, Int32(bytes.count), tinbox_sqlite_transient())
            }
        }
    }

    /// Advances to the next row; false when the statement is done.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(raw)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE {
            sqlite3_reset(raw)
            return false
        }
        try database.check(code)
        return false
    }

    /// Runs a statement that returns no rows.
    public func run(_ values: SQLValue...) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(raw)
    }

    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }

    /// The column's text, every byte of it (a NUL included, as it was bound).
    public func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(raw, column) else { return nil }
        let count = Int(sqlite3_column_bytes(raw, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    public func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }

    public func blob(_ column: Int32) -> Data? {
        guard let pointer = sqlite3_column_blob(raw, column) else { return isNull(column) ? nil : Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(raw, column)))
    }
}

/// A value bound to a statement parameter.
public enum SQLValue {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob(Data)

    public static func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
    public static func optional(_ number: Int64?) -> SQLValue { number.map { .int($0) } ?? .null }
    public static func bool(_ flag: Bool) -> SQLValue { .int(flag ? 1 : 0) }
}
