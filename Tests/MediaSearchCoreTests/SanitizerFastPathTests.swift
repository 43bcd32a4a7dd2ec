import Foundation
import MediaSearchKit
import TestSlots
import Testing

/// The sanitizer's and the link filter's byte-level fast paths against the scalar-by-scalar
/// rules they replace, on tricky texts and thousands of random ones.
@Suite("Sanitizer and link filter fast paths", .slots)
struct SanitizerFastPathTests {
    /// ``TextSanitizer/line(_:)`` as it was written before its fast path.
    static func referenceLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{1B}" {
                pendingSpace = !out.isEmpty
                continue
            }
            if TextSanitizer.isUnsafe(scalar) { continue }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// ``SafeURL/http(_:)`` as it was written before it read bytes.
    static func referenceHTTP(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard
            !text.unicodeScalars.contains(where: {
                $0 == " " || $0 == "\\" || TextSanitizer.isUnsafe($0) || $0.properties.isWhitespace
            })
        else {
            return nil
        }
        let rest = text.drop { $0 != ":" }.dropFirst(3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return text
    }

    static let tricky = [
        "", " ", "a", " a", "a ", "a  b", "a\tb", "a\nb", "Plain title", "Café", "x\u{1B}[31my", "x\u{202E}y",
        "x\u{200B}y", "a\u{00A0}b", "a\u{2003}b", "\u{85}a", "a\u{7F}b", "a\u{9B}b", "桜 の 木", "👍🏽 ok",
        "https://apple.com/a", "HTTPS://Apple.com/x?y#z", "http://", "https://", "https:///path", "http://a@b/",
        "https://apple.com@evil.example/", "https://a.b/c@d", "https://a\\b", "https://a b", "ftp://a",
        "javascript:alert(1)", "https://é.example/", "https://a.example/\u{202E}gpj.exe", "https://a?b@c",
        "https://x.example/\u{85}", "http:/a", "HtTp://mixed.example", "https://a#@b",
    ]

    @Test func theFastPathsAgreeWithTheRules() {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\t", "\n", "/", ":", "@", "?", "#", "\\", "h", "t", "p", "s", ".", "\u{1B}",
            "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}", "é", "\u{202E}", "\u{200B}", "\u{3000}", "桜", "🎸",
        ]
        // A new seed each run, said in every failure so the run can be repeated:
        // MEDIASEARCH_FUZZ_SEED=<seed> swift test --filter theFastPathsAgreeWithTheRules.
        let seed =
            ProcessInfo.processInfo.environment["MEDIASEARCH_FUZZ_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(state: seed)
        var texts = Self.tricky
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...12, using: &random)
            var text = Bool.random(using: &random) ? (Bool.random(using: &random) ? "https://" : "http://") : ""
            for _ in 0..<length { text.unicodeScalars.append(alphabet.randomElement(using: &random)!) }
            texts.append(text)
        }
        for text in texts {
            #expect(
                TextSanitizer.line(text) == Self.referenceLine(text), "seed \(seed), line: \(text.debugDescription)")
            #expect(SafeURL.http(text) == Self.referenceHTTP(text), "seed \(seed), http: \(text.debugDescription)")
        }
    }
}
