import Foundation

/// One fact of an item with a type the engine knows (#60): every face writes each type one way,
/// in its reader's language, whichever source gave it.
///
/// - `text`: the source's own words, as they come (`Ended`, `MP3`).
/// - `count`: a whole number of something, written with its unit: `12 tracks`, `6 editions`.
/// - `duration`: milliseconds, written as ``Formatting/duration(milliseconds:)`` writes every
///   duration (`4:51` under an hour, `2h 18m` from an hour on).
/// - `language`: an ISO 639 code (`eng`, `en`) or an English name (`English`), written as the
///   language's name in the reader's language (`English`, `Английский`; after the first of several, `французский`).
/// - `country`: an ISO 3166 code (`BE` or `BEL`; MusicBrainz's `XE` Europe and `XW` worldwide
///   too) or an English name, written as the country's name.
/// - `year`, `date`: a year, or a date written as release dates are.
/// - `rating`: a number on a scale (``unit``, e.g. `10`): `9.1 / 10`.
/// - `id`: a standard identifier in the scheme ``unit`` names (`isbn`, `upc`, `isrc`): shown in
///   a detail, never on a tile, where a number means nothing to a reader.
/// - `list`: a text of entries with commas, shortened on a tile.
///
/// A value that is not of its type (a count that is no whole number, a rating off its scale) is
/// not shown: sources' numbers are checked before use.
public struct Fact: Sendable, Hashable, Codable {
    /// The types of fact there are.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case text, count, duration, language, country, year, date, rating, id, list
    }

    /// What the fact is called, e.g. `Editions`.
    public var label: String
    public var kind: Kind
    /// The value as the source gave it (`eng`, `12`, `9.1`, `9781534431003`); a duration's
    /// milliseconds.
    public var value: String
    /// A count's unit, singular (`edition`, or `child|children` where the plural is not an `s`);
    /// a rating's scale (`10`); an id's scheme (`isbn`).
    public var unit: String?

    /// Creates a fact.
    public init(_ label: String, _ kind: Kind = .text, value: String, unit: String? = nil) {
        self.label = label
        self.kind = kind
        self.value = value
        self.unit = unit
    }

    /// The longest value a fact keeps, in characters: a source may send megabytes.
    public static let maximumLength = 1024

    /// Whether the fact is shown on a tile: a standard id is for the detail only.
    public var isForTiles: Bool { kind != .id }

    /// The fact as a reader of `words`' language reads it; `nil` when the value is not of its
    /// type.
    public func text(_ words: FactWords = .english) -> String? {
        let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return nil }
        switch kind {
        case .text, .id:
            return value
        case .list:
            return ListText.short(value)
        case .count:
            guard let count = Int(value), count > 0 else { return nil }
            return words.count(count, unit: unit ?? "")
        case .duration:
            return Formatting.duration(milliseconds: SourceNumber.milliseconds(Int(value)))
        case .year:
            guard let year = Int(value.prefix(4)), (1...9999).contains(year) else { return nil }
            return String(year)
        case .date:
            return ReleaseDate.shown(value)
        case .rating:
            // `8.6`, or `8.6 / 10` as records kept before ratings were typed say it.
            let number = value.split(separator: "/").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? value
            guard let rating = Double(number), rating.isFinite, let scale = Double(unit ?? ""), scale.isFinite,
                scale > 0, (0...scale).contains(rating)
            else { return nil }
            return "\(Formatting.number((rating * 10).rounded() / 10)) / \(Formatting.number(scale))"
        case .language:
            let names = ListText.entries(value).map(words.language).joined(separator: ", ")
            // Standing first, a name starts with a capital, in languages that write it in lower
            // case too (`Английский, французский`).
            return names.isEmpty ? nil : names.prefix(1).uppercased() + names.dropFirst()
        case .country:
            let names = ListText.entries(value).map(words.country).joined(separator: ", ")
            return names.isEmpty ? nil : names
        }
    }
}

/// The words facts are written in: a language's names of languages and countries
/// (``Fact/text(_:)``). English is what the terminal and JSON say; the web page gives its
/// reader's, and translates a count's English text (`12 tracks`) with its catalog.
public struct FactWords: Sendable {
    /// The language's code, e.g. `ru`.
    public var code: String

    /// Words of the language of `code`.
    public init(code: String) {
        self.code = code
    }

    /// English, as the terminal and JSON write facts.
    public static let english = FactWords(code: "en")

    /// The languages a face writes facts in: English, and each language the web has a catalog
    /// for (a test holds the two lists equal). A filter on a fact matches the fact as any of them
    /// reads it, so `--language английский` finds what a Russian page calls English.
    public static let faces = [english, FactWords(code: "ru")]

    /// `12 tracks`, `1 track`, `3 children` (for `child|children`).
    func count(_ count: Int, unit: String) -> String {
        let forms = unit.split(separator: "|", maxSplits: 1).map(String.init)
        let singular = forms.first ?? ""
        guard !singular.isEmpty else { return Formatting.grouped(count) }
        let plural = forms.count > 1 ? forms[1] : singular + "s"
        return "\(Formatting.grouped(count)) \(count == 1 ? singular : plural)"
    }

    /// A language's name from its ISO 639 code (`eng`, `en`) or its English name; what is
    /// neither stays as written.
    func language(_ value: String) -> String {
        let code = Self.isCode(value) ? value.lowercased() : Self.languageCodes[value.lowercased()]
        guard let code, let name = Locale(identifier: self.code).localizedString(forLanguageCode: code) else {
            return value
        }
        return name
    }

    /// A country's name from its ISO 3166 code of two letters (`BE`) or three (iTunes' `USA`)
    /// or its English name; MusicBrainz's `XE` (Europe) and `XW` (worldwide) too. What is
    /// none of these stays as written.
    func country(_ value: String) -> String {
        let code = Self.isCode(value) ? value.uppercased() : Self.regionCodes[value.lowercased()]
        guard let code else { return value }
        if let special = Self.specialRegions[code] { return special[self.code] ?? special["en"] ?? value }
        return Locale(identifier: self.code).localizedString(forRegionCode: code) ?? value
    }

    static func isCode(_ value: String) -> Bool {
        (2...3).contains(value.count) && value.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// Regions MusicBrainz uses that ISO 3166 does not name.
    static let specialRegions = [
        "XE": ["en": "Europe", "ru": "Европа"], "XW": ["en": "Worldwide", "ru": "Весь мир"],
    ]

    /// Language codes by their English name, lower-cased (`english` → `en`).
    static let languageCodes = byEnglishName(
        Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
    ) { $0.localizedString(forLanguageCode: $1) }

    /// Region codes by their English name, lower-cased (`belgium` → `BE`).
    static let regionCodes = byEnglishName(
        Locale.Region.isoRegions.map(\.identifier)
    ) { $0.localizedString(forRegionCode: $1) }

    /// Two-letter codes by the English name `name` gives each, lower-cased.
    private static func byEnglishName(_ codes: [String], _ name: (Locale, String) -> String?) -> [String: String] {
        let english = Locale(identifier: "en")
        var found: [String: String] = [:]
        for code in codes where code.count == 2 {
            if let text = name(english, code) { found[text.lowercased()] = code }
        }
        return found
    }
}
