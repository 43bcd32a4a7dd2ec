import Foundation
import MediaSearchKit
import MediaSearchWeb
import TestSlots
import Testing

/// The engine's and the providers' English labels in the page's language, looked up whole, and
/// typed facts and phrases written from the catalog's keys (#72): nothing is matched as a pattern.
@Suite("Web labels", .slots)
struct LabelsTests {
    let russian = Labels(catalog: ["label.Genre": "Жанр", "label.Country": "Страна", "value.yes": "да"])

    @Test func labelsAreLookedUpWhole() {
        #expect(russian("Genre") == "Жанр")
        #expect(russian.known("Country") == "Страна")
        #expect(russian.known("yes") == nil, "a value is no label")
        #expect(russian("Other works by Jack Johnson") == "Other works by Jack Johnson", "no pattern is matched")
    }

    /// A typed fact on a Russian page: a count grouped as Russian groups digits (a comma there is
    /// a decimal point) with its plural form, names of languages in Russian, the first with a
    /// capital, durations and prices in Russian words, from the shipped catalog.
    @Test func typedFactsInTheReadersLanguage() {
        let words = Texts(code: "ru").facts
        #expect(Fact.count("Pages", 1712, unit: "page")?.text(words) == "1\u{00A0}712 страниц")
        #expect(Fact.count("Editions", 1, unit: "edition")?.text(words) == "1 издание")
        #expect(Fact.count("Tracks", 3, unit: "track")?.text(words) == "3 трека")
        #expect(Fact("Language", .language, value: "eng, fre").text(words) == "Английский, французский")
        #expect(Fact("Country", .country, value: "XE").text(words) == "Европа")
        #expect(Fact.duration("Length", milliseconds: 8_280_000, style: .runtime)?.text(words) == "2 ч 18 мин")
        #expect(Fact.money("Price", 0, currency: "USD")?.text(words) == "Бесплатно")
        #expect(Fact.status("Explicit", "explicit")?.text(words) == "18+")
        #expect(Fact.position("Track", 3, of: 12)?.text(words) == "3 из 12")
        #expect(Phrase("Other albums by {name}", ["name": "Slayer"]).text(words) == "Другие альбомы: Slayer")
        #expect(Phrase("Season {n}", ["n": "2"]).text(words) == "Сезон 2")
        let english = Texts(code: "en").facts
        #expect(Fact.count("Pages", 1712, unit: "page")?.text(english) == "1,712 pages")
        #expect(
            Fact.count("Pages", 1712, unit: "page")?.text(english) == Fact.count("Pages", 1712, unit: "page")?.text())
    }

    /// The English catalog says what the engine's own English says: the terminal and an English
    /// page read alike.
    @Test func theEnglishCatalogIsTheEnginesEnglish() {
        let page = Texts(code: "en").facts
        let facts: [Fact?] = [
            .count("Tracks", 1, unit: "track"), .count("Episodes", 320, unit: "episode"),
            .count("Sections", 25, unit: "section"), .count("Editions", 6, unit: "edition"),
            .duration("Runtime", milliseconds: 5_400_000, style: .runtime), .money("Price", 0, currency: "USD"),
            .status("Explicitness", "notExplicit"), .position("Track", 3, of: 10), .position("track", 3),
            .date("Latest", "2024-03-03", latest: true),
        ]
        for fact in facts { #expect(fact?.text(page) == fact?.text(), "\(String(describing: fact))") }
        for template in ["Other albums by {name}", "Season {n}", "Episode {n}", "Also as a book"] {
            #expect(
                Phrase(template, ["name": "X", "n": "2"]).text(page)
                    == Phrase(template, ["name": "X", "n": "2"]).text())
        }
    }

    /// A filter on a fact matches it as every face reads it (``FactWords/faces``): each
    /// language the web has a catalog for, and no other.
    @Test func factsAreMatchedInEveryLanguageTheWebSpeaks() {
        #expect(Set(FactWords.faces.map(\.code)) == Set(Texts.languages.map(\.code)))
    }

    /// Text longer than any label is not looked up: a hostile name of a megabyte costs nothing.
    @Test func longTextIsNoLabel() {
        let long = String(repeating: "9", count: 1_000_000) + " tracks"
        #expect(russian.known(long) == nil)
        #expect(russian(long) == long)
    }

    @Test func textThatIsNoLabelStaysAsItCame() {
        #expect(russian("Alternative") == "Alternative")
        #expect(russian("") == "")
        #expect(Labels(catalog: [:])("Genre") == "Genre")
    }

    /// Every catalog file is compiled in (the EmbedFiles plugin) and read: the page offers each
    /// language the folder has, by the name its own file gives it, English first.
    @Test func everyCatalogIsCompiledInAndRead() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Localization/web")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        let names = try files.map { file in
            let strings = try JSONDecoder().decode(
                [String: String].self, from: Data(contentsOf: folder.appendingPathComponent(file)))
            return (code: String(file.dropLast(5)), name: strings["language.name"] ?? "")
        }.sorted { ($0.code == "en" ? "" : $0.code) < ($1.code == "en" ? "" : $1.code) }
        #expect(names.count >= 2)
        #expect(Texts.languages.map(\.code) == names.map(\.code))
        #expect(Texts.languages.map(\.name) == names.map(\.name))
    }
}
