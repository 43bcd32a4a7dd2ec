import Foundation
import MediaSearchCore
import MediaSearchKit
import TestSlots
import Testing

/// The results as a CSV table and as an M3U playlist (#61): what a source sends cannot forge a
/// row, a line of the playlist or a spreadsheet formula.
@Suite("Exports: CSV and M3U", .slots)
struct ExportTests {
    static func entry(
        _ id: String, title: String, creator: String? = nil, price: Double? = nil, preview: String? = nil,
        milliseconds: Int? = nil
    ) -> ResultEntry {
        let item = MediaItem(
            id: id, title: title, kind: "song", creator: creator, previewURL: preview, price: price, currency: "USD",
            durationMilliseconds: milliseconds)
        return ResultEntry(
            kind: "song", rank: 0, item: item,
            tile: Tile(kind: "song", id: id, title: title, subtitle: creator, facts: [], artworkUrl: nil, url: nil),
            sourceName: "iTunes")
    }

    @Test func cellsAreQuotedAsRFC4180SaysAndNeverAFormula() {
        #expect(ResultsTable.cell("plain") == "plain")
        #expect(ResultsTable.cell("a, b") == "\"a, b\"")
        #expect(ResultsTable.cell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        for formula in ["=HYPERLINK(\"http://evil\")", "+1", "-2+3", "@SUM(A1)", "=\u{301}1+1"] {
            let cell = ResultsTable.cell(formula)
            #expect(cell.hasPrefix("\"'"), "\(formula) became \(cell)")
        }
        // A line break or a control character cannot end a row inside a cell.
        #expect(ResultsTable.cell("one\r\ntwo\u{1B}[31m\u{7}") == "one two [31m")
        #expect(ResultsTable.cell("  spaced\t") == "spaced")
    }

    @Test func pricesAreNumbersASpreadsheetReads() {
        #expect(ResultsTable.number(1.29) == "1.29")
        #expect(ResultsTable.number(0) == "0.00")
        #expect(ResultsTable.number(15.5) == "15.50")
        #expect(ResultsTable.number(1.05) == "1.05")
        #expect(ResultsTable.number(.infinity) == "")
        #expect(ResultsTable.number(-1) == "")
    }

    @Test func aTableHasAHeaderAndOneCRLFRowPerResult() {
        let table = ResultsTable([
            Self.entry("1", title: "Upside Down", creator: "Jack Johnson", price: 1.29),
            Self.entry("2", title: "=cmd|' /C calc'!A0", creator: "Evil, Inc.\nline"),
        ]).text
        let lines = table.components(separatedBy: "\r\n")
        #expect(lines.count == 4 && lines[3].isEmpty, "\(table.debugDescription)")
        #expect(lines[0] == ResultsTable.columns.joined(separator: ","))
        #expect(lines[1].hasPrefix("1,song,Upside Down,Jack Johnson,,1.29,,USD,"))
        #expect(lines[2].hasPrefix("2,song,\"'=cmd|' /C calc'!A0\",\"Evil, Inc. line\","))
        #expect(!table.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a line feed outside a row's end")
    }

    @Test func feedsAreOPMLWhoseTextCannotAddAnElement() {
        func podcast(_ id: String, _ title: String, feed: String?) -> ResultEntry {
            var entry = Self.entry(id, title: title)
            entry.item.feedURL = feed
            entry.tile.url = "https://podcasts.example/\(id)"
            return entry
        }
        let feeds = Subscriptions(
            [
                podcast("1", "Tom & \"Jerry\" <b>'s</b>", feed: "https://feeds.example/1?a=1&b=2"),
                podcast("2", "Again", feed: "https://feeds.example/1?a=1&b=2"),
                podcast("3", "Script", feed: "javascript:alert(1)"), podcast("4", "None", feed: nil),
                podcast("5", "Line\nbreak\"/><outline xmlUrl=\"http://evil\"", feed: "http://feeds.example/5"),
            ], title: "MediaSearch: a & b")
        #expect(
            feeds.opml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head><title>MediaSearch: a &amp; b</title></head>
                  <body>
                    <outline type="rss" text="Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt;" title="Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt;" xmlUrl="https://feeds.example/1?a=1&amp;b=2" htmlUrl="https://podcasts.example/1"/>
                    <outline type="rss" text="Line break&quot;/&gt;&lt;outline xmlUrl=&quot;http://evil&quot;" title="Line break&quot;/&gt;&lt;outline xmlUrl=&quot;http://evil&quot;" xmlUrl="http://feeds.example/5" htmlUrl="https://podcasts.example/5"/>
                  </body>
                </opml>

                """)
    }

    @Test func aPlaylistHasEachSafeLinkOnceWithItsTitleAndLength() {
        let playlist = Playlist([
            Self.entry(
                "1", title: "Upside Down", creator: "Jack Johnson", preview: "https://a.example/1.m4a",
                milliseconds: 208_643),
            Self.entry("2", title: "Same again", preview: "https://a.example/1.m4a"),
            Self.entry("3", title: "Forged\n#EXTINF:1,x\nhttp://evil.example/", preview: "https://a.example/3.mp3"),
            Self.entry("4", title: "Hidden", preview: "https://a.example/\u{202E}3pm.exe"),
            Self.entry("5", title: "Script", preview: "javascript:alert(1)"),
            Self.entry("6", title: "Live", creator: "Belgium", preview: "http://stream.example/klara"),
            Self.entry("7", title: "Nothing to play"),
        ])
        #expect(
            playlist.m3u == """
                #EXTM3U
                #EXTINF:208,Jack Johnson - Upside Down
                https://a.example/1.m4a
                #EXTINF:-1,Forged #EXTINF:1,x http://evil.example/
                https://a.example/3.mp3
                #EXTINF:-1,Belgium - Live
                http://stream.example/klara

                """)
    }
}
