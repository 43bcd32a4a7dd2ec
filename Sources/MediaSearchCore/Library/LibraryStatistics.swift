import Foundation
import MediaSearchKit

/// What the library holds, for `mediasearch library`.
public struct LibraryStatistics: Sendable, Codable, Hashable {
    /// Records of one kind.
    public struct KindCount: Sendable, Codable, Hashable {
        public var kind: String
        public var records: Int

        /// Creates a count.
        public init(kind: String, records: Int) {
            self.kind = kind
            self.records = records
        }
    }

    public var path: String
    public var records: Int
    /// The size on disk of the database and its write-ahead log.
    public var bytes: Int
    public var kinds: [KindCount]
    public var maxRecords: Int

    /// Creates statistics.
    public init(path: String, records: Int, bytes: Int, kinds: [KindCount], maxRecords: Int) {
        self.path = path
        self.records = records
        self.bytes = bytes
        self.kinds = kinds
        self.maxRecords = maxRecords
    }
}
