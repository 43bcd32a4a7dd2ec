import Foundation
import MediaSearchCore
import MediaSearchKit

/// Builds query strings for links inside the site.
enum QueryString {
    /// `?a=1&b=x%20y`, in the given order, leaving out `nil` values.
    static func make(_ pairs: [(String, String?)]) -> String {
        let parts = pairs.compactMap { key, value in value.map { "\(encode(key))=\(encode($0))" } }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Parses `a=1&b=x+y` (as browsers send forms): `+` is a space, `%XX` decoded; a repeated
    /// key keeps its first value.
    static func parse(_ query: String?) -> [String: String] {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let key = decode(parts[0])
            if values[key] == nil { values[key] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return values
    }
}
