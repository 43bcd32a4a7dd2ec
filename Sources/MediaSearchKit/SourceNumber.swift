/// Numbers from outside (a source's answer, a program's output, a stored record) made safe to
/// compute with. Swift traps on a conversion or an arithmetic operation that overflows, and a
/// trap ends every search of `serve`; so every number a source sends goes through one of these
/// checks before any item holds it. A value that does not fit is dropped, as a missing one is.
public enum SourceNumber {
    /// The largest whole number kept: 2^53, the largest every JSON reader holds exactly.
    public static let integerLimit = 9_007_199_254_740_992
    /// The largest price (or other amount) kept, in its currency.
    public static let amountLimit = 1e12
    /// The longest duration kept, in milliseconds (about 31 years).
    public static let durationLimit = 1_000_000_000_000

    /// A whole number: finite, integral, at most ``integerLimit`` either way.
    public static func integer(_ value: Double?) -> Int? {
        guard let value, value.isFinite, value == value.rounded(.towardZero),
            value.magnitude <= Double(integerLimit)
        else { return nil }
        return Int(value)
    }

    /// A whole number written as text (`"42"`, `" 42 "`, `"42.0"`).
    public static func integer(_ text: Substring) -> Int? {
        let trimmed = text.trimmingSpaces
        if let whole = Int(trimmed) { return whole.magnitude <= integerLimit ? whole : nil }
        return integer(Double(trimmed))
    }

    /// A whole number at most ``integerLimit`` either way.
    public static func integer(_ value: Int?) -> Int? {
        guard let value, value.magnitude <= integerLimit else { return nil }
        return value
    }

    /// A number with a fraction (a price, a rating): finite, at most ``amountLimit`` either way;
    /// `-0` is `0`.
    public static func amount(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value.magnitude <= amountLimit else { return nil }
        return value == 0 ? 0 : value
    }

    /// A number with a fraction written as text (`"1.29"`); `nan` and `inf` are no numbers.
    public static func amount(_ text: Substring) -> Double? {
        amount(Double(text.trimmingSpaces))
    }

    /// A duration in milliseconds from `value` units of `unit` milliseconds each (1000 for
    /// seconds): rounded, at least 0, at most ``durationLimit``.
    public static func milliseconds(_ value: Double?, per unit: Double = 1) -> Int? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        let total = (value * unit).rounded()
        guard total.isFinite, total <= Double(durationLimit) else { return nil }
        return Int(total)
    }

    /// A duration in milliseconds from a whole number of units of `unit` milliseconds each.
    public static func milliseconds(_ value: Int?, per unit: Int = 1) -> Int? {
        guard let value, value >= 0 else { return nil }
        let (total, overflow) = value.multipliedReportingOverflow(by: unit)
        guard !overflow, total <= durationLimit else { return nil }
        return total
    }

    /// A number as text for an id or a label: `42`, `1.5`; `nil` for `nan` and the infinities.
    public static func text(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if let whole = integer(value) { return String(whole) }
        return String(value)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
