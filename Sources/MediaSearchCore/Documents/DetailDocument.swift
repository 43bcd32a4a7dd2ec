import MediaSearchKit

/// The JSON document of `mediasearch show --format json`. Text passes ``TextSanitizer``.
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

    enum CodingKeys: String, CodingKey { case kind, id, title, sections, notices }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(TextSanitizer.line(id), forKey: .id)
        try c.encode(TextSanitizer.line(title), forKey: .title)
        try c.encode(sections, forKey: .sections)
        try c.encode(notices.map(TextSanitizer.line), forKey: .notices)
    }
}
