import Foundation
import InboxCore

/// The tinbox database in a data directory: opened in WAL mode with full synchronous commits,
/// migrated by `user_version`, shared safely by several tinbox processes.
public final class Store {
    public let database: Database
    public let directory: URL

    /// The file name inside the data directory.
    public static let fileName = "tinbox.db"

    public init(directory: URL) throws {
        self.directory = directory
        let path = directory.appendingPathComponent(Self.fileName).path
        try Self.createDirectory(directory)
        if access(path, F_OK) != 0 { try Self.createFresh(at: path, in: directory) }
        database = try Database(path: path)
        // Before `configure` switches the file to WAL: a database that is not tinbox's stays as it was.
        try Migrations.verify(database)
        try configure()
        try Migrations.apply(to: database)
    }

    /// A store over an opened database, as it is (`Store+ReadOnly.swift`).
    init(database: Database, directory: URL) {
        self.database = database
        self.directory = directory
    }

    private func configure() throws {
        // WAL lets readers and one writer work side by side across processes; FULL makes every
        // commit durable before the call that made it returns (BEHAVIOR A.4). Statement journals
        // and sorts stay in memory: otherwise every merge (an upsert with triggers inside a
        // transaction) created and deleted a file in /var/tmp.
        // Debian builds SQLite with secure_delete on: every page a delete frees is written again,
        // zeroed, to the log. FAST still zeroes what a delete leaves on the pages it writes anyway,
        // without those extra pages: a drain's acknowledgements logged 8% fewer, and the merge
        // that removed 10,000 messages 8 pages instead of 434 (issue 14 point 5). tinbox makes no
        // promise of erasure: the log keeps copies of deleted rows until it is folded anyway.
        _ = try database.query("PRAGMA journal_mode=WAL") { try $0.step() }
        try database.execute(
            "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY; PRAGMA secure_delete=FAST")
    }

    /// A new store is built beside its final name with no `fsync` per step, fsynced once, and
    /// linked into place. Built in place it took 7 `fsync`s of ~4 ms (the switch to WAL alone is a
    /// rollback-journal transaction of 4, the schema's commit 2 more), all before a first refresh
    /// could store anything (issue 14 point 5). A crash before the link leaves no store under the
    /// real name, never a half-made one; `link(2)` fails when another process made the store
    /// first, and that one is used. Where hard links are refused, the store is made in place.
    private static func createFresh(at path: String, in directory: URL) throws {
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = directory.appendingPathComponent(".\(fileName).new-\(unique)").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) } }
        try buildSchema(at: temporary)
        guard fsyncPath(temporary, flags: O_RDONLY), link(temporary, path) == 0 || errno == EEXIST else { return }
        _ = fsyncPath(directory.path, flags: O_RDONLY | O_DIRECTORY)
    }

    /// The migrated, empty schema in WAL mode, written without a journal or an `fsync`: nothing
    /// else sees this file until it is complete and synced.
    private static func buildSchema(at path: String) throws {
        let database = try Database(path: path)
        try database.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF")
        try Migrations.apply(to: database)
        _ = try database.query("PRAGMA journal_mode=WAL") { try $0.step() }
    }

    private static func fsyncPath(_ path: String, flags: Int32) -> Bool {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }

    private static func createDirectory(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StoreError.cannotCreateDirectory(path: directory.path, reason: "a file is in the way")
            }
        } else {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotCreateDirectory(
                    path: directory.path, reason: Self.reason(error, making: directory))
            }
        }
        guard access(directory.path, W_OK | X_OK) == 0 else {
            throw StoreError.cannotOpen(path: directory.path, reason: "the directory is not writable")
        }
    }

    /// Why `directory` could not be made, as the system says it: Foundation folds the errno into
    /// codes of its own, so the first missing component is tried again with mkdir(2).
    private static func reason(_ error: Error, making directory: URL) -> String {
        var path = ""
        for component in directory.standardizedFileURL.pathComponents.dropFirst() {
            path += "/" + component
            if FileManager.default.fileExists(atPath: path) { continue }
            if mkdir(path, 0o700) != 0 { return String(cString: strerror(errno)).lowercased() }
            rmdir(path)
            break
        }
        return (error as NSError).localizedDescription
    }

    // MARK: settings

    public func setting(_ key: String) throws -> String? {
        try database.query("SELECT value FROM settings WHERE key = ?", [.text(key)]) {
            try $0.step() ? $0.text(0) : nil
        }
    }

    public func setSetting(_ key: String, _ value: String?) throws {
        if let value {
            try database.prepare(
                "INSERT INTO settings(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
            ).run(.text(key), .text(value))
        } else {
            try database.prepare("DELETE FROM settings WHERE key = ?").run(.text(key))
        }
    }
}
