import Foundation

/// The words facts and phrases are written in, for one language (``Fact/text(_:)``,
/// ``Phrase/text(_:)``). English is built in: it is what the terminal and JSON say. A face that
/// speaks another language (the web) hands in its catalog, which these keys are looked up in,
/// each by its name, never by matching English text:
///
/// - `unit.<singular>`: a count's unit in its plural forms, `|` between them: English's one and
///   other (`track|tracks`), Russian's one, few and many (`трек|трека|треков`);
/// - `duration.h`, `duration.min`: the hour's and the minute's short names;
/// - `value.<English>`: a status's words (`value.not explicit`), and `value.Free`;
/// - `phrase.<English template>`: a phrase with its arguments (`phrase.Other albums by {name}`,
///   `phrase.{n} of {m}`), where `{n:трек|трека|треков}` picks the plural form of `n`.
///
/// Numbers are grouped as the language groups them: `1,712` in English, `1 712` in the others,
/// whose decimal point is a comma.
public struct FactWords: Sendable {
    /// The language's code, e.g. `ru`.
    public var code: String
    private let lookup: @Sendable (String) -> String?

    /// Words of the language of `code`, from `lookup` (a catalog's string by its key), English
    /// where it has none.
    public init(code: String, lookup: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.code = code
        self.lookup = lookup
    }

    /// English, as the terminal and JSON write facts.
    public static let english = FactWords(code: "en")

    /// The languages a face writes facts in: English, and each language the web has a catalog
    /// for (a test holds the two lists equal). A filter on a fact matches the fact as any of them
    /// reads it, so `--language английский` finds what a Russian page calls English.
    public static let faces = [english, FactWords(code: "ru")]

    private var isEnglish: Bool { code == "en" }

    /// The English a status's token is written as, where it is not the token itself.
    static let statusWords = ["notExplicit": "not explicit", "ep": "EP"]

    /// A status's words: the catalog's `value.<English>`, else the English.
    func status(_ token: String) -> String {
        let english = Self.statusWords[token] ?? token
        return lookup("value." + english) ?? english
    }

    /// `12 tracks`, `1 track`, `3 children` (for `child|children`), `1 712 страниц`.
    func count(_ count: Int, unit: String) -> String {
        let forms = unit.split(separator: "|").map(String.init)
        guard let singular = forms.first, !singular.isEmpty else { return number(count) }
        let english = forms.count > 1 ? forms : [singular, singular + "s"]
        let words = lookup("unit." + singular).map { $0.split(separator: "|").map(String.init) } ?? english
        return "\(number(count)) \(plural(count, words))"
    }

    /// The form of `forms` for `count`: English's one and other; Russian's one, few and many.
    func plural(_ count: Int, _ forms: [String]) -> String {
        guard !forms.isEmpty else { return "" }
        let index: Int
        if forms.count >= 3 {
            let (ten, hundred) = (count % 10, count % 100)
            index = ten == 1 && hundred != 11 ? 0 : (2...4).contains(ten) && !(12...14).contains(hundred) ? 1 : 2
        } else {
            index = count == 1 ? 0 : 1
        }
        return forms[min(index, forms.count - 1)]
    }

    /// A whole number with its digits grouped by three: `4,210`, `4 210`.
    public func number(_ value: Int) -> String {
        let grouped = Formatting.grouped(value)
        return isEnglish ? grouped : grouped.replacingOccurrences(of: ",", with: "\u{00A0}")
    }

    /// A number as people write it: `10`, `8.6`; `8,6` where the decimal point is a comma.
    func decimal(_ value: Double) -> String {
        let text = Formatting.number(value)
        return isEnglish ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// A duration in its style (``Fact/DurationStyle``).
    func duration(_ milliseconds: Int, style: Fact.DurationStyle) -> String {
        let total = milliseconds / 1000
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        let (h, min) = (lookup("duration.h") ?? "h", lookup("duration.min") ?? "min")
        switch style {
        case .clock:
            let rest = Formatting.twoDigits(seconds)
            return hours > 0 ? "\(hours):\(Formatting.twoDigits(minutes)):\(rest)" : "\(minutes):\(rest)"
        case .hours where hours > 0:
            let tenths = (Double(milliseconds) / 360_000).rounded() / 10
            return "\(decimal(hours >= 10 ? tenths.rounded() : tenths)) \(h)"
        case .runtime, .hours:
            // In whole minutes, as stores and guides give a runtime; under a minute, a minute.
            let rounded = max(1, milliseconds / 60_000)
            let (wholeHours, rest) = (rounded / 60, rounded % 60)
            if wholeHours == 0 { return "\(rest) \(min)" }
            return rest == 0 ? "\(wholeHours) \(h)" : "\(wholeHours) \(h) \(rest) \(min)"
        }
    }

    /// `$14.99`, `€9.99`, `14.99 SEK` in English; `14,99 $` in the others; 0 is `Free`.
    func money(_ amount: Double, currency: String?) -> String {
        if amount == 0 { return lookup("value.Free") ?? "Free" }
        let code = currency?.uppercased()
        let cents = Int((amount * 100).rounded())
        let whole = code == "JPY" ? number(Int(amount.rounded())) : number(cents / 100)
        let value = code == "JPY" ? whole : whole + (isEnglish ? "." : ",") + Formatting.twoDigits(cents % 100)
        let symbol: String? =
            switch code {
            case "USD": "$"
            case "AUD", "CAD", "NZD": code! + " $"
            case "GBP": "£"
            case "EUR": "€"
            case "JPY": "¥"
            default: nil
            }
        guard isEnglish else { return [value, symbol ?? code].compactMap { $0 }.joined(separator: "\u{00A0}") }
        if let symbol { return symbol + value }
        return [value, code].compactMap { $0 }.joined(separator: " ")
    }

    /// A phrase's words: the catalog's `phrase.<template>`, else the English template, with its
    /// arguments filled.
    func phrase(_ template: String, _ arguments: [String: String]) -> String {
        Self.fill(lookup("phrase." + template) ?? template, arguments, plural: plural)
    }

    /// The template with its `{name}`s filled, plural choices (`{n:трек|трека|треков}`) made; a
    /// value that itself holds `{name}` is never filled again.
    static func fill(_ template: String, _ values: [String: String], plural: (Int, [String]) -> String) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)..<close]
            let parts = inside.split(separator: ":", maxSplits: 1)
            let name = String(parts.first ?? "")
            if parts.count == 2 {
                let forms = parts[1].split(separator: "|").map(String.init)
                result += plural(Int((values[name] ?? "").filter(\.isNumber)) ?? 0, forms)
            } else {
                result += values[name] ?? ""
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
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

/// Words with arguments (#72 item 4): a section's title (`Other albums by {name}`, `Season {n}`),
/// written by each face in its reader's language from the template as a key, never matched.
public struct Phrase: Sendable, Hashable, Codable {
    /// The English words, `{name}` where an argument goes.
    public var template: String
    public var arguments: [String: String]

    /// Creates a phrase.
    public init(_ template: String, _ arguments: [String: String] = [:]) {
        self.template = template
        self.arguments = arguments
    }

    /// The phrase in `words`' language.
    public func text(_ words: FactWords = .english) -> String {
        words.phrase(template, arguments)
    }
}
