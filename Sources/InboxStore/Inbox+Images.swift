import Foundation
import InboxCore

/// The detail view's pictures, cached by URL (TERMINAL.md §2: "cached in the store").
extension Inbox {
    /// The cached bytes of the picture at `url`, if it was fetched before.
    public func image(url: String) throws -> Data? {
        try store.database.query("SELECT bytes FROM inbox_images WHERE url = ?", [.text(url)]) {
            try $0.step() ? $0.blob(0) : nil
        }
    }

    public func saveImage(url: String, bytes: Data, at date: Date) throws {
        try store.database.transaction {
            try store.database.prepare(
                """
                INSERT INTO inbox_images(url, bytes, fetched_ms) VALUES(?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET bytes = excluded.bytes, fetched_ms = excluded.fetched_ms
                """
            ).run(.text(url), .blob(bytes), .int(UTCDate.milliseconds(date)))
        }
    }
}
