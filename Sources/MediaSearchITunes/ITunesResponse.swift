import Foundation
import MediaSearchKit

/// Decodes the body of an iTunes `/search` or `/lookup` answer.
public enum ITunesResponse {
    /// Decodes the records of a body.
    ///
    /// Accepts the `{"resultCount", "results"}` envelope (with leading blank lines) and a bare array
    /// of records. A record that is not an object is skipped; it never fails the others.
    /// - Throws: ``MediaSearchError/malformedResponse(_:)`` when the body is not such JSON.
    public static func decode(_ body: Data) throws(MediaSearchError) -> [MediaItem] {
        // The common case in one pass; an empty, broken or odd body is the reference reader's to tell.
        if let records = RecordScanner.records(in: body) {
            return records.prefix(mostRecords).compactMap { $0.map(MediaItem.init(itunes:)) }
        }
        return Array(try decodeWithJSONDecoder(body).prefix(mostRecords))
    }

    /// The most records of one answer made into items: five times the most the API gives (200 a
    /// request), so that an answer of 110,000 within the byte cap costs no more (S13).
    public static let mostRecords = 1_000

    /// The same answer as ``decode(_:)``, read through `JSONDecoder` and ``ITunesRecord``'s
    /// `Decodable` conformance: the reference the fast reader (``RecordScanner``) is tested
    /// against, and what reads every body that reader leaves (error bodies, broken or odd JSON).
    package static func decodeWithJSONDecoder(_ body: Data) throws(MediaSearchError) -> [MediaItem] {
        let start = body.firstIndex { !$0.isJSONWhitespace } ?? body.endIndex
        guard start < body.endIndex else {
            throw .malformedResponse("the response body is empty", source: ITunesClient.source)
        }
        do {
            if body[start] == UInt8(ascii: "[") {
                return try JSONDecoder().decode([LenientRecord].self, from: body).compactMap(\.item)
            }
            let envelope = try JSONDecoder().decode(Envelope.self, from: body)
            if let message = envelope.errorMessage {
                throw MediaSearchError.badRequest(message, source: ITunesClient.source)
            }
            guard let results = envelope.results else {
                throw MediaSearchError.malformedResponse(
                    "the response has no \"results\" list", source: ITunesClient.source)
            }
            return results.compactMap(\.item)
        } catch let error as MediaSearchError {
            throw error
        } catch {
            throw .malformedResponse(Self.describe(error, body: body, start: start), source: ITunesClient.source)
        }
    }

    /// The `errorMessage` of an error body such as a 400 answer, if it has one.
    public static func errorMessage(in body: Data) -> String? {
        (try? JSONDecoder().decode(Envelope.self, from: body))?.errorMessage
    }

    private static func describe(_ error: any Error, body: Data, start: Data.Index) -> String {
        if body[start] == UInt8(ascii: "<") { return "the server sent an HTML page instead of JSON" }
        if case DecodingError.dataCorrupted = error { return "the response is not valid JSON" }
        return "the response does not have the expected shape"
    }

    private struct Envelope: Decodable {
        var results: [LenientRecord]?
        var errorMessage: String?
    }
}

extension UInt8 {
    fileprivate var isJSONWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
    }
}
