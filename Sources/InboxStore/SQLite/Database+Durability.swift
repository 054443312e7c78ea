import CSQLite

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

    /// Fsyncs the write-ahead log: every commit of this connection so far is then durable.
    /// A log that is not open has nothing of this connection's to sync.
    public func syncWriteAheadLog() throws {
        var file: UnsafeMutablePointer<sqlite3_file>?
        try check(sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file))
        guard let file, let sync = file.pointee.pMethods?.pointee.xSync else { return }
        try check(sync(file, SQLITE_SYNC_FULL))
    }
}
