#if PostgreSQL
import Foundation
import MediaSearchCore
import MediaSearchKit
import MediaSearchPostgres
import TestSlots
import Testing

/// What every list store does, whichever keeps the lists (#75 item 5): the user's file (SQLite)
/// and the shared store (PostgreSQL, through two instances, as two `serve`s see it) make, rename
/// and delete lists alike, and lose nothing when several change them at once.
@Suite(
    "List contract: SQLite and PostgreSQL", .serialized, .slotsFirst, .tags(.postgres),
    .enabled(if: PostgresCluster.available, "needs PostgreSQL's server (apt-get install postgresql)"))
struct ListContractTests {
    /// Two views of one backend's lists (for SQLite, two values over one file: two processes'),
    /// with what removes them afterwards.
    final class Subject: Sendable {
        let a: any ListStore
        let b: any ListStore
        private let cleanup: @Sendable () -> Void

        init(a: any ListStore, b: any ListStore, cleanup: @escaping @Sendable () -> Void) {
            (self.a, self.b, self.cleanup) = (a, b, cleanup)
        }

        deinit { cleanup() }

        static func make(_ backend: Backend) async throws -> Subject {
            switch backend {
            case .sqlite:
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lists-\(UUID().uuidString)")
                let path = folder.appendingPathComponent("lists.sqlite").path
                return Subject(
                    a: ListFile(path: path, payloadTypes: .none), b: ListFile(path: path, payloadTypes: .none)
                ) { try? FileManager.default.removeItem(at: folder) }
            case .postgres:
                let cluster = try await PostgresCluster.start()
                cluster.removeAtEnd()
                let first = try await PostgresStore.open(cluster.storeURL, origin: "test", operationTimeout: 30)
                let second = try await PostgresStore.open(cluster.storeURL, origin: "test", operationTimeout: 30)
                return Subject(
                    a: PostgresLists(store: first, payloadTypes: .none),
                    b: PostgresLists(store: second, payloadTypes: .none)
                ) {
                    first.close()
                    second.close()
                }
            }
        }
    }

    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static func song(_ id: String) -> MediaItem { MediaItem(id: id, title: "Song \(id)", kind: "song") }

    @Test("A list is made empty, renamed with its items, and deleted with them", arguments: Backend.allCases)
    func makeRenameDelete(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let (a, b) = (subject.a, subject.b)
        #expect(try await a.create("to hear", at: Self.start))
        #expect(try await b.create("to hear", at: Self.start) == false, "made once")
        #expect(try await b.lists() == [ListSummary(name: "to hear", count: 0)], "an empty list is there")
        #expect(try await a.add(Self.song("1"), kind: "song", to: "to hear", at: Self.start))
        #expect(try await a.add(Self.song("2"), kind: "song", to: "to hear", at: Self.start.addingTimeInterval(1)))
        // Emptied, it stays (it used to go with its last item).
        #expect(try await b.remove(id: "1", kind: "song", from: "to hear"))
        #expect(try await b.remove(id: "2", kind: "song", from: "to hear"))
        #expect(try await a.lists() == [ListSummary(name: "to hear", count: 0)])
        _ = try await a.add(Self.song("3"), kind: "song", to: "to hear", at: Self.start)
        _ = try await a.add(Self.song("4"), kind: "song", to: "to hear", at: Self.start.addingTimeInterval(1))
        _ = try await a.add(Self.song("9"), kind: "song", to: "other", at: Self.start)
        // Renamed: its items go with it, in their order; another list is untouched.
        #expect(try await b.rename("to hear", to: "heard"))
        #expect(try await a.items(in: "heard").map(\.item.id) == ["4", "3"])
        #expect(try await a.items(in: "to hear").isEmpty)
        #expect(
            try await a.lists() == [ListSummary(name: "heard", count: 2), ListSummary(name: "other", count: 1)])
        #expect(try await a.rename("nothere", to: "x") == false, "no such list")
        await #expect {
            _ = try await a.rename("heard", to: "other")
        } throws: { error in
            guard case .listExists(let name) = error as? MediaSearchError else { return false }
            return name == "other"
        }
        #expect(try await b.items(in: "other").map(\.item.id) == ["9"], "a refused rename moves nothing")
        // Deleted, with its items; once.
        #expect(try await b.delete("heard", ifEmpty: true) == .holds(2), "only an empty one, it says")
        #expect(try await b.delete("heard", ifEmpty: false) == .deleted(2))
        #expect(try await a.delete("heard", ifEmpty: false) == .missing)
        #expect(try await a.items(in: "heard").isEmpty)
        #expect(try await a.lists() == [ListSummary(name: "other", count: 1)])
    }

    @Test("Many makes, renames and deletes at once through two views lose nothing", arguments: Backend.allCases)
    func atOnce(_ backend: Backend) async throws {
        let subject = try await Subject.make(backend)
        defer { withExtendedLifetime(subject) {} }
        let (a, b) = (subject.a, subject.b)
        // Ten makes of one name at once: one makes it.
        let made = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<10 { group.addTask { try await (n.isMultiple(of: 2) ? a : b).create("mix", at: Self.start) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(made.filter { $0 }.count == 1, "\(made)")
        // Twenty lists made, each given an item, and half of them renamed, at once.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<20 {
                group.addTask {
                    let store = n.isMultiple(of: 2) ? a : b
                    _ = try await store.create("list \(n)", at: Self.start)
                    _ = try await store.add(Self.song("\(n)"), kind: "song", to: "list \(n)", at: Self.start)
                    if n < 10 { _ = try await (n.isMultiple(of: 2) ? b : a).rename("list \(n)", to: "renamed \(n)") }
                }
            }
            try await group.waitForAll()
        }
        let lists = try await a.lists()
        let expected =
            ((0..<10).map { "renamed \($0)" } + (10..<20).map { "list \($0)" } + ["mix"]).sorted()
        #expect(lists.map(\.name) == expected, "\(lists.map(\.name))")
        #expect(lists.filter { $0.name != "mix" }.allSatisfy { $0.count == 1 }, "\(lists)")
        for n in 0..<10 {
            #expect(try await b.items(in: "renamed \(n)").map(\.item.id) == ["\(n)"])
        }
        // One list renamed to two names at once: one rename wins, the other finds no such list, and
        // no empty list is left under the loser's name.
        let twice = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await a.rename("mix", to: "mix a") }
            group.addTask { try await b.rename("mix", to: "mix b") }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(twice.filter { $0 }.count == 1, "\(twice)")
        let mixes = try await a.lists().map(\.name).filter { $0.hasPrefix("mix") }
        #expect(mixes.count == 1 && mixes != ["mix"], "\(mixes)")
        // Two lists renamed to one name at once: one takes it, the other is told it is taken.
        let onto = try await withThrowingTaskGroup(of: String.self) { group in
            for (store, from) in [(a, "list 10"), (b, "list 11")] {
                group.addTask {
                    do {
                        return try await store.rename(from, to: "together") ? "renamed" : "missing"
                    } catch MediaSearchError.listExists {
                        return "taken"
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted()
        }
        #expect(onto == ["renamed", "taken"], "\(onto)")
        #expect(try await b.items(in: "together").count == 1, "one list's item, not both")
        // A list renamed and deleted at once: whichever came first, nothing is left half done.
        async let renaming = a.rename("list 12", to: "gone")
        async let deleting = b.delete("list 12", ifEmpty: false)
        let (renamed, deleted) = try await (renaming, deleting)
        let left = try await a.lists().map(\.name)
        #expect(
            renamed ? left.contains("gone") && deleted == .missing : !left.contains("gone") && deleted == .deleted(1),
            "renamed \(renamed), deleted \(deleted), lists \(left)")
        // And all deleted at once: nothing left.
        let now = try await a.lists()
        try await withThrowingTaskGroup(of: ListDeletion.self) { group in
            for list in now {
                group.addTask {
                    try await (list.name.count.isMultiple(of: 2) ? a : b).delete(list.name, ifEmpty: false)
                }
            }
            let deleted = try await group.reduce(into: []) { $0.append($1) }
            #expect(deleted.allSatisfy { $0 != .missing }, "\(deleted)")
        }
        #expect(try await b.lists().isEmpty)
    }
}
#endif
