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
        database = try Database(path: path)
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
        _ = try database.query("PRAGMA journal_mode=WAL") { try $0.step() }
        try database.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY")
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
