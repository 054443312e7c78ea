#ifndef TINBOX_CSQLITE_SHIM_H
#define TINBOX_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro over a cast Swift cannot import.
static inline sqlite3_destructor_type tinbox_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic, which Swift cannot call: the last connection's close then
/// leaves the write-ahead log as it is instead of checkpointing it (Database+Durability.swift).
static inline int tinbox_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
