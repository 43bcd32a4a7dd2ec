import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// The JSON document of `mediasearch library --format json`.
struct LibraryDocument: Encodable {
    var path: String
    var enabled: Bool
    var records: Int
    var maxRecords: Int
    var bytes: Int
    var kinds: [String: Int]

    init(_ statistics: LibraryStatistics, _ configuration: Configuration) {
        path = statistics.path
        enabled = configuration.libraryEnabled
        records = statistics.records
        maxRecords = statistics.maxRecords
        bytes = statistics.bytes
        kinds = Dictionary(statistics.kinds.map { ($0.kind, $0.records) }, uniquingKeysWith: +)
    }
}
