import Foundation
import MediaSearchKit
import TestSlots
import Testing

/// Dates as sources write them, as a detail and a tile show them.
@Suite("Release dates shown", .slots)
struct ReleaseDateTests {
    @Test func aDayAYearOrTheYearOfADateInWords() {
        #expect(ReleaseDate.shown("2016-02-12T08:00:00Z") == "2016-02-12")
        #expect(ReleaseDate.shown("1995") == "1995")
        // Open Library writes an edition's date as its publisher printed it.
        #expect(ReleaseDate.shown("November 2006") == "2006")
        #expect(ReleaseDate.shown("April 22, 2008") == "2008")
        #expect(ReleaseDate.shown("c1995") == "1995")
        #expect(ReleaseDate.shown("2011-09") == "2011")
        #expect(ReleaseDate.shown("[2006]") == "2006")
        #expect(ReleaseDate.shown("2006.") == "2006")
    }

    @Test func whatIsNoDateIsNotShown() {
        #expect(ReleaseDate.shown(nil) == nil)
        #expect(ReleaseDate.shown("") == nil)
        #expect(ReleaseDate.shown("unknown") == nil)
        #expect(ReleaseDate.shown("199") == nil)
        // A longer number, a year out of range, a date in the middle of a long text.
        #expect(ReleaseDate.shown("ISBN 9780060273224") == nil)
        #expect(ReleaseDate.shown("Volume 7777") == nil)
        #expect(ReleaseDate.shown("0995") == nil)
        #expect(ReleaseDate.shown(String(repeating: "x", count: 60) + " 2001") == nil)
        #expect(ReleaseDate.shown("2016-13-40") == nil)
        #expect(ReleaseDate.shown("2011-9x") == nil)
        #expect(ReleaseDate.shown("]]]]") == nil)
    }
}
