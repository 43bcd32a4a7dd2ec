// The system's SQLite 3 (Debian: libsqlite3-dev; macOS: the SDK's), for the offline library.
#include <sqlite3.h>
