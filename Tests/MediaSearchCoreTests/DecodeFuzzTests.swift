import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

/// A small, seeded generator, so a failing mutation can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Decoder fuzzing", .slots)
struct DecodeFuzzTests {
    static let sources = [
        "songs/andr3a88-jackjohnson-songs-raw.json", "movies/erickrodr-search-movie.json",
        "audiobooks/erickrodr-search-audiobook-javascript.json", "podcasts/erickrodr-search-podcast.json",
        "lookup/mariodarco-lookup-album-entity-song-gb.json", "other/erickrodr-search-software.json",
    ]

    /// Truncates, flips bytes, changes value types and drops fields of recorded responses for
    /// thousands of iterations; decoding must return records or throw a MediaSearchError, never crash.
    @Test(arguments: sources)
    func mutatedResponsesNeverCrashTheDecoder(path: String) async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let original = try Fixtures.data(path)
            let object = try JSONSerialization.jsonObject(with: original) as? [String: Any]
            let records = object?["results"] as? [[String: Any]] ?? []
            // Seeded from the path's bytes (FNV-1a), not `hashValue`, which changes per process:
            // a failure replays exactly.
            var random = SplitMix64(
                state: path.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
            var decodedSomething = 0
            for mutated in try Self.mutations(of: original, records: records, count: 600, using: &random) {
                do throws(MediaSearchError) {
                    decodedSomething += try ITunesResponse.decode(mutated).count
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
            #expect(decodedSomething > 0)
        }
    }

    /// `count` mutations of a recorded answer, in turn: truncated, a few bytes flipped, values of
    /// other types, fields dropped.
    static func mutations(
        of original: Data, records: [[String: Any]], count: Int, using random: inout SplitMix64
    ) throws -> [Data] {
        try (0..<count).map { iteration in
            switch iteration % 4 {
            case 0:
                return original.prefix(Int.random(in: 0...original.count, using: &random))
            case 1:
                var bytes = [UInt8](original)
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                return Data(bytes)
            case 2:
                return try retype(records, using: &random)
            default:
                return try dropFields(records, using: &random)
            }
        }
    }

    /// Swaps values for other types: numbers for strings, strings for numbers, scalars for lists.
    static func retype(_ records: [[String: Any]], using random: inout SplitMix64) throws -> Data {
        let replacements: [Any] = ["12", 12, 1.5, true, NSNull(), ["a"], ["k": "v"], "", -1]
        let changed = records.map { record in
            record.mapValues { value -> Any in
                Int.random(in: 0..<3, using: &random) == 0
                    ? replacements[Int.random(in: 0..<replacements.count, using: &random)] : value
            }
        }
        return try JSONSerialization.data(withJSONObject: ["resultCount": changed.count, "results": changed])
    }

    /// Drops fields at random, sometimes all of them.
    static func dropFields(_ records: [[String: Any]], using random: inout SplitMix64) throws -> Data {
        let changed = records.map { record in
            record.filter { _ in Bool.random(using: &random) }
        }
        return try JSONSerialization.data(withJSONObject: ["results": changed])
    }
}
