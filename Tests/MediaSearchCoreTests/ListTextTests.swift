import Foundation
import MediaSearchKit
import TestSlots
import Testing

/// Tags and genres sent as one text with commas become lists, whatever a source sends.
@Suite("Lists written with commas", .slots)
struct ListTextTests {
    @Test func entriesAreTrimmedWithoutEmptiesOrRepeats() {
        #expect(ListText.entries("classical,cultural,jazz,vrt") == ["classical", "cultural", "jazz", "vrt"])
        #expect(ListText.entries(" Drama, Crime ,,drama, \u{1B}[31mThriller") == ["Drama", "Crime", "[31mThriller"])
        #expect(ListText.entries("jazz") == ["jazz"])
        #expect(ListText.entries(",, ,").isEmpty)
        #expect(ListText.short("classical,cultural,jazz,vrt") == "classical, cultural, jazz, …")
        #expect(ListText.short("classical,vrt") == "classical, vrt")
        #expect(ListText.short("Hip-Hop/Rap") == "Hip-Hop/Rap")
    }

    /// A hostile source's megabyte of tags gives a bounded list of bounded entries.
    @Test func aHugeListIsBounded() {
        let many = (0..<100_000).map { "tag\($0)" }.joined(separator: ",")
        #expect(ListText.entries(many).count == ListText.maximum)
        let long = ListText.entries(String(repeating: "x", count: 1_000_000) + ",y")
        #expect(long.map(\.count) == [80, 1])
        let row = DetailSection.Row(.listed("Tags", "a,b,a,c"))
        #expect(row?.values == ["a", "b", "c"] && row?.value == "a, b, c")
        #expect(DetailSection.Row(.listed("Tags", "solo"))?.values == nil)
    }
}
