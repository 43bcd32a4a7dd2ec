import Foundation

/// Dates in UTC as ISO 8601 writes them (`2016-02-12T08:00:00Z`), read and written by arithmetic
/// on the proleptic Gregorian calendar, as ISO 8601 counts (Foundation's Gregorian calendar is
/// Julian before 15 October 1582): no `Calendar`, `TimeZone` or formatter. Those load ICU's
/// time zone data on first use, which was 1.4 MiB of a search's memory and part of its start-up,
/// for dates that are always UTC. See BENCHMARKS.md, "Memory (#43)".
public enum UTCDate {
    /// The years a date may have: any a record carries, and none whose arithmetic could overflow.
    public static let years = 1...9999

    /// The date of a day and a time of day in UTC, or `nil` when a field is out of its range (a
    /// year outside ``years``, a month outside 1-12, a day outside 1-31, an hour past 23, a minute
    /// past 59, a second past 60; `24:00:00`, the end of a day in ISO 8601, is the next midnight).
    /// A day past its month's end runs into the next month (`02-30` is March 1 or 2), as a lenient
    /// calendar reads it.
    public static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0)
        -> Date?
    {
        guard years.contains(year), (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour) || (hour == 24 && minute == 0 && second == 0), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `2016-02-12T08:00:00Z`: the date to the second (a fraction is dropped), clamped to the first
    /// and last second of ``years`` (an infinite date to the nearer end, one that is not a number
    /// to the first).
    public static func string(from date: Date) -> String {
        let first = TimeInterval(days(year: years.lowerBound, month: 1, day: 1) * 86_400)
        let last = TimeInterval(days(year: years.upperBound + 1, month: 1, day: 1) * 86_400 - 1)
        let interval = date.timeIntervalSince1970
        let seconds = Int(interval.isNaN ? first : min(max(interval, first), last).rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - day * 86_400
        let (year, month, dayOfMonth) = civil(days: day)
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(48 + value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(dayOfMonth, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(time / 3_600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time % 60, 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Days from 1970-01-01 to a day (month 1-12, day 1-31, year in ``years``). The count runs
    /// over years that begin in March, so that a leap day is the last day of its year.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear / 400  // years are positive: no rounding toward zero to correct
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of a count of days from 1970-01-01 (the inverse of `days`), for
    /// days within ``years``.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
