/// The JSON document of `mediasearch show --format json`.
public struct DetailDocument: Encodable, Sendable {
    public var kind: String
    public var id: String
    public var title: String
    public var sections: [DetailSection]
    public var notices: [String]

    /// Creates a document.
    public init(kind: String, id: String, title: String, detail: Detail) {
        self.kind = kind
        self.id = id
        self.title = title
        self.sections = detail.sections
        self.notices = detail.notices
    }
}
