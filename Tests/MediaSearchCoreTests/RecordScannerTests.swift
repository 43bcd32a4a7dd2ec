import Foundation
import MediaSearchFixtures
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

/// The fast reader of iTunes answers against the reference, `JSONDecoder` with the record's
/// tolerant `Decodable` conformance: the same items, or the same error, for every recorded
/// answer and thousands of mutations of them.
@Suite("iTunes answers read without JSONDecoder", .slots)
struct RecordScannerTests {
    /// What a reader made of a body: its items, or the words of its error.
    enum Outcome: Equatable {
        case items([MediaItem])
        case error(String)
    }

    static func outcome(_ read: (Data) throws(MediaSearchError) -> [MediaItem], _ body: Data) -> Outcome {
        do throws(MediaSearchError) {
            return .items(try read(body))
        } catch {
            return .error(error.description)
        }
    }

    static func same(_ body: Data, _ comment: @autoclosure () -> String) {
        let fast = outcome(ITunesResponse.decode, body)
        let reference = outcome(ITunesResponse.decodeWithJSONDecoder, body)
        #expect(fast == reference, "\(comment()): \(String(decoding: body.prefix(300), as: UTF8.self))")
    }

    @Test func everyRecordedAnswerReadsTheSame() async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            var read = 0
            for path in Fixtures.allPaths() where !path.hasPrefix("deezer/") && !path.hasPrefix("radio") {
                let body = try Fixtures.data(path)
                Self.same(body, path)
                read += (try? ITunesResponse.decode(body).count) ?? 0
                // Every recorded answer with results is plain JSON: the fast reader reads it itself.
                if (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["results"] is [Any] {
                    #expect(RecordScanner.records(in: body) != nil, "\(path) was left to the reference reader")
                }
            }
            #expect(read > 500, "too few records were read: \(read)")
        }
    }

    @Test(arguments: DecodeFuzzTests.sources)
    func mutatedAnswersReadTheSame(path: String) async throws {
        try await withTaskExecutorPreference(HeavyWork.executor) {
            let original = try Fixtures.data(path)
            let object = try JSONSerialization.jsonObject(with: original) as? [String: Any]
            let records = object?["results"] as? [[String: Any]] ?? []
            var random = SplitMix64(state: path.utf8.reduce(0x1234_5678) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
            let mutations = try DecodeFuzzTests.mutations(of: original, records: records, count: 400, using: &random)
            for (iteration, mutated) in mutations.enumerated() {
                Self.same(mutated, "\(path) mutation \(iteration)")
            }
        }
    }

    @Test(arguments: [
        #"{"results": [{"trackId": "12", "trackName": 12, "trackPrice": "1.29", "artistName": 1.5}]}"#,
        #"{"results": [{"trackId": 1.0, "trackCount": 1e2, "discCount": -0, "trackNumber": 12345678901234567890}]}"#,
        #"{"results": [{"trackName": "Caf\u00e9 \ud83c\udfb8 \"q\" \/ \\", "genres": ["Rock", {"name": "Pop"}, 3]}]}"#,
        #"{"results": [{"trackName": "\ud83c"}]}"#, #"{"results": [{"trackName": "a\u0001"}]}"#,
        #"{"results": [1, "two", null, {"trackId": 3}]}"#, #"[{"trackId": 1}]"#, #"{"errorMessage": "Invalid value"}"#,
        #"{"results": 5}"#, #"{"resultCount": 0}"#, #"{"results": null}"#, #""text""#, #"{"results": []} x"#,
        #"{"results": [{"trackId": 01}]}"#, #"{"results": [{"trackId": 1,}]}"#, "\u{FEFF}{\"results\": []}",
        #"{"results": [{"trackPrice": 1e400, "collectionPrice": -1}]}"#, #"{"errorMessage": 5, "results": []}"#,
    ])
    func oddAnswersReadTheSame(body: String) {
        Self.same(Data(body.utf8), "odd answer")
    }
}
