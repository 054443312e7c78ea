import CSQLite
import Foundation

extension Store {
    /// The store of `directory` opened for reading only (`tinbox replay`): nothing in the
    /// directory is created or changed, not even SQLite's `-wal`/`-shm` files; any write is
    /// refused by SQLite itself. Nil when the directory holds no database yet.
    ///
    /// With no `-wal` file the database is opened `immutable` (no locks, no shared memory, no
    /// files made); while another tinbox has it open (a `-wal` file is there) it is opened
    /// `mode=ro`, which reads that process's commits through the files it already made.
    public static func readOnly(directory: URL) throws -> Store? {
        let path = directory.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
        let mode = (walSize ?? 0) > 0 ? "mode=ro" : "immutable=1"
        let database = try Database(
            path: path, opening: "file:\(uriPath(path))?\(mode)", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        let version = try database.userVersion
        guard version == Migrations.latest else {
            if version > Migrations.latest {
                throw StoreError.newerSchema(path: path, found: version, known: Migrations.latest)
            }
            throw StoreError.cannotOpen(
                path: path, reason: "the store is from an older tinbox; run `tinbox count` once to upgrade it")
        }
        return Store(database: database, directory: directory)
    }

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
