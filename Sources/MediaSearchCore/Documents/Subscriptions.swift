import MediaSearchKit

/// The feeds among some results (a podcast's), as OPML 2.0: the file podcast apps import to
/// subscribe to every one (`--format opml`).
///
/// One `outline` per feed (`type="rss"`, the title as `text` and `title`, the feed as `xmlUrl`,
/// the podcast's page as `htmlUrl`), each feed once. Texts are sanitized and escaped for XML, and
/// only http(s) links are written, so what a source sends can add neither an element nor an
/// attribute.
public struct Subscriptions: Sendable, Equatable {
    /// One feed.
    public struct Feed: Sendable, Equatable {
        public var title: String
        public var feed: String
        public var page: String?
    }

    public var title: String
    public var feeds: [Feed]

    /// The feeds of the results, in display order, under a title (the search or the list).
    public init(_ results: [ResultEntry], title: String) {
        self.title = TextSanitizer.line(title)
        var feeds: [Feed] = []
        for result in results {
            guard let feed = result.shown.feedURL.flatMap(SafeURL.http), !feeds.contains(where: { $0.feed == feed })
            else { continue }
            feeds.append(
                Feed(
                    title: TextSanitizer.line(result.tile.title), feed: feed,
                    page: result.tile.url.flatMap(SafeURL.http)))
        }
        self.feeds = feeds
    }

    /// The OPML document.
    public var opml: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>\(Self.escape(title))</title></head>
              <body>

            """
        for feed in feeds {
            let title = Self.escape(feed.title)
            text +=
                "    <outline type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(Self.escape(feed.feed))\""
            if let page = feed.page { text += " htmlUrl=\"\(Self.escape(page))\"" }
            text += "/>\n"
        }
        return text + "  </body>\n</opml>\n"
    }

    static func escape(_ text: String) -> String { Markup.escape(text) }
}
