#ifndef TINBOX_CSQLITE_SHIM_H
#define TINBOX_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro over a cast Swift cannot import.
static inline sqlite3_destructor_type tinbox_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
