import Foundation
import MediaSearchKit

/// Whether two sources' results are the same work, and merging them into one result.
///
/// The rule (docs/sources.md): two items of one kind of media from different sources are one work
/// when both carry a standard id (ISRC, UPC) and it is the same; when either lacks one, when
/// their normalized titles and main creators are equal and their durations are within 2 s (for
/// works with no duration, such as albums, the release years must be equal instead). Normalizing
/// folds case and accents, drops punctuation, `feat.`/`ft.` credits and version notes such as
/// `(Remastered 2009)` or `- Radio Edit`, and keeps the creator's first name only (`Daft Punk &
/// Julian Casablancas` is `daft punk`). Anything unknown keeps two items apart: a merge needs
/// evidence, never its absence.
public enum SameWork {
    /// The most two durations of one work may differ, in milliseconds.
    public static let durationTolerance = 2000

    /// Whether `a` and `b` are the same work.
    public static func matches(_ a: MediaItem, _ b: MediaItem) -> Bool {
        if let x = a.standardID.map(standardKey), let y = b.standardID.map(standardKey) { return x == y }
        guard let titleA = a.title.map(title), !titleA.isEmpty, titleA == b.title.map(title),
            let creatorA = a.creator.map(creator), !creatorA.isEmpty, creatorA == b.creator.map(creator)
        else { return false }
        switch (a.durationMilliseconds, b.durationMilliseconds) {
        case (let x?, let y?):
            let (difference, overflow) = x.subtractingReportingOverflow(y)
            return !overflow && difference.magnitude <= durationTolerance
        case (nil, nil):
            guard let year = a.releaseYear else { return false }
            return year == b.releaseYear
        default:
            return false
        }
    }

    /// A standard id as compared: lower case, and a UPC's leading zeros left out (a 12-digit
    /// UPC-A is the 13-digit EAN with a leading 0: MusicBrainz writes either, Deezer the first).
    public static func standardKey(_ id: String) -> String {
        let key = id.lowercased()
        guard key.hasPrefix("upc:") else { return key }
        let digits = key.dropFirst(4).drop { $0 == "0" }
        return "upc:" + digits
    }

    /// What a source merged into a result adds about the work, typed: its standard id (`ISRC
    /// GBAHS1400099`), its collection, its year and its own facts (a described source's `Label`,
    /// `ISRC`...), each once, at most eight; what the result itself already says (the same album,
    /// year or standard id) is left out. The collection and the year have no label: they say
    /// their value alone.
    public static func facts(of item: MediaItem, beside host: MediaItem) -> [Fact] {
        var found: [Fact] = []
        var said: Set<String> = []
        func add(_ fact: Fact?) {
            guard var fact, let text = fact.text(), said.insert(fact.label + " " + text).inserted else { return }
            fact.value = String(TextSanitizer.line(fact.value).prefix(120))
            found.append(fact)
        }
        let standard = item.standardID.flatMap { id -> Fact? in
            guard let colon = id.firstIndex(of: ":") else { return nil }
            return Fact(
                id[..<colon].uppercased(), .id, value: id[id.index(after: colon)...].uppercased(),
                unit: id[..<colon].lowercased())
        }
        if item.standardID.map(standardKey) != host.standardID.map(standardKey) { add(standard) }
        // A collection as its source censors it (a name a search with explicit content off must
        // not show): `--uncensored` and the source's own page give it whole.
        let collection = item.censoredCollection ?? item.collection
        if collection.map(title) != host.collection.map(title) { add(.plain("", collection)) }
        if item.releaseYear != host.releaseYear { add(.year("", item.releaseYear)) }
        for fact in item.facts.sorted(by: { $0.label < $1.label }) {
            // A fact that repeats the standard id (`ISRC`) is said once.
            if let standard, standard.label == fact.label.uppercased(), standard.value == fact.value.uppercased() {
                continue
            }
            add(fact)
        }
        return Array(found.prefix(8))
    }

    /// Words that open a version note or a credit inside brackets or after a dash.
    private static let notes = [
        "feat", "ft", "featuring", "with", "remaster", "remastered", "radio edit", "single version", "album version",
        "mono", "stereo", "explicit", "clean",
    ]

    /// The patterns, compiled once (compiling one costs more than matching it many times).
    private static let bracketedNote = pattern(
        #"\s*[\(\[][^\)\]]*\b(\#(notes.joined(separator: "|")))\b[^\)\]]*[\)\]]"#)
    private static let dashedNote = pattern(#"\s+-\s+.*\b(\#(notes.joined(separator: "|")))\b.*$"#)
    private static let trailingCredit = pattern(#"\s+(feat|ft|featuring)\b.*$"#)
    private static let otherCreators = pattern(#"\s+(feat|ft|featuring|and|x|with|vs)\b.*$"#)

    private static func pattern(_ text: String) -> NSRegularExpression {
        // The patterns are constants of this file: a failure is a programming error.
        try! NSRegularExpression(pattern: text)
    }

    private static func removing(_ pattern: NSRegularExpression, from text: String) -> String {
        pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }

    /// A title folded for comparison: `Get Lucky (feat. Pharrell Williams) [Radio Edit]` → `get lucky`.
    public static func title(_ text: String) -> String {
        var folded = fold(text)
        // Only a title with a bracket, a dash or a credit can hold a note: most have none.
        if folded.contains(where: { $0 == "(" || $0 == "[" }) { folded = removing(bracketedNote, from: folded) }
        // Dashed notes: `- Remastered 2009`, `- 2011 Remaster`, `- Radio Edit`.
        if folded.contains("-") { folded = removing(dashedNote, from: folded) }
        // A trailing credit: `Song feat. Someone`.
        if folded.contains("f") { folded = removing(trailingCredit, from: folded) }
        return words(folded)
    }

    /// A creator folded for comparison, first named only: `Daft Punk & Julian Casablancas` → `daft punk`.
    public static func creator(_ text: String) -> String {
        let folded = fold(text)
        let first = folded.components(separatedBy: CharacterSet(charactersIn: ",&;/")).first.map {
            removing(otherCreators, from: $0)
        }
        return words(first ?? folded)
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "’", with: "'")
    }

    /// Letters and digits only, words separated by one space (`don't` → `dont`).
    private static func words(_ text: String) -> String {
        let kept = text.replacingOccurrences(of: "'", with: "").unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) ? Character($0) : " "
        }
        return String(kept).split(separator: " ").joined(separator: " ")
    }
}

extension SearchOutcome {
    /// The same work from several sources made one result: each later provider's entry that is
    /// the same work (``SameWork``) as an earlier provider's entry of the same kind of media from
    /// another source is folded into it, as one of its ``MediaItem/otherSources``, and leaves the
    /// list (each face names the sources from the offers). The entries folded in are kept in ``absorbed``, so
    /// the library still keeps every record.
    /// - Parameter providers: the providers by kind, for their kind of media and source.
    func mergingSameWorks(_ providers: [String: any MediaProvider]) -> SearchOutcome {
        // Only a kind of media that two sources answered can hold the same work twice.
        var sources: [String: Set<String>] = [:]
        for (kind, entries) in perProvider where !entries.isEmpty {
            guard let provider = providers[kind] else { continue }
            sources[provider.mediaKind, default: []].insert(provider.source)
        }
        guard sources.values.contains(where: { $0.count > 1 }) else { return self }
        var merged = self
        // Where each kept entry is, by normalized title, for the groups seen so far.
        var index: [String: [(group: Int, entry: Int)]] = [:]
        for group in perProvider.indices {
            guard let provider = providers[perProvider[group].kind] else { continue }
            var kept: [ResultEntry] = []
            for entry in perProvider[group].entries {
                let key = entry.item.title.map(SameWork.title) ?? ""
                // Found by its standard id: a result that holds it or took in a source that does.
                let byStandard = entry.item.standardID.map { index["#" + SameWork.standardKey($0), default: []] } ?? []
                let candidates = byStandard + index[key, default: []]
                let target = candidates.first { place in
                    let other = merged.perProvider[place.group]
                    guard let owner = providers[other.kind], owner.mediaKind == provider.mediaKind,
                        owner.source != provider.source
                    else { return false }
                    let item = other.entries[place.entry].item
                    // One offer per source; the same record again (the library's copy) replaces it.
                    // A result with no standard id of its own is the same work as one that shares
                    // the id of a source it took in (iTunes' song, MusicBrainz's ISRC, Deezer's track).
                    let sharedID =
                        item.standardID == nil
                        && byStandard.contains { $0.group == place.group && $0.entry == place.entry }
                    return !item.otherSources.contains { $0.source == provider.sourceName && $0.id != entry.item.id }
                        && (sharedID || SameWork.matches(item, entry.item))
                }
                if let target {
                    var host = merged.perProvider[target.group].entries[target.entry]
                    host.item.otherSources.removeAll { $0.source == provider.sourceName }
                    var offer = SourceOffer(entry.item, source: provider.sourceName, kind: entry.kind)
                    // What this source says that the result and the sources before it do not
                    // (an iTunes song's ISRC, from MusicBrainz). The result's own fields stay its
                    // source's: the library keeps each record as its source sent it.
                    let said = host.item.otherSources.flatMap(\.facts)
                    offer.facts = SameWork.facts(of: entry.item, beside: host.item).filter { fact in
                        !said.contains { $0.label == fact.label && $0.text() == fact.text() }
                    }
                    host.item.otherSources.append(offer)
                    if host.item.standardID == nil, let id = entry.item.standardID {
                        index["#" + SameWork.standardKey(id), default: []].append(target)
                    }
                    host.tile.item = host.item
                    merged.perProvider[target.group].entries[target.entry] = host
                    merged.absorbed.append((entry.kind, entry.item))
                } else {
                    kept.append(entry)
                }
            }
            merged.perProvider[group].entries = kept
            // A provider's count is of the results shown as its own; those merged count where they went.
            if let status = merged.statuses.firstIndex(where: { $0.kind == perProvider[group].kind }),
                merged.statuses[status].error == nil
            {
                merged.statuses[status].merged = merged.statuses[status].count - kept.count
                merged.statuses[status].count = kept.count
            }
            for (position, entry) in kept.enumerated() {
                index[entry.item.title.map(SameWork.title) ?? "", default: []].append((group, position))
                if let id = entry.item.standardID {
                    index["#" + SameWork.standardKey(id), default: []].append((group, position))
                }
            }
        }
        return merged
    }
}
