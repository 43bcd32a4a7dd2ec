import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// The user's file of lists across its schemas (#75 item 5): a file of version 1 (lists only as
/// their items) is brought to version 2 on its first open, every list it holds named and kept.
@Suite("Lists file", .slots)
struct ListFileTests {
    @Test("A lists file of the first schema is carried over, nothing lost")
    func firstSchemaIsMigrated() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lists-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("lists.sqlite").path
            try Self.writeFirstSchema(path)
            let file = ListFile(path: path, payloadTypes: .none)
            #expect(
                try await file.lists() == [
                    ListSummary(name: "starred", count: 1), ListSummary(name: "to hear", count: 2),
                ])
            #expect(try await file.items(in: "to hear").map(\.item.title) == ["Song 3", "Song 2"])
            #expect(try SQLiteConnection(path: path).integer("PRAGMA user_version") == 2)
            // The carried-over lists are lists like any: emptied, one stays; it is named already.
            #expect(try await file.remove(id: "2", kind: "song", from: "to hear"))
            #expect(try await file.remove(id: "3", kind: "song", from: "to hear"))
            #expect(try await file.lists().contains(ListSummary(name: "to hear", count: 0)))
            #expect(try await file.create("to hear", at: Date()) == false)
        }
    }

    /// A file as version 1 wrote it: starred holds one song, "to hear" two. The connection is
    /// closed on return, as the older mediasearch's process would have ended.
    static func writeFirstSchema(_ path: String) throws {
        let old = try SQLiteConnection(path: path)
        try old.execute(
            """
            CREATE TABLE items (
                list TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, added_at REAL NOT NULL,
                record BLOB NOT NULL, PRIMARY KEY (list, kind, id));
            PRAGMA user_version = 1;
            """)
        for (list, id, added) in [("starred", "1", 10.0), ("to hear", "2", 20.0), ("to hear", "3", 30.0)] {
            let insert = try old.prepare("INSERT INTO items VALUES (?1, 'song', ?2, ?3, ?4)")
            insert.bind(1, list)
            insert.bind(2, id)
            insert.bind(3, added)
            try insert.run(
                binding: 4,
                toBytesOf: try JSONEncoder().encode(MediaItem(id: id, title: "Song \(id)", kind: "song")))
        }
    }
}
