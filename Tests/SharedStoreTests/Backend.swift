#if PostgreSQL
/// Which store a contract test runs against: one machine's SQLite file, or the shared PostgreSQL.
/// Every contract suite (the library's, the lists') runs each expectation against both.
enum Backend: String, CaseIterable, Sendable {
    case sqlite, postgres
}
#endif
