import CSQLite
import Foundation

/// Commits whose `fsync` is put off, and the one `fsync` that makes them all durable.
///
/// In WAL mode a commit is written to the log with write(2) before COMMIT returns; with
/// `synchronous=FULL` the log is also fsynced at every commit. Under `synchronous=NORMAL` the
/// log is not fsynced at that commit: the commit survives the process being killed at any point
/// (the bytes are in the kernel's page cache), and only a power loss or a kernel crash before the
/// next `fsync` of the log can take it back. The log is replayed as a prefix, so what such a loss
/// takes back is always the newest commits, never a commit without the ones before it.
extension Database {
    /// Runs `body` in a transaction committed under `synchronous=NORMAL`: durable against a kill,
    /// not yet against a power loss until `syncWriteAheadLog()` or any later `FULL` commit.
    /// Inside another transaction it is a savepoint of that one and as durable as it.
    public func transactionSyncedLater<T>(_ body: () throws -> T) throws -> T {
        guard depth == 0 else { return try transaction(body) }
        // The safety level cannot change inside a transaction, so it is set around it.
        try execute("PRAGMA synchronous=NORMAL")
        defer { try? execute("PRAGMA synchronous=FULL") }
        return try transaction(body)
    }

    /// Fsyncs the write-ahead log: every commit so far, of every connection of this process or
    /// another, is then durable. The log is opened by name, so this works whichever connection
    /// committed; without a log there is nothing unsynced (the last checkpoint synced it all).
    public func syncWriteAheadLog() throws {
        let descriptor = open(path + "-wal", O_RDWR | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return }
            throw StoreError.sqlite(path: path, code: SQLITE_IOERR, message: "cannot open the log to sync it")
        }
        defer { close(descriptor) }
        guard fdatasync(descriptor) == 0 else {
            throw StoreError.sqlite(path: path, code: SQLITE_IOERR, message: String(cString: strerror(errno)))
        }
    }

    /// Below this size the write-ahead log is left at close for the next connection to use.
    static let logKeptAtClose = 1 << 20

    /// The last connection to close checkpoints the log into the database (an `fsync` of each,
    /// 4 ms apiece on the test machine) and deletes it, at the end of every command that wrote.
    /// A small log is left instead: its commits are as durable where they are, the next
    /// connection replays it when it opens (a 1 MiB log in well under a millisecond) and
    /// `wal_autocheckpoint` moves it into the database as it grows; a larger one, such as a
    /// large import's, is checkpointed as before, so no opening pays for replaying it.
    /// What closing the last connection does to a large log, done now: a host that keeps its
    /// connections to the end of the process (TinboxKit's API lives as long as the program)
    /// never closes them, and every later process then read its 30 MB log again (an import of
    /// 100,000 messages made `count` take 27 ms instead of 6 ms). A small log is left as at close,
    /// and no connection is opened for it: most commands end with one.
    public static func checkpointLargeLog(path: String) throws {
        guard isLarge(logOf: path) else { return }
        _ = try Database(path: path).query("PRAGMA wal_checkpoint(TRUNCATE)") { try $0.step() }
    }

    private static func isLarge(logOf path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && Int(info.st_size) >= logKeptAtClose
    }

    func leaveSmallLogOnClose() {
        guard !Self.isLarge(logOf: path) else { return }
        _ = tinbox_sqlite_no_checkpoint_on_close(handle)
    }
}
