import MediaSearchKit
import MediaSearchWeb
import TestSlots
import Testing

/// The engine's and the providers' English labels in the page's language: exact words, patterns
/// with numbers and names, Russian plural forms, and text that is no label left as it came.
@Suite("Web labels", .slots)
struct LabelsTests {
    let russian = Labels(catalog: [
        "label.Genre": "Жанр", "label.{n} tracks": "{n} {n:трек|трека|треков}",
        "label.{n} of {m}": "{n} из {m}", "label.Other works by {name}": "Другие работы: {name}",
        "label.{n}h {m}m": "{n} ч {m} мин", "label.{n}m": "{n} мин",
    ])

    @Test func exactWordsAndPatterns() {
        #expect(russian("Genre") == "Жанр")
        #expect(russian("3 of 10") == "3 из 10")
        #expect(russian("Other works by Jack Johnson") == "Другие работы: Jack Johnson")
        #expect(russian("2h 18m") == "2 ч 18 мин", "the longer pattern before {n}m")
        #expect(russian("45m") == "45 мин")
    }

    /// A typed fact on a Russian page (#60): a count grouped as Russian groups digits (a comma
    /// there is a decimal point), names of languages in Russian, the first with a capital.
    @Test func typedFactsInTheReadersLanguage() {
        Texts.$current.withValue(Texts(code: "ru")) {
            #expect(Screens.words(of: Fact("Pages", .count, value: "1712", unit: "page")) == "1\u{00A0}712 страниц")
            #expect(Screens.words(of: Fact("Editions", .count, value: "1", unit: "edition")) == "1 издание")
            #expect(Screens.words(of: Fact("Language", .language, value: "eng, fre")) == "Английский, французский")
            #expect(Screens.words(of: Fact("Country", .country, value: "XE")) == "Европа")
            #expect(Screens.words(of: Fact("Length", .duration, value: "8280000")) == "2 ч 18 мин")
        }
        Texts.$current.withValue(Texts(code: "en")) {
            #expect(Screens.words(of: Fact("Pages", .count, value: "1712", unit: "page")) == "1,712 pages")
        }
    }

    /// A filter on a fact matches it as every face reads it (``FactWords/faces``): each
    /// language the web has a catalog for, and no other.
    @Test func factsAreMatchedInEveryLanguageTheWebSpeaks() {
        #expect(Set(FactWords.faces.map(\.code)) == Set(Texts.languages.map(\.code)))
    }

    @Test func russianPluralForms() {
        #expect(russian("1 tracks") == "1 трек")
        #expect(russian("21 tracks") == "21 трек")
        #expect(russian("3 tracks") == "3 трека")
        #expect(russian("12 tracks") == "12 треков")
        #expect(russian("14 tracks") == "14 треков")
        #expect(russian("25 tracks") == "25 треков")
        #expect(russian("1,002 tracks") == "1,002 трека")
    }

    /// A value may be what a source sent: a genre called "Country" is not the label Country.
    @Test func valuesAreTranslatedOnlyAsTheEngineWritesThem() {
        let labels = Labels(catalog: [
            "label.Country": "Страна", "value.yes": "да", "label.{n} tracks": "{n} {n:трек|трека|треков}",
            "label.latest {date}": "последний {date}",
        ])
        #expect(labels.known("Country") == "Страна")
        #expect(labels.value("Country") == nil, "the genre Country stays as it came")
        #expect(labels.value("yes") == "да")
        #expect(labels.value("12 tracks") == "12 треков")
        #expect(labels.value("latest 2021-05-24") == "последний 2021-05-24")
        #expect(labels.value("latest news") == nil, "a date is digits and dashes")
    }

    /// Text longer than any label is not matched at all: a hostile name of a megabyte costs nothing.
    @Test func longTextIsNoLabel() {
        let long = String(repeating: "9", count: 1_000_000) + " tracks"
        #expect(russian.known(long) == nil && russian.value(long) == nil)
        #expect(russian(long) == long)
    }

    @Test func textThatIsNoLabelStaysAsItCame() {
        #expect(russian("Alternative") == "Alternative")
        #expect(russian("many tracks") == "many tracks", "{n} takes a number only")
        #expect(russian("3 of ") == "3 of ", "a placeholder takes some text")
        #expect(russian("") == "")
        #expect(Labels(catalog: [:])("Genre") == "Genre")
    }
}
