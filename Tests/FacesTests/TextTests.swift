import MediaSearchCLI
import MediaSearchCore
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Terminal text", .slots)
struct TextTests {
    @Test(arguments: [
        ("abc", 3), ("桜の木", 6), ("café", 4), ("cafe\u{301}", 4), ("🎸", 2), ("👍🏽", 2), ("❤️", 2), ("שלום", 4),
        ("", 0),
    ])
    func displayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func truncationNeverSplitsACharacterAndFits() {
        let text = "桜桜桜桜桜"
        let cut = DisplayWidth.truncate(text, to: 6)
        #expect(cut == "桜桜…")
        #expect(DisplayWidth.of(cut) <= 6)
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(DisplayWidth.truncate("short", to: 10) == "short")
        #expect(DisplayWidth.of(DisplayWidth.pad("桜", to: 5)) == 5)
    }

    @Test func escapeSequencesNeverReachTheTerminal() {
        let hostile = "Title\u{1B}[2J\u{1B}]8;;http://evil\u{07}x\u{9B}31m\u{202E}gnp.exe\r\nnext"
        let clean = TextSanitizer.line(hostile)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!clean.contains("\u{202E}"))
        #expect(clean.hasPrefix("Title"))
        #expect(TextSanitizer.block("a\n\n\n\nb\u{1B}c") == "a\n\nb c")
    }

    /// A kind read from a list row or the shared store's table may hold anything: its badge is
    /// cleaned before it is upper-cased, which would make SGR's `ESC [ 31 m` a CSI "delete 31
    /// lines" (S11).
    @Test func aBadgeNeverCarriesAnEscape() {
        let badge = TextStyle.badgeWord("x\u{1B}[31my\u{9B}2J")
        #expect(!badge.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(badge)")
        #expect(TextStyle.badgeWord("tv-show") == "TV SHOW" && TextStyle.badgeWord("audio-book") == "AUDIO BOOK")
    }

    @Test func onlyHTTPLinksAreKept() {
        #expect(SafeURL.http("https://x.example/a") == "https://x.example/a")
        #expect(SafeURL.http("HTTP://x.example/a?b=c") == "HTTP://x.example/a?b=c")
        #expect(SafeURL.http("javascript:alert(1)") == nil)
        #expect(SafeURL.http("file:///etc/passwd") == nil)
        #expect(SafeURL.http("https://x.example/\u{1B}]8;;") == nil)
        #expect(SafeURL.http("https://apple.com@evil.example/") == nil, "user info hides the real host")
        #expect(SafeURL.http("https://user:pass@x.example/a") == nil)
        #expect(SafeURL.http("https://evil.example\\@apple.com/") == nil)
        #expect(SafeURL.http("https:///path") == nil)
        #expect(SafeURL.http("https://x.example/a@b") == "https://x.example/a@b", "an @ in the path is fine")
        #expect(SafeURL.http("https://x.example?q=a@b") == "https://x.example?q=a@b")
        #expect(SafeURL.http("https://x.example/café") == "https://x.example/café", "non-ASCII letters are fine")
        #expect(SafeURL.http("https://x.example/\u{202E}gpj.exe") == nil, "a bidi override is not")
        #expect(SafeURL.http("https://x.exa\u{200B}mple/") == nil, "nor a zero-width space")
        #expect(SafeURL.http("https://bücher.example@evil.example/") == nil)
        #expect(SafeURL.http("http") == nil && SafeURL.http("") == nil)
    }

    static func tile(_ n: Int, kind: String = "song", title: String = "Title") -> Tile {
        Tile(
            kind: kind, id: String(n), title: title, subtitle: "Artist \(n)",
            facts: [.duration("Time", milliseconds: 180_000), .money("Price", 1.29, currency: "USD")],
            artworkUrl: nil, url: "https://example.com/\(n)")
    }

    @Test func columnsFollowTheWidth() {
        #expect(TileLayout(width: 40).columns == 1)
        #expect(TileLayout(width: 80).columns == 2)
        #expect(TileLayout(width: 120).columns == 3)
        #expect(TileLayout(width: 300).columns == 4)
    }

    @Test func everyLineFitsTheWidthWhateverTheScript() {
        let tiles = [
            Self.tile(1, title: "桜 Sakura 桜 Sakura 桜 Sakura 桜 Sakura 桜"), Self.tile(2, title: "🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸🎸"),
            Self.tile(3, title: "Cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301}"),
        ]
        for width in [40, 80, 120] {
            let text = TileLayout(width: width).render(tiles)
            for line in text.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)")
            }
        }
    }

    @Test func plainOutputHasNoEscapesAndStyledOutputLinks() {
        let tiles = [Self.tile(1)]
        #expect(!TileLayout(width: 80).render(tiles).contains("\u{1B}"))
        let styled = TileLayout(width: 80, style: TextStyle(enabled: true)).render(tiles)
        #expect(styled.contains("\u{1B}]8;;https://example.com/1\u{1B}\\"))
        #expect(TextStyle.forTerminal(isTerminal: true, environment: ["NO_COLOR": "1"]).enabled == false)
        #expect(TextStyle.forTerminal(isTerminal: false, environment: [:]).enabled == false)
        #expect(TextStyle.forTerminal(isTerminal: true, environment: [:]).enabled == true)
    }

    @Test func goldenTwoColumnLayout() {
        let tiles = [
            Tile(
                kind: "song", id: "1", title: "Banana Pancakes", subtitle: "Jack Johnson",
                facts: [
                    .duration("Time", milliseconds: 191_000), .plain("Album", "In Between Dreams"),
                    .money("Price", 1.29, currency: "USD"), .plain("Genre", "Rock"),
                ], artworkUrl: nil, url: nil),
            Tile(
                kind: "movie", id: "2", title: "Star Wars: The Empire Strikes Back", subtitle: "Irvin Kershner",
                facts: [
                    .year("Year", 1980), .duration("Runtime", milliseconds: 7_620_000, style: .runtime),
                    .plain("Rating", "PG"),
                ], artworkUrl: nil, url: nil),
            Tile(kind: "podcast", id: "3", title: "60 Minutes", subtitle: nil, facts: [], artworkUrl: nil, url: nil),
        ]
        let expected = """
            1. [SONG] Banana Pancakes                2. [MOVIE] Star Wars: The Empire Stri…
               Jack Johnson                             Irvin Kershner
               3:11 · In Between Dreams · $1.29         1980 · 2 h 7 min · PG

            3. [PODCAST] 60 Minutes

            """
        #expect(TileLayout(width: 80).render(tiles) == expected)
    }

    @Test func formatting() {
        #expect(Fact.duration("Time", milliseconds: 291_813)?.text() == "4:51")
        // One rule a kind of value (#72 item 2): a runtime in hours and minutes.
        #expect(Fact.duration("Runtime", milliseconds: 6_521_638, style: .runtime)?.text() == "1 h 48 min")
        #expect(Fact.duration("Runtime", milliseconds: 3_600_000, style: .runtime)?.text() == "1 h")
        #expect(Fact.duration("Runtime", milliseconds: 3_660_000, style: .runtime)?.text() == "1 h 1 min")
        #expect(Fact.duration("Time", milliseconds: 2_460_000)?.text() == "41:00")
        #expect(Fact.money("Price", 14.99, currency: "USD")?.text() == "$14.99")
        #expect(Fact.money("Price", -1, currency: "USD") == nil)
        #expect(Fact.money("Price", 0, currency: "USD")?.text() == "Free")
        #expect(Fact.money("Price", 8.99, currency: "GBP")?.text() == "£8.99")
        #expect(Fact.count("Episodes", 1, unit: "episode")?.text() == "1 episode")
        #expect(
            Formatting.artwork("https://is1.mzstatic.com/a/b/100x100bb.jpg")
                == "https://is1.mzstatic.com/a/b/600x600bb.jpg")
    }
}

@Suite("HTML descriptions", .slots)
struct HTMLTextTests {
    @Test func tagsGoEntitiesDecodeParagraphsStay() {
        let html =
            "<p>First &amp; <b>bold</b> line.<br>Second&nbsp;line &#8212; &#x2019;ok&rsquo;</p>"
            + "<p>Next\u{1B}[2J paragraph &lt;3</p><ul><li>one</li><li>two</li></ul> &bogus; 5 < 6"
        #expect(
            HTMLText.plain(html)
                == "First & bold line.\nSecond line — ’ok’\n\nNext [2J paragraph <3\n\n• one\n• two\n\n&bogus; 5 < 6")
    }

    @Test func plainTextPassesThrough() {
        #expect(HTMLText.plain("Just text.") == "Just text.")
        #expect(HTMLText.plain("") == "")
    }

    /// Sorted by price or date, a tile's facts keep that fact at any width: it comes first, and
    /// only what does not fit after it is dropped.
    @Test func theSortKeyIsNeverTheFactDropped() {
        let item = MediaItem(
            id: "1", title: "Star Wars: The Force Awakens", creator: "J.J. Abrams", releaseDate: "2015-12-18",
            price: 7.99, currency: "USD")
        let tile = Tile(
            item: item, kind: "movie",
            facts: [
                .year("Year", 2015), .duration("Runtime", milliseconds: 8_280_000, style: .runtime),
                .plain("Rating", "PG-13"), .money("Price", 7.99, currency: "USD"),
            ])
        var layout = TileLayout(width: 24)
        let plain = layout.render([tile])
        #expect(!plain.contains("$7.99"), "the price is the fact a narrow tile drops: \(plain)")
        layout.sortKey = SearchOutput.sortKey(.price)
        let byPrice = layout.render([tile])
        #expect(byPrice.contains("   $7.99 · 2015"), "\(byPrice)")
        layout.sortKey = SearchOutput.sortKey(.date)
        #expect(layout.render([tile]).contains("   2015 · 2 h 18 min"))
        #expect(SearchOutput.sortKey(.title) == nil && SearchOutput.sortKey(.relevance) == nil)
    }

    /// A detail never cuts a URL: one longer than the line stands whole on a line of its own.
    @Test func aLongURLInADetailIsNeverCut() {
        let url = "https://example.org/a/very/long/path/that/goes/on/and/on/and/on/index.html?with=query"
        let lines = DetailLayout(width: 40).wrap("Read more at \(url) today", width: 30)
        #expect(lines == ["Read more at", url, "today"], "\(lines)")
        let short = DetailLayout(width: 40).wrap("see https://a.io/x and more words here", width: 30)
        #expect(short == ["see https://a.io/x and more", "words here"], "a short link flows like a word: \(short)")
        #expect(
            DetailLayout(width: 40).wrap("Supercalifragilisticexpialidocious-and-more", width: 10).first?.count == 10)
    }

    @Test("Wrapped lines count: text of few but long lines is paged when it takes more rows than the screen")
    func wrappedLinesArePaged() {
        let long = String(repeating: "x", count: 200) + "\n"
        #expect(Pager.rows(String(repeating: long, count: 10), columns: 80) == 30)
        #expect(Pager.rows("\u{1B}[35m[SONG]\u{1B}[0m " + String(repeating: "界", count: 40) + "\n", columns: 80) == 2)
        #expect(Pager.rows("a\n\nb\n", columns: 80) == 3)
    }
}
