import Foundation

/// Parsing and formatting of the API's ISO 8601 release dates.
public enum ReleaseDate {
    /// Parses `2016-02-12T08:00:00Z` (and the date-only `2016-02-12`, or `2016-02-12T08:00`)
    /// without a date formatter or calendar (see ``UTCDate``): the first six runs of digits are the
    /// year, month, day, hour, minute and second, in UTC (an offset or a fraction after them is not
    /// read; a missing time is 0). `nil` when there are fewer than three or a field is out of range
    /// (a run too long for a number is out of range, not skipped).
    public static func parse(_ text: String) -> Date? {
        let parts = text.utf8.split(whereSeparator: { !(48...57).contains($0) }).prefix(6)
        let numbers = parts.map { Int(Substring($0)) ?? -1 }
        guard numbers.count >= 3 else { return nil }
        func time(_ index: Int) -> Int { index < numbers.count ? numbers[index] : 0 }
        return UTCDate.date(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: time(3), minute: time(4), second: time(5))
    }

    /// The date as a detail shows it: the day (`2016-02-12`), else a year alone (`1995`, as Open
    /// Library and LibriVox give a first publication), else the year of a month (`2011-09`, as
    /// MusicBrainz gives a partial date) or of a date written in words (`November 2006`, `April 22,
    /// 2008`, `[2006]`, as Open Library gives an edition's), else `nil`.
    public static func shown(_ text: String?) -> String? {
        if let day = day(text) { return day }
        guard let text, text.utf8.count <= 40 else { return nil }
        var bytes = Array(text.utf8)
        // A month: `2011-09`.
        if bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            [0, 1, 2, 3, 5, 6].allSatisfy({ (48...57).contains(bytes[$0]) })
        {
            bytes.removeLast(3)
        }
        // Closing punctuation a catalogue writes after a year: `[2006]`, `2006.`.
        while let last = bytes.last, last == UInt8(ascii: "]") || last == UInt8(ascii: ".") || last == UInt8(ascii: ")")
        {
            bytes.removeLast()
        }
        // The last four characters a year (1000-2999), and not the end of a longer number.
        guard bytes.count >= 4, bytes.suffix(4).allSatisfy({ (48...57).contains($0) }),
            (49...50).contains(bytes[bytes.count - 4]),
            bytes.count == 4 || !(48...57).contains(bytes[bytes.count - 5])
        else { return nil }
        return String(decoding: bytes.suffix(4), as: UTF8.self)
    }

    /// The date part of an API date, `2016-02-12`, or `nil` when the text is not a date.
    public static func day(_ text: String?) -> String? {
        guard let text else { return nil }
        // Checked by shape (YYYY-MM-DD with a plausible month and day): no calendar needed.
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ (48...57).contains(bytes[$0]) })
        else { return nil }
        let month = Int(bytes[5] - 48) * 10 + Int(bytes[6] - 48)
        let day = Int(bytes[8] - 48) * 10 + Int(bytes[9] - 48)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
