import CSQLite
import Foundation

extension Store {
    /// The store of `directory` opened for reading only (`tinbox replay`): nothing in the
    /// directory is created or changed, not even SQLite's `-wal`/`-shm` files; any write is
    /// refused by SQLite itself. Nil when the directory holds no database yet.
    ///
    /// With no `-wal` file the database is opened `immutable` (no locks, no shared memory, no
    /// files made); with one (tinbox keeps a small log at close, or another tinbox has it open),
    /// the database and its log are copied to a temporary folder and the copy is read.
    public static func readOnly(directory: URL) throws -> Store? {
        let path = directory.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var opened = path
        var home = directory
        if FileManager.default.fileExists(atPath: path + "-wal") {
            // Reading through the log would touch its `-shm`: a private copy of the database and
            // its log is read instead (`copyDirectoryPrefix`; the replay removes it when it ends).
            home = FileManager.default.temporaryDirectory.appendingPathComponent(
                copyDirectoryPrefix + UUID().uuidString)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            opened = home.appendingPathComponent(fileName).path
            try FileManager.default.copyItem(atPath: path, toPath: opened)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: opened + "-wal")
        }
        let mode = opened == path ? "immutable=1" : "mode=ro"
        let database = try Database(
            path: path, opening: "file:\(uriPath(opened))?\(mode)", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        let version = try database.userVersion
        guard version == Migrations.latest else {
            if version > Migrations.latest {
                throw StoreError.newerSchema(path: path, found: version, known: Migrations.latest)
            }
            if version < 0 { throw StoreError.notADatabase(path: path) }
            throw StoreError.cannotOpen(
                path: path, reason: "the store is from an older tinbox; run `tinbox count` once to upgrade it")
        }
        return Store(database: database, directory: home)
    }

    /// The folder name's start of a private copy made by `readOnly`.
    public static let copyDirectoryPrefix = "tinbox-replay-copy-"

    /// An empty, migrated store that lives in memory only: gone when closed, no file anywhere.
    public static func inMemory() throws -> Store {
        let database = try Database(
            path: ":memory:", opening: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try database.execute("PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY")
        try Migrations.apply(to: database)
        return Store(database: database, directory: URL(fileURLWithPath: "/dev/null"))
    }

    /// A path as a `file:` URI's path: `%`, `?` and `#` are escaped (SQLite decodes `%HH`).
    static func uriPath(_ path: String) -> String {
        var result = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "?": result += "%3f"
            case "#": result += "%23"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
