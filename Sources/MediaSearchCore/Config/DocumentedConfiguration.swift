import MediaSearchKit

/// The documented default configuration: the text of the repository's `config.yaml`, which
/// `mediasearch config init` writes for the user to edit. A test keeps the two identical, and
/// checks that parsing it gives exactly the built-in defaults.
public enum DocumentedConfiguration {
    /// The file's text.
    public static let text = """
        # MediaSearch configuration: the documented defaults (`mediasearch config init` writes this file).
        # Looked up in order: --config PATH, $MEDIASEARCH_CONFIG, $XDG_CONFIG_HOME/mediasearch/config.yaml
        # (~/.config/...), then the built-in defaults, which are the values below. The current directory is
        # never searched. `mediasearch config show` lists every setting and where it came from.

        # Enabled kinds, in display order. Remove a kind to leave it out of every search. An entry names a
        # provider (song), a source (deezer: Deezer's songs and albums) or a kind of media.
        # On by default: iTunes's songs, movies, audiobooks and podcasts, and the free sources that need no
        # key: Deezer's songs, TV shows from TVmaze, books from Open Library and Radio Browser's stations.
        # Each enabled kind costs its source one request per search; results show as each source answers,
        # so a slow one never holds back the others. Also available: podcast-episode, music-video, album, librivox,
        # musicbrainz, musicbrainz-album, deezer-album (deezer: both of Deezer's). With several sources of
        # one kind, the same work from two of them is one result that lists both (docs/sources.md).
        kinds: [song, movie, audiobook, podcast, deezer-song, tv, openlibrary, radio]

        # Results per kind and request, 1-200 (out-of-range values on the command line are clamped).
        limit: 30

        # Per-kind overrides: limit, weight (how strongly the kind ranks when kinds are interleaved), and
        # the settings a provider declares (`mediasearch providers` lists them).
        # A source's own entry (itunes, deezer, radio) takes where it is (base_url), its budget
        # (rate_limit, shared by every mediasearch process of this user; a source moved to this machine,
        # such as the demo server, allows 1000 a minute unless set) and its timeout (seconds one request
        # may take), and the limit and weight of all its kinds. $MEDIASEARCH_<SOURCE>_URL overrides
        # base_url (e.g. MEDIASEARCH_ITUNES_URL, for tests, demos and mirrors).
        # A source with `type:` is described here, with no code (type: json, any JSON-over-HTTP API) or
        # is a program (type: command): see docs/providers.md.
        providers:
          song: {limit: 30, weight: 1.0}
          # itunes: {base_url: "https://itunes.apple.com", rate_limit: 20/min, timeout: 10}
          # deezer: {base_url: "https://api.deezer.com", rate_limit: 50/5s, timeout: 10}
          # Internet radio stations from Radio Browser (a community's servers).
          # radio: {base_url: "https://de1.api.radio-browser.info", rate_limit: 10/10s, timeout: 10}
          # TV shows from TVmaze.
          # tv: {base_url: "https://api.tvmaze.com", rate_limit: 20/10s, timeout: 10}
          # Books from Open Library (it asks for at most one request a second).
          # openlibrary: {base_url: "https://openlibrary.org", rate_limit: 1/s, timeout: 10}

        # Include explicit content. When false, names are shown censored (show --uncensored reveals them).
        explicit: true

        # Storefront: ISO 3166-1 alpha-2 code.
        country: US

        # Language of results: en_us or ja_jp. Leave out for the API's default.
        # lang: en_us

        history:
          # How many distinct searches are remembered.
          size: 5

        cache:
          # Cache API responses on disk.
          enabled: true
          # Seconds a cached response stays fresh.
          ttl: 3600
          # Size bound; the oldest entries are evicted first.
          max_size_mb: 50

        library:
          # Keep every record seen in a local library, searchable offline (search --offline).
          enabled: true
          # Records kept; past it, the ones seen longest ago go first.
          max_records: 100000

        # A shared store: several instances (serve behind a load balancer, and the CLI of the same users)
        # keep the response cache, the request budgets and the library in one PostgreSQL database instead
        # of this machine's files (docs/deploy.md). $MEDIASEARCH_STORE or --store override it. The program
        # creates and migrates its tables. Unset, everything stays in files.
        # store: postgresql://mediasearch:PASSWORD@db.example.net:5432/mediasearch

        # Instances behind one public address share one budget per source. Behind several addresses, give
        # the instances of each address a group of their own ($MEDIASEARCH_EGRESS_GROUP overrides it).
        egress_group: default

        # A line every face shows with its answers (the terminal on stderr, the web atop each page),
        # e.g. whose instance this is. The offline demo's config says "demo data" with it.
        # notice: "The Smiths' media search: ask Sam for a list"

        # An assistant over MCP (`mediasearch mcp`, serve's /mcp; docs/mcp.md) reads searches, items and
        # lists; with writes on, its star and unstar tools may change the lists too.
        mcp:
          writes: false

        """
}
