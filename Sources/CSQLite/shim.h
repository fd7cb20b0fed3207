#ifndef REMINDERS_CSQLITE_SHIM_H
#define REMINDERS_CSQLITE_SHIM_H

// The system's SQLite (Debian: libsqlite3-dev), imported only by RemindersAnki.
#include <sqlite3.h>

#endif
