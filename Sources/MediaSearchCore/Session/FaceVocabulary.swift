/// How a face names the things the engine's messages mention, so a message reads right where it
/// is shown: `--year` and `mediasearch providers` in a terminal, `year` and `/api/providers` on
/// the web. The engine composes its messages with the session's vocabulary and never names a
/// face's syntax itself.
public struct FaceVocabulary: Sendable {
    /// A filter as the user gives it: `--year`, or the query parameter `year`.
    public var filter: @Sendable (String) -> String
    /// Where the kinds and their filters are listed.
    public var kindList: String
    /// How to make a search whose results can be picked by number.
    public var searchFirst: String
    /// How to open an id as a given kind.
    public var showAs: @Sendable (_ id: String, _ kind: String) -> String
    /// Why offline answers may lack an item.
    public var offlineNote: String
    /// An example of a search.
    public var searchExample: String

    /// Creates a vocabulary.
    public init(
        filter: @escaping @Sendable (String) -> String, kindList: String, searchFirst: String,
        showAs: @escaping @Sendable (String, String) -> String, offlineNote: String, searchExample: String
    ) {
        self.filter = filter
        self.kindList = kindList
        self.searchFirst = searchFirst
        self.showAs = showAs
        self.offlineNote = offlineNote
        self.searchExample = searchExample
    }

    /// The command line's words.
    public static let commandLine = FaceVocabulary(
        filter: { "--\($0)" }, kindList: "mediasearch providers", searchFirst: "run mediasearch search first",
        showAs: { "mediasearch show \($0) --kind \($1)" }, offlineNote: "--offline uses no network",
        searchExample: "mediasearch search \"jack johnson\"")

    /// The web's words: query parameters and paths.
    public static let web = FaceVocabulary(
        filter: { $0 }, kindList: "/api/providers", searchFirst: "search first",
        showAs: { "/item/\($1)/\($0)" }, offlineNote: "offline answers use no network",
        searchExample: "/?q=jack+johnson")

    /// Words for no face in particular (library users, tests).
    public static let plain = FaceVocabulary(
        filter: { "filter '\($0)'" }, kindList: "the list of providers", searchFirst: "search first",
        showAs: { "\($0) as kind \($1)" }, offlineNote: "offline answers use no network",
        searchExample: "\"jack johnson\"")
}
