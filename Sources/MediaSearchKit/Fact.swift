import Foundation

/// One fact of an item with a type the engine knows (#60, #72): every source gives its values as
/// facts, and every face writes each type one way, in its reader's language (``FactWords``). No
/// face parses a fact's text back.
///
/// - `text`: the source's own words, as they come (an album's name, `MP3`).
/// - `count`: a whole number of something, written with its unit: `12 tracks`, `6 editions`.
/// - `duration`: milliseconds, written as its ``DurationStyle`` (``unit``) says: a track's
///   length `3:44`, a film's runtime `1 h 48 min`, a book's length `11.5 h`.
/// - `language`: an ISO 639 code (`eng`, `en`) or an English name (`English`), written as the
///   language's name in the reader's language (`English`, `Английский`; after the first of several, `французский`).
/// - `country`: an ISO 3166 code (`BE` or `BEL`; MusicBrainz's `XE` Europe and `XW` worldwide
///   too) or an English name, written as the country's name.
/// - `year`, `date`: a year, or a date written as release dates are (``unit`` `latest`: the
///   latest of several, `latest 2024-03-03`).
/// - `rating`: a number on a scale (``unit``, e.g. `10`): `9.1 / 10`.
/// - `id`: a standard identifier in the scheme ``unit`` names (`isbn`, `upc`, `isrc`): shown in
///   a detail, never on a tile, where a number means nothing to a reader.
/// - `list`: a text of entries with commas, shortened on a tile.
/// - `money`: an amount in the currency ``unit`` names (ISO 4217): `$14.99`; 0 is `Free`.
/// - `status`: one of a source's words for a state (`explicit`, `notExplicit`, `Ended`), written
///   in the reader's words where a face has them, else as it came.
/// - `position`: a number in a sequence, of ``unit`` when the total is known: `3 of 10`; alone,
///   with its label: `track 3`, `Episode 2`.
///
/// A value that is not of its type (a count that is no whole number, a rating off its scale) is
/// not shown: sources' numbers are checked before use, and the constructors give `nil` for it.
public struct Fact: Sendable, Hashable, Codable {
    /// The types of fact there are.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case text, count, duration, language, country, year, date, rating, id, list, money, status, position
    }

    /// How a duration is written, one rule a kind of value (#72 item 2).
    public enum DurationStyle: String, Sendable, CaseIterable {
        /// A track's or an episode's length: `3:44`, `1:02:03`.
        case clock
        /// A film's or a show's runtime: `41 min`, `1 h 30 min`, `2 h`.
        case runtime
        /// A book's length, in hours: `5.5 h`, `12 h` (under an hour, as a runtime).
        case hours

        /// The style of a kind of media's durations: films and shows run, books last hours, the
        /// rest (songs, videos, episodes, sections) is timed.
        public static func of(media: String?) -> DurationStyle {
            switch media {
            case "movie", "tv-show", "tv-episode": .runtime
            case "audiobook", "book": .hours
            default: .clock
            }
        }
    }

    /// What the fact is called, e.g. `Editions`.
    public var label: String
    public var kind: Kind
    /// The value as the source gave it (`eng`, `12`, `9.1`, `9781534431003`); a duration's
    /// milliseconds; an amount of money.
    public var value: String
    /// A count's unit, singular (`edition`, or `child|children` where the plural is not an `s`);
    /// a rating's scale (`10`); an id's scheme (`isbn`); a duration's style; money's currency; a
    /// position's total.
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

    /// The fact, when its value is of its type.
    var checked: Fact? { text() == nil ? nil : self }

    /// A text fact: the source's own words.
    public static func plain(_ label: String, _ value: String?) -> Fact? {
        value.flatMap { Fact(label, value: $0).checked }
    }

    /// A list fact: entries with commas.
    public static func listed(_ label: String, _ value: String?) -> Fact? {
        value.flatMap { Fact(label, .list, value: $0).checked }
    }

    /// A count of `unit`s (singular), `nil` unless above 0.
    public static func count(_ label: String, _ value: Int?, unit: String) -> Fact? {
        value.flatMap { Fact(label, .count, value: String($0), unit: unit).checked }
    }

    /// A duration, `nil` unless above 0.
    public static func duration(_ label: String, milliseconds: Int?, style: DurationStyle = .clock) -> Fact? {
        SourceNumber.milliseconds(milliseconds).flatMap {
            Fact(label, .duration, value: String($0), unit: style.rawValue).checked
        }
    }

    /// A price; `nil` when missing or negative (iTunes' `-1`: not sold on its own).
    public static func money(_ label: String, _ amount: Double?, currency: String?) -> Fact? {
        SourceNumber.amount(amount).flatMap {
            Fact(label, .money, value: Formatting.number($0), unit: currency?.uppercased()).checked
        }
    }

    /// A source's word for a state.
    public static func status(_ label: String, _ value: String?) -> Fact? {
        value.flatMap { Fact(label, .status, value: $0).checked }
    }

    /// A year, `nil` unless in 1...9999.
    public static func year(_ label: String, _ value: Int?) -> Fact? {
        value.flatMap { Fact(label, .year, value: String($0)).checked }
    }

    /// A date; `latest`: the latest of several (a podcast's latest episode).
    public static func date(_ label: String, _ value: String?, latest: Bool = false) -> Fact? {
        value.flatMap { Fact(label, .date, value: $0, unit: latest ? "latest" : nil).checked }
    }

    /// A place in a sequence, of `total` when known.
    public static func position(_ label: String, _ value: Int?, of total: Int? = nil) -> Fact? {
        value.flatMap { Fact(label, .position, value: String($0), unit: total.map(String.init)).checked }
    }

    /// A country by its ISO 3166 code or English name.
    public static func country(_ label: String, _ value: String?) -> Fact? {
        value.flatMap { Fact(label, .country, value: $0).checked }
    }

    /// A standard id written `scheme:value` (`isrc:GBAHS1400099`), as its scheme's fact.
    public static func standard(_ label: String? = nil, id: String?) -> Fact? {
        guard let id, let colon = id.firstIndex(of: ":") else { return nil }
        let scheme = String(id[..<colon])
        return Fact(label ?? scheme.uppercased(), .id, value: String(id[id.index(after: colon)...]), unit: scheme)
            .checked
    }

    /// The fact as a reader of `words`' language reads it; `nil` when the value is not of its
    /// type.
    public func text(_ words: FactWords = .english) -> String? {
        // Spaces and line breaks around a value are no part of it (the cheap trim when there are
        // no line breaks at its ends, as is nearly always so).
        let value: String
        if self.value.hasPlainASCIIEnds {
            value = self.value
        } else {
            value =
                (self.value.first?.isNewline ?? false) || (self.value.last?.isNewline ?? false)
                ? self.value.trimmingCharacters(in: .whitespacesAndNewlines) : self.value.trimmingSpaces()
            guard !value.allSatisfy(\.isWhitespace) else { return nil }
        }
        switch kind {
        case .text, .id:
            return value
        case .list:
            return ListText.short(value)
        case .status:
            return words.status(value)
        case .count:
            guard let count = Int(value), count > 0 else { return nil }
            return words.count(count, unit: unit ?? "")
        case .duration:
            guard let milliseconds = SourceNumber.milliseconds(Int(value)), milliseconds > 0 else { return nil }
            return words.duration(milliseconds, style: DurationStyle(rawValue: unit ?? "") ?? .clock)
        case .money:
            guard let amount = SourceNumber.amount(Double(value)), amount >= 0 else { return nil }
            return words.money(amount, currency: unit)
        case .position:
            guard let number = Int(value), number >= 0 else { return nil }
            if let total = unit.flatMap({ Int($0) }), total >= number {
                return words.phrase("{n} of {m}", ["n": String(number), "m": String(total)])
            }
            return words.phrase(label + " {n}", ["n": String(number)])
        case .year:
            guard let year = Int(value.prefix(4)), (1...9999).contains(year) else { return nil }
            return String(year)
        case .date:
            guard let date = ReleaseDate.shown(value) else { return nil }
            return unit == "latest" ? words.phrase("latest {date}", ["date": date]) : date
        case .rating:
            // `8.6`, or `8.6 / 10` as records kept before ratings were typed say it.
            let number = value.split(separator: "/").first.map { $0.trimmingSpaces() } ?? value
            guard let rating = Double(number), rating.isFinite, let scale = Double(unit ?? ""), scale.isFinite,
                scale > 0, (0...scale).contains(rating)
            else { return nil }
            return "\(words.decimal((rating * 10).rounded() / 10)) / \(words.decimal(scale))"
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

    /// The fact as JSON gives it (#72 item 5): its label, its type, its value as that type
    /// (`{"type": "duration", "seconds": 2460}`, `{"type": "count", "unit": "page", "value":
    /// 1712}`) and its English `text`; `nil` when the value is not of its type.
    public var json: JSONValue? {
        guard let text = text() else { return nil }
        var fields: [String: JSONValue] = [
            "label": .string(TextSanitizer.line(label)), "type": .string(kind.rawValue),
            "text": .string(TextSanitizer.line(text)),
        ]
        let value = value.trimmingSpaces()
        switch kind {
        case .text, .status, .language, .country:
            fields["value"] = .string(TextSanitizer.line(value))
        case .list:
            fields["values"] = .array(ListText.entries(value).map { .string(TextSanitizer.line($0)) })
        case .id:
            fields["value"] = .string(TextSanitizer.line(value))
            fields["scheme"] = .string(TextSanitizer.line(unit ?? ""))
        case .count:
            fields["value"] = JSONValue(Int(value))
            fields["unit"] = .string(TextSanitizer.line(unit?.split(separator: "|").first.map(String.init) ?? ""))
        case .duration:
            let milliseconds = Int(value) ?? 0
            fields["seconds"] = .number(Double(milliseconds) / 1000)
        case .money:
            fields["amount"] = JSONValue(Double(value))
            fields["currency"] = JSONValue(unit.map(TextSanitizer.line))
        case .position:
            fields["value"] = JSONValue(Int(value))
            fields["of"] = JSONValue(unit.flatMap { Int($0) })
        case .year:
            fields["value"] = JSONValue(Int(value.prefix(4)))
        case .date:
            fields["value"] = .string(ReleaseDate.day(value) ?? ReleaseDate.shown(value) ?? value)
            if unit == "latest" { fields["latest"] = .bool(true) }
        case .rating:
            let number = value.split(separator: "/").first.map { $0.trimmingSpaces() } ?? value
            fields["value"] = JSONValue(Double(number))
            fields["scale"] = JSONValue(Double(unit ?? ""))
        }
        return .object(fields)
    }
}
