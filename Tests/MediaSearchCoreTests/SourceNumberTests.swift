import Foundation
import MediaSearchCore
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

/// Every number from outside goes through one checked conversion (#39): what does not fit is
/// dropped, never trapped on (a trap ends every search of `serve`).
@Suite("Numbers from outside", .slots)
struct SourceNumberTests {
    @Test func conversionsKeepWhatFitsAndDropTheRest() {
        #expect(SourceNumber.integer(42.0) == 42)
        #expect(SourceNumber.integer(Double?.none) == nil)
        for value in [1e300, -1e300, 1e17, .nan, .infinity, -.infinity, 1.5] {
            #expect(SourceNumber.integer(value) == nil, "\(value)")
        }
        #expect(SourceNumber.integer(Substring(" 7 ")) == 7)
        #expect(SourceNumber.integer(Substring("99999999999999999999")) == nil)
        #expect(SourceNumber.integer(Int.max) == nil)
        #expect(SourceNumber.amount(1.29) == 1.29)
        #expect(SourceNumber.amount(-0.0)?.sign == .plus)
        for value in [1e300, 1e17, .nan, .infinity] { #expect(SourceNumber.amount(value) == nil, "\(value)") }
        #expect(SourceNumber.amount(Substring("nan")) == nil)
        #expect(SourceNumber.milliseconds(291, per: 1000) == 291_000)
        #expect(SourceNumber.milliseconds(Int(1e16), per: 1000) == nil)
        #expect(SourceNumber.milliseconds(Int.max, per: 1000) == nil)
        #expect(SourceNumber.milliseconds(-5, per: 1000) == nil)
        #expect(SourceNumber.milliseconds(1e300, per: 60_000) == nil)
        #expect(SourceNumber.milliseconds(Double.nan) == nil)
        #expect(SourceNumber.text(1e300) == "1e+300")
        #expect(SourceNumber.text(.nan) == nil)
    }

    /// Formatting a price or a duration never traps, whatever an item holds.
    @Test func formattingIsTotal() {
        #expect(Fact.money("Price", 14.99, currency: "USD")?.text() == "$14.99")
        #expect(Fact.money("Price", 1e17, currency: "USD") == nil)
        #expect(Fact.money("Price", 1e300, currency: "JPY") == nil)
        #expect(Fact.money("Price", .infinity, currency: nil) == nil)
        #expect(Fact("Price", .money, value: "1e300", unit: "USD").text() == nil)
        #expect(Fact("Time", .duration, value: String(Int.max)).text() == nil)
        for style in Fact.DurationStyle.allCases {
            #expect(Fact.duration("Time", milliseconds: SourceNumber.durationLimit, style: style)?.text() != nil)
        }
        var item = MediaItem(id: "1", title: "x", price: 1e300, durationMilliseconds: Int.max)
        #expect(item.price == nil)
        #expect(item.durationMilliseconds == nil)
        item.durationMilliseconds = Int.max
        var other = item
        other.durationMilliseconds = -5
        other.creator = "a"
        item.creator = "a"
        #expect(!SameWork.matches(item, other))
    }

    /// An iTunes answer with numbers past any field's range still decodes, those fields left out.
    @Test func iTunesNumbersPastTheirRangeAreLeftOut() throws {
        let body = #"""
            {"resultCount": 2, "results": [
             {"wrapperType": "track", "kind": "song", "trackId": 5, "trackName": "Huge", "artistName": "A",
              "trackPrice": 1e17, "collectionPrice": "nan", "trackTimeMillis": 1e300, "trackCount": -1e300},
             {"wrapperType": "track", "kind": "song", "trackId": 6, "trackName": "Fine", "artistName": "A",
              "trackPrice": 1.29, "trackTimeMillis": 1000}]}
            """#
        let items = try ITunesResponse.decode(Data(body.utf8))
        #expect(items.map(\.title) == ["Huge", "Fine"])
        #expect(items.map(\.price) == [nil, 1.29])
        #expect(items.map(\.durationMilliseconds) == [nil, 1000])
        #expect(items.compactMap { Fact.money("Price", $0.price, currency: "USD")?.text() } == ["$1.29"])
    }

    /// Characters that hide text or break lines unseen are dropped from every text, and refused
    /// in links.
    @Test func invisibleCharactersAreDroppedAndRefusedInLinks() {
        #expect(TextSanitizer.line("soft\u{AD}hyphen\u{E0041}\u{E007F} line\u{2028}break") == "softhyphen line break")
        #expect(SafeURL.http("https://example.org/a\u{A0}b") == nil)
        #expect(SafeURL.http("https://example.org/a\u{E0041}") == nil)
        #expect(SafeURL.http("https://example.org/ä") == "https://example.org/ä")
    }

    /// Characters drawn as nothing (the security review's S4: fillers, variation selectors,
    /// invisible operators, interlinear annotations) never reach any output; what is drawn stays.
    @Test func fillersAndOtherInvisibleCharactersAreDropped() {
        let invisible: [Unicode.Scalar] =
            [
                "\u{3164}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{180E}", "\u{034F}", "\u{FE00}", "\u{FE0F}",
                "\u{E0100}", "\u{E01EF}", "\u{2065}", "\u{FFF9}", "\u{FFFA}", "\u{FFFB}", "\u{180B}", "\u{17B4}",
                "\u{1D173}",
            ] + [0xFFFE, 0xFFFF, 0xFDD0, 0x10FFFF].compactMap(Unicode.Scalar.init)
        for scalar in invisible {
            #expect(
                TextSanitizer.line("Ja\(scalar)ck") == "Jack", "U+\(String(scalar.value, radix: 16, uppercase: true))")
            #expect(SafeURL.http("https://example.org/a\(scalar)b") == nil)
        }
        let drawn = "Ünïcödé ñame 名前 Ωμέγα ₽ ½ ❤ العربية é"
        #expect(TextSanitizer.line(drawn) == drawn)
    }
}
