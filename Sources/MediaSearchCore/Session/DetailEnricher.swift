import Foundation
import MediaSearchKit

/// A section a detail gains from the records the library keeps, for the kinds of media it is
/// registered for (#72 item 6): no request is sent for it, so what it lists is what a search or
/// a detail has shown before. The session asks each in turn and names no kind itself.
struct DetailEnricher: Sendable {
    /// The kinds of media whose details it adds to.
    let media: Set<String>
    /// Its section for an item of a kind of media, given the detail so far; `nil` for none.
    let section:
        @Sendable (_ session: SearchSession, _ item: MediaItem, _ media: String, _ detail: Detail, _ explicit: Bool)
            async -> DetailSection?

    /// The enrichers every session has, in the order their sections follow the provider's.
    static let builtIn: [DetailEnricher] = [
        otherForm(of: "book", as: "audiobook", title: "Also as an audiobook"),
        otherForm(of: "audiobook", as: "book", title: "Also as a book"),
        sameCreator(of: ["tv-show"], title: "Other shows by {name}"),
    ]

    /// The same work in another kind of media: the same title and the same main creator
    /// (``SameWork``), at most six. A book at Open Library and its reading at LibriVox or iTunes
    /// stay apart in results (they are different kinds); each detail links to the other.
    static func otherForm(of media: String, as other: String, title: String) -> DetailEnricher {
        DetailEnricher(media: [media]) { session, item, _, _, explicit in
            guard let name = item.title, let creator = item.creator.map(SameWork.creator), !creator.isEmpty else {
                return nil
            }
            let wanted = SameWork.title(name)
            guard !wanted.isEmpty else { return nil }
            let forms = await session.libraryTiles(
                of: other, asking: SearchQuery(term: name, limit: 10, explicit: explicit)
            ) {
                $0.title.map(SameWork.title) == wanted && $0.creator.map(SameWork.creator) == creator
            }
            return forms.isEmpty ? nil : DetailSection(Phrase(title), items: forms)
        }
    }

    /// Other works of the item's creator (its main one, normalized as ``SameWork`` does) of the
    /// same kind of media, newest first, at most six, for a kind whose source has no request for
    /// them (TVmaze has none for a network's shows) and whose detail has no such section.
    static func sameCreator(of media: Set<String>, title: String) -> DetailEnricher {
        DetailEnricher(media: media) { session, item, media, detail, explicit in
            guard let name = item.creator,
                !detail.sections.contains(where: { $0.phrase?.template.hasPrefix("Other ") ?? false })
            else { return nil }
            let creator = SameWork.creator(name)
            guard !creator.isEmpty else { return nil }
            let others = await session.libraryTiles(
                of: media, asking: SearchQuery(term: name, limit: 20, explicit: explicit)
            ) {
                $0.id != item.id && $0.creator.map(SameWork.creator) == creator
            }
            return others.isEmpty
                ? nil : DetailSection(Phrase(title, ["name": TextSanitizer.line(name)]), items: others)
        }
    }
}
