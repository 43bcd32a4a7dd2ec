import Foundation
import MediaSearchCore
import MediaSearchFixtures
import MediaSearchKit
import TestSlots
import Testing

/// `search --format csv|m3u` and `show --format m3u` (#61), each read back by a real reader:
/// Python's `csv` module, and a strict reader of extended M3U.
@Suite("Exports, end to end", .slots, .tags(.e2e))
struct ExportCommandTests {
    /// Reads `file` with Python: `csv` prints the rows as JSON; `m3u` checks every line of an
    /// extended M3U playlist (the header, then `#EXTINF:<seconds>,<title>` and one http(s) link,
    /// nothing else) and prints the entries as JSON, or fails naming the line.
    func read(_ format: String, _ text: String, harness: Harness) async throws -> Any {
        let file = try harness.runner.write(text, to: "export.\(format)")
        let script = """
            import csv, json, re, sys
            path = sys.argv[2]
            if sys.argv[1] == "opml":
                import xml.etree.ElementTree as ET
                root = ET.parse(path).getroot()
                assert root.tag == "opml" and root.get("version") == "2.0", root.tag
                assert root.find("head/title") is not None, "no title"
                print(json.dumps([dict(o.attrib) for o in root.iterfind("body/outline")]))
                sys.exit(0)
            if sys.argv[1] == "csv":
                with open(path, newline="", encoding="utf-8") as f:
                    print(json.dumps(list(csv.reader(f, strict=True))))
                sys.exit(0)
            lines = open(path, encoding="utf-8").read().split("\\n")
            assert lines[0] == "#EXTM3U", "no header: %r" % lines[0]
            assert lines[-1] == "", "no final line break"
            body, entries = lines[1:-1], []
            assert len(body) % 2 == 0, "an entry without its link"
            for info, url in zip(body[0::2], body[1::2]):
                m = re.fullmatch(r"#EXTINF:(-1|\\d+),(.+)", info)
                assert m, "not an entry: %r" % info
                assert re.fullmatch(r"https?://\\S+", url), "not a link: %r" % url
                entries.append({"seconds": int(m.group(1)), "title": m.group(2), "url": url})
            print(json.dumps(entries))
            """
        let runner = CommandRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), home: harness.runner.home)
        let result = try await runner.run(
            ["python3", "-c", script, format, file],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(result.status == 0, "the \(format) reader refused it: \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// The table has a header and a row per result, in the order and with the first columns of
    /// the piped lines (the price a plain number beside its currency).
    @Test func aSearchAsCSVHasTheLinesColumnsAndMore() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let csv = try await harness.run(["search", "jack", "johnson", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.hasSuffix("\r\n") && !csv.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let rows = try #require(try await read("csv", csv.stdout, harness: harness) as? [[String]])
        let lines = try await harness.run(["search", "jack", "johnson", "--format", "lines"])
        let piped = lines.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(rows.first == ResultsTable.columns)
        #expect(rows.count == piped.count + 1 && piped.count > 4, "\(rows.count) rows for \(piped.count) lines")
        // The table is the whole page, ranked at once; the lines come as their sources answer, in
        // an order that may differ where the kinds answered apart (#59): each row has its line.
        let lineOf = Dictionary(piped.map { (String($0[0]), $0) }, uniquingKeysWith: { first, _ in first })
        for row in rows.dropFirst() {
            let line = try #require(lineOf[row[0]], "\(row[0]) has no line")
            #expect(row.count == ResultsTable.columns.count)
            #expect(Array(row.prefix(5)) == line.prefix(5).map(String.init), "\(row)")
            #expect(row[6] == String(line[6]))
            // `$1.29` in the line is 1.29 and USD in the table; `Free` is 0.00.
            #expect(line[5].isEmpty == row[5].isEmpty, "\(row)")
            #expect(row[5].isEmpty || (row[5] == "0.00" ? line[5] == "Free" : line[5].hasSuffix(row[5])), "\(row)")
            #expect(row[5].isEmpty || row[7] == "USD", "\(row)")
        }
        #expect(Set(rows.dropFirst().map { $0[1] }) == ["song", "movie", "audiobook", "podcast"])
    }

    /// A source's text cannot become a formula, a row or a line of the playlist.
    @Test func hostileTextStaysInItsCellAndItsLine() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let records: [[String: Any]] = [
            [
                "wrapperType": "track", "kind": "song", "trackId": 5,
                "trackName": "=HYPERLINK(\"http://evil.example\")",
                "artistName": "Evil, \"Inc.\"\r\nnext,row", "trackPrice": 1.29, "currency": "USD",
                "trackTimeMillis": 200_000, "previewUrl": "https://a.example/5.m4a",
            ],
            [
                "wrapperType": "track", "kind": "song", "trackId": 6,
                "trackName": "Forged\n#EXTINF:1,x\nhttp://evil.example/",
                "artistName": "-2+3", "previewUrl": "https://a.example/6.m4a",
            ],
            [
                "wrapperType": "track", "kind": "song", "trackId": 7, "trackName": "Hidden",
                "previewUrl": "javascript:x",
            ],
        ]
        let body = try JSONSerialization.data(withJSONObject: ["resultCount": 3, "results": records])
        await harness.server.inject(FaultRule(fault: .body(String(decoding: body, as: UTF8.self))))
        let csv = try await harness.run(["search", "x", "--kind", "song", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = try #require(try await read("csv", csv.stdout, harness: harness) as? [[String]])
        #expect(rows.count == 4)
        #expect(
            rows.dropFirst().map { Array($0.prefix(4)) } == [
                ["5", "song", "'=HYPERLINK(\"http://evil.example\")", "Evil, \"Inc.\" next,row"],
                ["6", "song", "Forged #EXTINF:1,x http://evil.example/", "'-2+3"],
                ["7", "song", "Hidden", ""],
            ])
        let m3u = try await harness.run(["search", "x", "--kind", "song", "--format", "m3u"])
        #expect(m3u.status == 0, "\(m3u.stderr)")
        let entries = try #require(try await read("m3u", m3u.stdout, harness: harness) as? [[String: Any]])
        #expect(entries.map { $0["url"] as? String } == ["https://a.example/5.m4a", "https://a.example/6.m4a"])
        #expect(entries.map { $0["seconds"] as? Int } == [200, -1])
        #expect(entries.last?["title"] as? String == "-2+3 - Forged #EXTINF:1,x http://evil.example/")
    }

    /// The podcasts among the results are an OPML file a podcast app imports, read back by
    /// Python's XML parser: a feed's title from a source cannot add an element or an attribute.
    @Test func podcastsAreOPMLThatAnXMLParserReads() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let opml = try await harness.run(["search", "jack", "johnson", "--format", "opml"])
        #expect(opml.status == 0, "\(opml.stderr)")
        let outlines = try #require(try await read("opml", opml.stdout, harness: harness) as? [[String: String]])
        #expect(outlines.map { $0["xmlUrl"] } == ["https://rss.art19.com/60-minutes"])
        #expect(outlines.first?["text"] == "60 Minutes" && outlines.first?["type"] == "rss")
        let songs = try await harness.run(["search", "jack", "--kind", "song", "--format", "opml"])
        #expect(songs.status == 0 && songs.stderr.contains("has a feed"), "\(songs.stderr)")
        let record: [String: Any] = [
            "wrapperType": "track", "kind": "podcast", "trackId": 8, "collectionId": 8,
            "trackName": "News & \"Views\"/><outline xmlUrl=\"http://evil.example\"/>",
            "collectionName": "x", "artistName": "A <b>", "feedUrl": "https://feeds.example/news?a=1&b=2",
        ]
        let body = try JSONSerialization.data(withJSONObject: ["resultCount": 1, "results": [record]])
        await harness.server.inject(FaultRule(fault: .body(String(decoding: body, as: UTF8.self))))
        let hostile = try await harness.run(["search", "x", "--kind", "podcast", "--format", "opml"])
        let read = try #require(try await read("opml", hostile.stdout, harness: harness) as? [[String: String]])
        #expect(read.count == 1 && read.first?["xmlUrl"] == "https://feeds.example/news?a=1&b=2")
        #expect(read.first?["title"] == "News & \"Views\"/><outline xmlUrl=\"http://evil.example\"/>")
    }

    /// An album's tracks, a LibriVox book's sections and radio stations play as a playlist, each
    /// with its length where the source gives one; a show with nothing to play says so.
    @Test func playlistsOfAnAlbumABookAndStations() async throws {
        let harness = try await Harness.start()
        TestLifetime.stopAtEnd { await harness.stop() }
        let config = try harness.runner.write("kinds: [song, album, deezer, radio, librivox, tv]\n", to: "sources.yaml")
        // Every source is at the fixture server already (``Harness/variables(_:)``).
        let environment = ["MEDIASEARCH_CONFIG": config]
        let album = try await harness.run(["show", "deezer:album:302127", "--format", "m3u"], environment: environment)
        #expect(album.status == 0, "\(album.stderr)")
        let tracks = try #require(try await read("m3u", album.stdout, harness: harness) as? [[String: Any]])
        #expect(tracks.count == 14, "Discovery's 14 tracks")
        #expect(tracks.first?["title"] as? String == "Daft Punk - One More Time")
        #expect(tracks.allSatisfy { ($0["seconds"] as? Int ?? 0) > 0 })

        let book = try await harness.run(
            ["show", "830", "--kind", "librivox", "--format", "m3u"], environment: environment)
        #expect(book.status == 0, "\(book.stderr)")
        let sections = try #require(try await read("m3u", book.stdout, harness: harness) as? [[String: Any]])
        #expect(sections.count == 3, "the recorded book's three sections")
        #expect(sections.first?["title"] as? String == "Volunteer reader A - Introduction")
        #expect(sections.first?["seconds"] as? Int == 18 * 60 + 22, "its length, 18:22")

        let radio = try await harness.run(
            ["search", "klara", "--kind", "radio", "--format", "m3u"], environment: environment)
        #expect(radio.status == 0, "\(radio.stderr)")
        let stations = try #require(try await read("m3u", radio.stdout, harness: harness) as? [[String: Any]])
        #expect(!stations.isEmpty && stations.allSatisfy { $0["seconds"] as? Int == -1 }, "a live stream has no length")

        let show = try await harness.run(["show", "143", "--kind", "tv", "--format", "m3u"], environment: environment)
        #expect(show.status == 0 && show.stdout == "#EXTM3U\n", "\(show.stdout)")
        #expect(show.stderr.contains("has nothing to play"))
    }
}
