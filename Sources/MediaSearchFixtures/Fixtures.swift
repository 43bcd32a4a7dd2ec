import Foundation

/// The recorded API responses bundled with this target: iTunes (see `Fixtures/itunes/PROVENANCE.md`),
/// Deezer (`Fixtures/deezer/PROVENANCE.md`) and Radio Browser (`Fixtures/radio-browser/PROVENANCE.md`).
public enum Fixtures {
    /// The bytes of a recorded Radio Browser answer, e.g. `stations-search-limit10.json`.
    public static func radioBrowser(_ name: String) throws -> Data {
        try Data(
            contentsOf: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/radio-browser")
                .appendingPathComponent(name))
    }

    /// The bytes of a recorded Deezer answer, e.g. `track-3135556.json`.
    public static func deezer(_ name: String) throws -> Data {
        try Data(
            contentsOf: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/deezer")
                .appendingPathComponent(name))
    }

    /// The folder holding the `itunes/` fixtures.
    public static var root: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/itunes")
    }

    /// The bytes of a fixture, e.g. `songs/erickrodr-search-song.json`.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }

    /// Every fixture file's relative path, sorted.
    public static func allPaths() -> [String] {
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { paths.append(path) }
        }
        return paths.sorted()
    }
}
