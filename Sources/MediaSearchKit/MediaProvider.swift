import Foundation

/// A source of one kind of media: it searches, and it turns its items into tiles.
///
/// Conform to add a kind; register the value with the CLI and list its ``kind`` in `config.yaml`.
/// Only ``kind`` and ``search(_:context:)`` are required; everything else has a default.
public protocol MediaProvider: Sendable {
    /// The kind id used in config and on the command line, e.g. `song`.
    var kind: String { get }
    /// The source it asks, e.g. `itunes`: providers of one source share its base URL and
    /// budget. By default the provider is its own source, named by its kind.
    var source: String { get }
    /// The kind of media its results are, e.g. `song`: several providers (one per source) may
    /// share it, and `--kind song` asks every enabled one. By default its ``kind``.
    var mediaKind: String { get }
    /// The source's name for people, e.g. `iTunes`, `Deezer`. By default ``source``, capitalised.
    var sourceName: String { get }
    /// Where its source is unless `providers.<source>.base_url` (or `$MEDIASEARCH_<SOURCE>_URL`)
    /// moves it, e.g. `https://itunes.apple.com`: what `config show` and messages name. `nil`
    /// (the default) when it has no one place.
    var defaultBaseURL: URL? { get }
    /// How many requests the source allows, when it documents it (Deezer: 50 per 5 s): the
    /// engine keeps the source's budget to it. `nil` takes the engine's default.
    var requestRate: RequestRate? { get }
    /// Seconds an answer of the source stays usable, when less than the response cache's own
    /// time (Deezer's signed preview links expire after about 15 minutes). `nil` for no limit.
    var answerLifetime: Double? { get }
    /// The hosts its artwork comes from (`*.mzstatic.com`), for the web page's
    /// Content-Security-Policy; `nil` (the default) for any host.
    var artworkHosts: [String]? { get }
    /// The hosts its previews (audio, video, streams) come from; `nil` (the default) for any host.
    var previewHosts: [String]? { get }
    /// A name for people, e.g. `Songs`.
    var displayName: String { get }
    /// The filters this provider offers, each a `--name value` option of `search`.
    var filters: [FilterSpec] { get }
    /// The settings it takes from `config.yaml` (`providers.<kind>.<name>`), checked before any
    /// request and handed over in ``ProviderContext/settings``. By default none.
    var settings: [SettingSpec] { get }
    /// Whether ``search(_:context:)`` honours the query's offset. When not (the default), the
    /// engine asks for the first `offset + limit` results and skips the offset itself.
    var supportsPaging: Bool { get }
    /// The most results the source gives for one request (iTunes: 200); `nil` for no limit.
    var maximumLimit: Int? { get }
    /// A term the source finds something for (`silicon valley` for TV shows), which
    /// `mediasearch providers check` searches unless told another; `nil` (the default) when the
    /// provider names none, and the check then asks for one.
    var exampleTerm: String? { get }
    /// Asks the source and maps its answer to items; receives what it needs (the transport, its
    /// settings) from the context. The engine does the rest: it keeps the items that match the
    /// query's filters, skips the offset when the provider cannot page, cuts to the limit,
    /// censors names and orders the results.
    func search(_ query: SearchQuery, context: ProviderContext) async throws -> [MediaItem]
    /// Whether an item this provider did not produce itself (say, one listed among an author's
    /// other works) is of its kind, so that it may render it. By default it claims none.
    func accepts(_ item: MediaItem) -> Bool
    /// The short card shown for an item in the results.
    func tile(for item: MediaItem) -> Tile
    /// The types of the records this provider keeps in its items' ``MediaItem/payload``, so that
    /// stored items come back typed. By default none.
    var payloadTypes: [any MediaPayload.Type] { get }
    /// The detail view's sections, or `nil` when this provider has no detail view.
    var detailRenderer: (any DetailRenderer)? { get }
    /// The item with this id, for `show`; `nil` when there is none. By default a provider cannot
    /// look ids up.
    func lookup(id: String, context: ProviderContext) async throws -> MediaItem?
}

extension MediaProvider {
    public var source: String { kind }
    public var mediaKind: String { kind }
    public var sourceName: String { source.prefix(1).uppercased() + source.dropFirst() }
    public var requestRate: RequestRate? { nil }
    public var defaultBaseURL: URL? { nil }
    public var answerLifetime: Double? { nil }
    public var artworkHosts: [String]? { nil }
    public var previewHosts: [String]? { nil }
    public var displayName: String { kind.prefix(1).uppercased() + kind.dropFirst() }
    public var filters: [FilterSpec] { [] }
    public var payloadTypes: [any MediaPayload.Type] { [] }
    public var supportsPaging: Bool { false }
    public var settings: [SettingSpec] { [] }
    public var maximumLimit: Int? { nil }
    public var exampleTerm: String? { nil }
    public func accepts(_ item: MediaItem) -> Bool { false }
    public var detailRenderer: (any DetailRenderer)? { self as? any DetailRenderer }

    public func lookup(id: String, context: ProviderContext) async throws -> MediaItem? { nil }

    /// A tile with the item's title, artist and no facts.
    public func tile(for item: MediaItem) -> Tile {
        Tile(item: item, kind: kind, facts: [])
    }
}

/// A source's request allowance: `count` requests per `seconds`.
public struct RequestRate: Sendable, Hashable {
    public var count: Int
    public var seconds: Double

    /// Creates a rate.
    public init(_ count: Int, per seconds: Double) {
        self.count = count
        self.seconds = seconds
    }
}
