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

/// Dates read and written by arithmetic (`UTCDate`), checked against Foundation's Gregorian
/// calendar in UTC and its ISO 8601 format, which they replace. Foundation's calendar is Julian
/// before 15 October 1582; `UTCDate` is proleptic Gregorian, as ISO 8601 is, so the check starts
/// in 1583.
@Suite("UTC dates by arithmetic", .slots)
struct UTCDateTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Seconds spread over years 1583 to 9999 (a fixed sequence: the same every run), with the
    /// ends, the epoch and leap days among them.
    static let seconds: [Int] = {
        let first = -12_212_553_600  // 1583-01-01T00:00:00Z
        let last = 253_402_300_799  // 9999-12-31T23:59:59Z
        var values = [first, last, 0, -1, 951_782_400, 951_868_799, 4_107_542_400, 1_078_012_800]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<4_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(first + Int(state >> 11) % (last - first + 1))
        }
        return values
    }()

    @Test func writesWhatFoundationWrites() {
        for second in Self.seconds {
            let date = Date(timeIntervalSince1970: TimeInterval(second))
            let expected = date.formatted(.iso8601)
            #expect(UTCDate.string(from: date) == expected, "\(second)")
            // A fraction is dropped, not rounded.
            #expect(UTCDate.string(from: date.addingTimeInterval(0.999)) == expected, "\(second)")
        }
    }

    @Test func readsWhatFoundationsCalendarReads() {
        for second in Self.seconds {
            let parts = Self.calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(second)))
            let date = UTCDate.date(
                year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
                second: parts.second!)
            #expect(date?.timeIntervalSince1970 == TimeInterval(second), "\(parts)")
            #expect(ReleaseDate.parse(UTCDate.string(from: Date(timeIntervalSince1970: TimeInterval(second)))) == date)
        }
    }

    @Test func aDayPastItsMonthsEndRunsOnAsALenientCalendarReadsIt() {
        for (year, month, day) in [(2016, 2, 30), (2015, 2, 29), (2015, 2, 31), (2023, 4, 31), (1900, 2, 29)] {
            var parts = DateComponents(year: year, month: month, day: day)
            parts.calendar = Self.calendar
            parts.timeZone = Self.calendar.timeZone
            #expect(UTCDate.date(year: year, month: month, day: day) == parts.date, "\(year)-\(month)-\(day)")
        }
        #expect(ReleaseDate.parse("2016-02-30") == ReleaseDate.parse("2016-03-01"))
    }

    @Test func fieldsOutOfRangeAreNoDate() {
        #expect(ReleaseDate.parse("2016-02-12T24:00:01Z") == nil)
        // The end of a day, as ISO 8601 writes it, is the next midnight.
        #expect(ReleaseDate.parse("2016-02-12T24:00:00Z") == ReleaseDate.parse("2016-02-13"))
        // A time without seconds; a run of digits too long for a number is out of range, not skipped.
        #expect(ReleaseDate.parse("2016-02-12T08:30") == ReleaseDate.parse("2016-02-12T08:30:00Z"))
        #expect(ReleaseDate.parse("2016-02-12T99999999999999999999:00:00Z") == nil)
        #expect(ReleaseDate.parse("99999999999999999999 2016-02-12") == nil)
        #expect(ReleaseDate.parse("2016-02-12T08:60:00Z") == nil)
        #expect(ReleaseDate.parse("2016-13-12") == nil)
        #expect(ReleaseDate.parse("2016-02-32") == nil)
        #expect(ReleaseDate.parse("0000-01-01") == nil)
        #expect(ReleaseDate.parse("10000-01-01") == nil)
        // A year that would overflow the arithmetic, and one past Int.
        #expect(ReleaseDate.parse("9223372036854775807-01-01") == nil)
        #expect(ReleaseDate.parse("99999999999999999999999-01-01") == nil)
        #expect(UTCDate.date(year: Int.max, month: 12, day: 31, hour: 23, minute: 59, second: 59) == nil)
        #expect(ReleaseDate.parse("2016-02") == nil)
    }

    @Test func datesBeyondTheYearsAreClampedNotTrapped() {
        #expect(UTCDate.string(from: .distantFuture) == "4001-01-01T00:00:00Z")
        #expect(UTCDate.string(from: Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59Z")
        #expect(UTCDate.string(from: .distantPast) == "0001-01-01T00:00:00Z")
        // Years 1 to 1582 as ISO 8601 counts them: proleptic Gregorian.
        #expect(UTCDate.string(from: Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(UTCDate.date(year: 1582, month: 10, day: 4)?.timeIntervalSince1970 == -12_220_243_200)
        #expect(UTCDate.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
        #expect(UTCDate.string(from: Date(timeIntervalSince1970: -.infinity)) == "0001-01-01T00:00:00Z")
        #expect(UTCDate.string(from: Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00Z")
        #expect(UTCDate.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }
}
