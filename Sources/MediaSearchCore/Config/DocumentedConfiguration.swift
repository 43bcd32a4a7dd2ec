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
        # Also available, off by default (each enabled kind costs one request per search): music-video,
        # album, radio, deezer (or deezer-song, deezer-album). With several sources of one kind, the same
        # work from two of them is one result that lists both (docs/sources.md).
        kinds: [song, movie, audiobook, podcast]

        # Results per kind and request, 1-200 (out-of-range values on the command line are clamped).
        limit: 30

        # Per-kind overrides: limit, weight (how strongly the kind ranks when kinds are interleaved), and
        # the settings a provider declares (`mediasearch providers` lists them).
        providers:
          song: {limit: 30, weight: 1.0}
          # A source's own entry takes where it is and its budget: $MEDIASEARCH_DEEZER_URL overrides
          # base_url; rate_limit defaults to the allowance the source documents (Deezer: 50/5s).
          # deezer: {base_url: "https://api.deezer.com", rate_limit: 50/5s}
          # A source described here, with no code: internet radio stations from Radio Browser. Add radio
          # to kinds: to search it; $MEDIASEARCH_RADIO_URL (or base_url:) moves it to a mirror. Any
          # JSON-over-HTTP API can be added the same way: see docs/providers.md.
          radio:
            type: json
            kind: radio-station
            name: Radio
            search: "https://de1.api.radio-browser.info/json/stations/search?name={term}&limit={limit}&offset={offset}&hidebroken=true&order=votes&reverse=true"
            lookup: "https://de1.api.radio-browser.info/json/stations/byuuid/{id}"
            fields:
              id: stationuuid
              title: name
              creator: country
              url: homepage
              artwork: favicon
              preview: url_resolved | url
              genre: tags
            facts:
              Codec: codec
              Bitrate: "{bitrate} kbps"
            rate_limit: 10/10s

        # Include explicit content. When false, names are shown censored (show --uncensored reveals them).
        explicit: true

        # Storefront: ISO 3166-1 alpha-2 code.
        country: US

        # Language of results: en_us or ja_jp. Leave out for the API's default.
        # lang: en_us

        itunes:
          # The API's base URL. $MEDIASEARCH_ITUNES_URL overrides it (tests, demos, mirrors).
          base_url: https://itunes.apple.com
          # Seconds one request may take.
          timeout: 10
          # Requests per rolling minute, shared by every mediasearch process of this user; each API
          # host has a budget of its own. Unset, it is 20 (Apple's limit) for a remote API and 1000
          # for one on this machine (the demo server of the README).
          # rate_limit: 20

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

        """
}
