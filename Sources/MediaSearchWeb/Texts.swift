import Foundation
import MediaSearchCore
import MediaSearchKit

/// The web UI's words in one language, from its catalog (`Localization/web/<code>.json`); a key
/// a catalog lacks falls back to English. The language of a request is, in order: `?ui=<code>`
/// (the switch on every page, which a cookie then remembers), the `ui` cookie, the best match of
/// `Accept-Language`, English. The engine's failures and a request's problems are said from the
/// catalogs (`failure.*`, `request.*`: FailureWords.swift); what a source or a program wrote (its
/// own error message, a title, a detail's values) stays in its own words.
package struct Texts: Sendable {
    /// The language's code, e.g. `ru`, for `<html lang>`.
    let code: String
    private let strings: [String: String]
    /// The path and query being answered, without `ui`: where the language switch leads.
    var here = "/"
    /// The config's `notice:`, shown atop every page (the demo's "demo data").
    var notice: String? = nil

    package init(code: String) {
        let known = Catalogs.all[code] != nil ? code : "en"
        self.code = known
        strings = Catalogs.all[known] ?? [:]
    }

    /// The words of the engine's and the providers' labels in this language (``Labels``).
    var label: Labels { Self.labels[code] ?? Labels(catalog: [:]) }

    /// The words facts and phrases are written in on this page (``FactWords``): this catalog's
    /// `unit.`, `duration.`, `value.` and `phrase.` keys, looked up by name.
    package var facts: FactWords { Self.factWords[code] ?? .english }

    private static let factWords: [String: FactWords] = Catalogs.all.map { code, strings in
        (code, FactWords(code: code) { strings[$0] })
    }.reduce(into: [:]) { $0[$1.0] = $1.1 }

    /// Each catalog's labels, read once.
    private static let labels: [String: Labels] = Catalogs.all.mapValues { Labels(catalog: $0) }

    /// The string for a key, with `{name}` placeholders filled in one pass (a value that itself
    /// holds `{name}`, such as a parameter a visitor typed, is never filled again).
    func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        let text = strings[key] ?? Catalogs.all["en"]?[key] ?? key
        guard !values.isEmpty, text.contains("{") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The languages there are catalogs for, English first: code and the language's own name.
    package static var languages: [(code: String, name: String)] {
        Catalogs.all.keys.sorted { ($0 == "en" ? "" : $0) < ($1 == "en" ? "" : $1) }.map {
            ($0, Catalogs.all[$0]?["language.name"] ?? $0)
        }
    }

    /// The language of a request: `?ui=`, then the `ui` cookie, then `Accept-Language`, then English.
    static func negotiate(query: String?, cookie: String?, acceptLanguage: String?) -> Texts {
        if let query, Catalogs.all[query.lowercased()] != nil { return Texts(code: query.lowercased()) }
        if let cookie, let value = Self.cookie("ui", in: cookie), Catalogs.all[value] != nil {
            return Texts(code: value)
        }
        return Texts(code: Self.best(acceptLanguage) ?? "en")
    }

    /// The first language of an `Accept-Language` header (by quality, then order) that has a catalog.
    static func best(_ header: String?) -> String? {
        guard let header else { return nil }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let primary = tag.lowercased().split(separator: "-").first.map(String.init) ?? ""
            return (primary, quality, index)
        }
        return ranked.filter { $0.1 > 0 }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0).first {
            Catalogs.all[$0] != nil
        }
    }

    static func cookie(_ name: String, in header: String) -> String? {
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name { return parts[1].lowercased() }
        }
        return nil
    }

    /// The string for a key when some catalog has it, else `nil` (for names with a fallback of their own).
    func ifKnown(_ key: String) -> String? {
        strings[key] ?? Catalogs.all["en"]?[key]
    }

    /// A kind's tab name: the catalog's for a built-in kind (whose English name the catalog
    /// holds), else the provider's own (a source a user described keeps the name they gave it).
    func name(of entry: ProviderCatalog.Entry) -> String {
        guard Catalogs.all["en"]?["tab." + entry.kind] == entry.name else { return entry.name }
        return ifKnown("tab." + entry.kind) ?? entry.name
    }

    /// The name of a kind of media's tab: the catalog's (`tab.song`), else, for a kind only one
    /// source gives, that source's name for it (a source a user described keeps the name they
    /// gave it), else the kind itself.
    func tabName(media: String, entries: [ProviderCatalog.Entry]) -> String {
        if let known = ifKnown("tab." + media) { return known }
        if entries.count == 1, let entry = entries.first { return name(of: entry) }
        return media.prefix(1).uppercased() + media.dropFirst().replacingOccurrences(of: "-", with: " ")
    }

    /// What the search box looks for, in words: the enabled kinds of media by their tab names,
    /// the catalog's lowercased where they are plain words (`songs, movies, TV shows`), a name a
    /// user gave their own source as they wrote it; so that the placeholder and the home page's
    /// lead name what this server searches, not a fixed four (#60). `last` joins the last two
    /// (`and`), else every name is joined by a comma; `capitalized` raises the first letter of a
    /// catalog's name that begins the text.
    func searched(_ catalog: ProviderCatalog?, last: String? = nil, capitalized: Bool = false) -> String {
        guard let catalog else { return "" }
        var names = catalog.enabledMedia.map { media -> String in
            let entries = catalog.enabled.filter { $0.media == media }
            guard let known = ifKnown("tab." + media) else { return tabName(media: media, entries: entries) }
            let letters = Array(known)
            return letters.count > 1 && letters[1].isLowercase ? known.lowercased() : known
        }
        if capitalized, let first = names.first, let media = catalog.enabledMedia.first, ifKnown("tab." + media) != nil
        {
            names[0] = first.prefix(1).uppercased() + first.dropFirst()
        }
        guard let last, names.count > 1 else { return names.joined(separator: ", ") }
        return names.dropLast().joined(separator: ", ") + " " + self(last) + " " + names[names.count - 1]
    }

    /// Links to this page in every other language, for the switch on each page.
    var switcher: [LinkModel.Language] {
        Self.languages.filter { $0.code != code }.map { language in
            let target = here + (here.contains("?") ? "&" : "?") + "ui=" + language.code
            return .init(href: Templates.local(target), code: language.code, name: language.name)
        }
    }

    /// The language of the request being answered.
    @TaskLocal package static var current = Texts(code: "en")
}
