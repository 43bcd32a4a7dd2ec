import Foundation
import MediaSearchKit

/// What the library holds, for `mediasearch library`.
public struct LibraryStatistics: Sendable, Codable, Hashable {
    /// Records of one kind.
    public struct KindCount: Sendable, Codable, Hashable {
        public var kind: String
        public var records: Int
    }

    public var path: String
    public var records: Int
    /// The size on disk of the database and its write-ahead log.
    public var bytes: Int
    public var kinds: [KindCount]
    public var maxRecords: Int
}
