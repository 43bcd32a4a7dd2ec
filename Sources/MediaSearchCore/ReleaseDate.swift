import Foundation

/// Parsing and formatting of the API's ISO 8601 release dates.
public enum ReleaseDate {
    /// Parses `2016-02-12T08:00:00Z` (and the date-only `2016-02-12`) without a date formatter,
    /// which is slow to create and not thread-safe to share.
    public static func parse(_ text: String) -> Date? {
        let parts = text.utf8.split(whereSeparator: { !(48...57).contains($0) }).prefix(6)
        let numbers = parts.compactMap { Int(Substring($0)) }
        guard numbers.count >= 3, (1...12).contains(numbers[1]), (1...31).contains(numbers[2]) else { return nil }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = numbers[0]
        components.month = numbers[1]
        components.day = numbers[2]
        if numbers.count >= 6 {
            components.hour = numbers[3]
            components.minute = numbers[4]
            components.second = numbers[5]
        }
        return components.date
    }

    /// The date part of an API date, `2016-02-12`, or `nil` when the text is not a date.
    public static func day(_ text: String?) -> String? {
        guard let text, text.count >= 10 else { return nil }
        let day = String(text.prefix(10))
        return parse(day) == nil ? nil : day
    }
}
