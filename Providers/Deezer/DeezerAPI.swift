import Foundation
import MediaSearchKit

/// Deezer's public API (api.deezer.com, no key): the requests the Deezer providers send and how
/// its answers and errors are read.
///
/// Deezer answers most errors with HTTP 200 and a body of `{"error": {"code": …}}`: code 4 is
/// its quota (50 requests per 5 s per IP), read as a rate limit; 800 ("no data") as nothing
/// found. Answers are read by ``ProviderContext/http``'s `read`, so an error body is never kept
/// by the response cache.
struct DeezerAPI: Sendable {
    /// The API's home: `providers.deezer.base_url` or `$MEDIASEARCH_DEEZER_URL` moves it.
    static let home = URL(string: "https://api.deezer.com")!
    static let sourceName = "Deezer"

    var context: ProviderContext

    /// The answer at a path with a query, decoded; `nil` when Deezer has no data for it. An HTTP
    /// 404 is "no data" for an object asked by id (`missingIsNothing`), but an error for a search:
    /// a search path that is not there (a mirror that moved) must not read as "nothing found".
    func get<Value: Decodable & Sendable>(
        _ type: Value.Type, path: String, query: [(String, String)] = [], missingIsNothing: Bool = true
    ) async throws -> Value? {
        let base = (context.baseURL ?? Self.home).absoluteString
        var components = URLComponents(string: (base.hasSuffix("/") ? String(base.dropLast()) : base) + path)
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components?.url else {
            throw MediaSearchError.badRequest("'\(path)' makes no URL", source: Self.sourceName)
        }
        return try await context.http.get(url, timeout: context.timeout) { response in
            try Self.read(type, response, missingIsNothing: missingIsNothing)
        }
    }

    /// The value in an answer, or `nil` for Deezer's "no data"; every other error is thrown.
    static func read<Value: Decodable>(
        _ type: Value.Type, _ response: HTTPResponse, missingIsNothing: Bool = true
    ) throws -> Value? {
        let failure = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
        if let error = failure?.error {
            switch error.code {
            case 4: throw MediaSearchError.rateLimited(status: response.status, source: sourceName)
            case 800: return nil
            default:
                throw MediaSearchError.badRequest(
                    error.message ?? "error \(error.code ?? 0)", source: sourceName)
            }
        }
        switch response.status {
        case 200: break
        case 404 where missingIsNothing: return nil
        case 403, 429: throw MediaSearchError.rateLimited(status: response.status, source: sourceName)
        default: throw MediaSearchError.httpStatus(response.status, source: sourceName)
        }
        do {
            return try decoder.decode(type, from: response.body)
        } catch {
            throw MediaSearchError.malformedResponse("not the JSON Deezer sends", source: sourceName)
        }
    }

    /// Deezer's keys are snake case (`cover_xl`, `nb_tracks`).
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    struct ErrorBody: Decodable {
        struct Detail: Decodable {
            var type: String?
            var message: String?
            var code: Int?
        }
        var error: Detail?
    }
}

/// A page of a search: `data`, with the total Deezer found.
///
/// Read leniently, as every record here: an element that cannot be read (no id, say) is left
/// out, a field of the wrong type or out of range is left empty; neither makes the whole answer
/// unreadable.
struct DeezerPage<Element: Decodable & Sendable>: Decodable, Sendable {
    var data: [Element]
    var total: Int?

    private struct Skippable: Decodable {
        var element: Element?
        init(from decoder: any Decoder) throws { element = try? Element(from: decoder) }
    }

    enum CodingKeys: String, CodingKey { case data, total }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        data = ((try? c.decodeIfPresent([Skippable].self, forKey: .data)) ?? []).compactMap(\.element)
        total = c.lenientInt(.total)
    }
}

/// The error Deezer reads for a record without a usable id.
private func missingID(_ decoder: any Decoder) -> DecodingError {
    .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no usable id"))
}

struct DeezerArtist: Decodable, Sendable {
    var id: Int
    var name: String?
    var link: String?

    enum CodingKeys: String, CodingKey { case id, name, link }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else { throw missingID(decoder) }
        self.id = id
        name = c.lenientString(.name)
        link = c.lenientString(.link)
    }
}

struct DeezerGenre: Decodable, Sendable {
    var name: String?
}

/// An album as Deezer sends it: the short form inside a track or a search, the whole one from
/// `/album/{id}` (label, genres, tracks).
struct DeezerAlbum: Decodable, Sendable {
    var id: Int
    var title: String?
    var link: String?
    var upc: String?
    var coverSmall: String?
    var coverMedium: String?
    var coverBig: String?
    var coverXl: String?
    var label: String?
    var nbTracks: Int?
    var duration: Int?
    var releaseDate: String?
    var recordType: String?
    var explicitLyrics: Bool?
    var artist: DeezerArtist?
    var genres: DeezerPage<DeezerGenre>?
    var tracks: DeezerPage<DeezerTrack>?

    enum CodingKeys: String, CodingKey {
        case id, title, link, upc, coverSmall, coverMedium, coverBig, coverXl, label, nbTracks, duration
        case releaseDate, recordType, explicitLyrics, artist, genres, tracks
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else { throw missingID(decoder) }
        self.id = id
        title = c.lenientString(.title)
        link = c.lenientString(.link)
        upc = c.lenientString(.upc)
        coverSmall = c.lenientString(.coverSmall)
        coverMedium = c.lenientString(.coverMedium)
        coverBig = c.lenientString(.coverBig)
        coverXl = c.lenientString(.coverXl)
        label = c.lenientString(.label)
        nbTracks = c.lenientInt(.nbTracks)
        duration = c.lenientInt(.duration)
        releaseDate = c.lenientString(.releaseDate)
        recordType = c.lenientString(.recordType)
        explicitLyrics = (try? c.decodeIfPresent(Bool.self, forKey: .explicitLyrics)) ?? nil
        artist = (try? c.decodeIfPresent(DeezerArtist.self, forKey: .artist)) ?? nil
        genres = (try? c.decodeIfPresent(DeezerPage<DeezerGenre>.self, forKey: .genres)) ?? nil
        tracks = (try? c.decodeIfPresent(DeezerPage<DeezerTrack>.self, forKey: .tracks)) ?? nil
    }

    /// Cover art by width.
    var artwork: [Int: String] {
        var sizes: [Int: String] = [:]
        for (width, url) in [(56, coverSmall), (250, coverMedium), (500, coverBig), (1000, coverXl)] {
            if let url, !url.isEmpty { sizes[width] = url }
        }
        return sizes
    }
}

struct DeezerTrack: Decodable, Sendable {
    var id: Int
    var title: String?
    var link: String?
    var duration: Int?
    var explicitLyrics: Bool?
    var preview: String?
    var isrc: String?
    var releaseDate: String?
    var trackPosition: Int?
    var artist: DeezerArtist?
    var album: DeezerAlbum?

    enum CodingKeys: String, CodingKey {
        case id, title, link, duration, explicitLyrics, preview, isrc, releaseDate, trackPosition, artist, album
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else { throw missingID(decoder) }
        self.id = id
        title = c.lenientString(.title)
        link = c.lenientString(.link)
        duration = c.lenientInt(.duration)
        explicitLyrics = (try? c.decodeIfPresent(Bool.self, forKey: .explicitLyrics)) ?? nil
        preview = c.lenientString(.preview)
        isrc = c.lenientString(.isrc)
        releaseDate = c.lenientString(.releaseDate)
        trackPosition = c.lenientInt(.trackPosition)
        artist = (try? c.decodeIfPresent(DeezerArtist.self, forKey: .artist)) ?? nil
        album = (try? c.decodeIfPresent(DeezerAlbum.self, forKey: .album)) ?? nil
    }
}
