import Foundation
import MediaSearchKit

/// Builds request URLs exactly as the API documents them.
public enum ITunesURL {
    /// `base` + `/search` or `/lookup` + the encoded query.
    public static func make(base: URL, path: String, query: [(String, String)]) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path + "?" + query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        // Every byte outside the unreserved set is percent-encoded above, so the URL always parses.
        return URL(string: text)!
    }

    /// Encodes a value the way the API expects: spaces become `+`, letters, digits and `.-_*` stay,
    /// every other UTF-8 byte is percent-encoded (S2).
    public static func encode(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += "%"
                out += String(byte >> 4, radix: 16, uppercase: true)
                out += String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
