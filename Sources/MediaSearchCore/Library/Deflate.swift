import CZlib
import Foundation
import MediaSearchKit

/// zlib compression of the library's stored records, with a preset dictionary of what every
/// iTunes record repeats (its keys, Apple's URL prefixes), so a ~2.5 KB record is stored in ~1 KB
/// and 100,000 records stay under 150 MB.
///
/// A compressed body is `d`, its length as 4 bytes (little-endian), then the zlib stream made
/// with ``dictionary``; any other body is stored as it is (plain JSON starts with `{`). The
/// dictionary must never change: stored records need it to be read (a new one takes a new tag).
package enum Deflate {
    /// Bodies larger than this are refused when inflating (a damaged length cannot make us allocate more).
    package static let maxLength = 16 * 1_048_576
    package static let tag = UInt8(ascii: "d")

    /// Compresses many bodies with one zlib stream (its state is set up once, not per body).
    package final class Compressor {
        private var stream = z_stream()
        private let ready: Bool
        /// Where each body is compressed, kept from one to the next: a body's `Data` is then only
        /// as large as its compressed bytes, not zlib's bound for the input (2.5 times more, and a
        /// search's 800 records were held at that size until the library had them).
        private var scratch: [UInt8] = []

        package init() {
            // An 8 KB window holds the dictionary and a typical record, and a small hash table
            // (memory level 4) is what every record's reset clears: the default 32 KB window and
            // level 8 made clearing cost more than compressing. Any zlib reader reads the result.
            ready =
                deflateInit2_(
                    &stream, 1, Z_DEFLATED, 13, 4, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                    Int32(MemoryLayout<z_stream>.size)) == Z_OK
        }

        deinit { if ready { deflateEnd(&stream) } }

        /// The body compressed, or as it is when that does not make it smaller.
        package func compress(_ data: Data) -> Data {
            guard ready, data.count > 64, data.count <= maxLength, deflateReset(&stream) == Z_OK else { return data }
            let bound = Int(deflateBound(&stream, uLong(data.count)))
            if scratch.count < 5 + bound { scratch = [UInt8](repeating: 0, count: 5 + bound) }
            let status = dictionary.withUnsafeBytes { dictionary in
                scratch.withUnsafeMutableBytes { target in
                    data.withUnsafeBytes { source in
                        guard
                            deflateSetDictionary(
                                &stream, dictionary.baseAddress!.assumingMemoryBound(to: Bytef.self),
                                uInt(dictionary.count)) == Z_OK
                        else { return Z_STREAM_ERROR }
                        stream.next_in = UnsafeMutablePointer(
                            mutating: source.baseAddress!.assumingMemoryBound(to: Bytef.self))
                        stream.avail_in = uInt(data.count)
                        stream.next_out = target.baseAddress!.advanced(by: 5).assumingMemoryBound(to: Bytef.self)
                        stream.avail_out = uInt(bound)
                        return deflate(&stream, Z_FINISH)
                    }
                }
            }
            let length = Int(stream.total_out)
            guard status == Z_STREAM_END, length + 5 < data.count else { return data }
            scratch[0] = tag
            for index in 0..<4 { scratch[1 + index] = UInt8((data.count >> (8 * index)) & 0xFF) }
            return Data(scratch[0..<(5 + length)])
        }
    }

    /// The original bytes; `nil` when the body is damaged.
    package static func decompress(_ data: Data) -> Data? {
        guard data.count > 5, data.first == tag else { return data }
        let start = data.startIndex
        var expected = 0
        for index in 0..<4 { expected |= Int(data[start + 1 + index]) << (8 * index) }
        guard expected > 0, expected <= maxLength else { return nil }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = Data(count: expected)
        let status = dictionary.withUnsafeBytes { dictionary in
            out.withUnsafeMutableBytes { target in
                data.withUnsafeBytes { source in
                    stream.next_in = UnsafeMutablePointer(
                        mutating: source.baseAddress!.advanced(by: 5).assumingMemoryBound(to: Bytef.self))
                    stream.avail_in = uInt(data.count - 5)
                    stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_out = uInt(expected)
                    var status = inflate(&stream, Z_FINISH)
                    if status == Z_NEED_DICT {
                        guard
                            inflateSetDictionary(
                                &stream, dictionary.baseAddress!.assumingMemoryBound(to: Bytef.self),
                                uInt(dictionary.count)) == Z_OK
                        else { return Z_DATA_ERROR }
                        status = inflate(&stream, Z_FINISH)
                    }
                    return status
                }
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == expected else { return nil }
        return out
    }

    /// What stored iTunes records have in common, most frequent last (zlib reaches the end of a
    /// dictionary with the shortest distances). Fixed forever: see the type's note.
    package static let dictionary = Data(
        """
        "wrapperType":"track","kind":"feature-movie","kind":"podcast-episode","wrapperType":"audiobook",\
        "wrapperType":"collection","collectionType":"Album","kind":"music-video","kind":"podcast",\
        "contentAdvisoryRating":"Explicit","contentAdvisoryRating":"Clean","hasITunesExtras":true,\
        "longDescription":"shortDescription":"description":"copyright":"\\u2117 "releaseDate":"\
        "feedUrl":"https://feeds.","episodeUrl":"https://","episodeGuid":"episodeFileExtension":"mp3",\
        "episodeContentType":"audio","closedCaptioning":"none","genreIds":["genres":["artistIds":[\
        "collectionHdPrice":"trackHdPrice":"trackHdRentalPrice":"trackRentalPrice":"collectionArtistName":\
        "primaryGenreName":"Podcasts","country":"USA","currency":"USD","isStreamable":true,\
        "trackTimeMillis":"trackCount":"trackNumber":"discCount":1,"discNumber":1,"previewUrl":"https://\
        audio-ssl.itunes.apple.com/itunes-assets/AudioPreview video-ssl.itunes.apple.com/itunes-assets/Video\
        .plus.aac.p.m4a .h264lc.U.p.m4v "artworkUrl600":"artworkUrl160":"artworkUrl30":"artworkUrl60":\
        "artworkUrl100":"https://is1-ssl.mzstatic.com/image/thumb/Music /v4/ .jpg/30x30bb.jpg\
        /60x60bb.jpg/100x100bb.jpg/600x600bb.jpg/160x160bb.jpg"collectionExplicitness":"notExplicit",\
        "trackExplicitness":"notExplicit","collectionCensoredName":"trackCensoredName":"artistViewUrl":\
        "https://music.apple.com/us/artist/"collectionViewUrl":"https://music.apple.com/us/album/\
        "trackViewUrl":"https://podcasts.apple.com/us/podcast/?uo=4"collectionPrice":"trackPrice":\
        "artistName":"collectionName":"trackName":"artistId":"collectionId":"trackId":{"itunes":{
        """.utf8)
}
