import Foundation

/// Reading a source's JSON leniently: a field of an unexpected type, or a number out of range,
/// is left out of the record instead of making the whole answer unreadable. Numbers go through
/// ``SourceNumber``. For every decoder of a source's answer (iTunes, Deezer, ...).
extension KeyedDecodingContainer {
    /// The value as text; numbers are turned into text, other types give `nil`.
    public func lenientString(_ key: Key) -> String? {
        // The common case first: one lookup, no thrown error.
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        guard contains(key) else { return nil }
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return SourceNumber.text(number) }
        return nil
    }

    /// The value as a whole number; accepts `"123"` and integral doubles.
    public func lenientInt(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return SourceNumber.integer(number) }
        guard contains(key) else { return nil }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return SourceNumber.integer(number) }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return SourceNumber.integer(Substring(text)) }
        return nil
    }

    /// The value as a number; accepts `"1.29"`.
    public func lenientDouble(_ key: Key) -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return SourceNumber.amount(number) }
        guard contains(key) else { return nil }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return SourceNumber.amount(Substring(text)) }
        return nil
    }
}
