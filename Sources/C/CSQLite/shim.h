#ifndef BGKIT_CSQLITE_SHIM_H
#define BGKIT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: this is it.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// SQLite's memory taken up front for every connection, turned off before the first connection opens: the page
/// cache's bulk block (SQLITE_DEFAULT_PCACHE_INITSZ, 20 pages, linked at open: Debian's SQLite 3.40 took 105,736
/// bytes for a connection with it, 27,248 without) and the lookaside slots (off already in Debian's build, 1,200
/// bytes each where a build has them). bgkit's databases are small and their statements few, so the pages come one
/// by one as they are read (the always-on daemon's peak memory, issue 36; docs/PERFORMANCE.md). And statement
/// journals (a statement's undo record inside a transaction: the migrations', the state's writes) grow in SQLite's
/// 1 KiB chunks instead of one 64 KiB chunk (SQLITE_STMTJRNL_SPILL, the size past which they spill to a temporary
/// file): -1 keeps them in memory, as they are up to 64 KiB now; bgkit's statements write a few rows. A file database
/// created with two tables and written in two transactions, in C against Debian's libsqlite3: sqlite3_memory_highwater
/// 111,584 bytes with the default, 51,160 with -1. `sqlite3_config` takes variadic arguments, which Swift cannot pass.
/// After SQLite has started it returns SQLITE_MISUSE and changes nothing.
static inline void csqlite_configure_lean(void) {
    sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
    sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
}
#endif
