import Foundation
import MediaSearchKit

/// A dotted path into a JSON document (`show.network.name`, `images.0.url`); `""` is the
/// document itself. Alternatives separated by `|` (`url_resolved | url`) are tried in order and
/// the first present, non-empty value wins. A last step `@last` takes the text after the last
/// `/` of a value (Open Library's `key`, `/works/OL45804W`, gives `OL45804W`).
struct JSONPath: Sendable, Hashable {
    /// The steps that work on the value found rather than naming a member.
    static let functions: Set<String> = ["@last"]

    /// The steps of each alternative.
    let alternatives: [[String]]

    init(_ text: String) {
        alternatives = text.split(separator: "|", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingSpaces()
            return trimmed.isEmpty
                ? [] : trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }

    private init(alternatives: [[String]]) { self.alternatives = alternatives }

    /// Whether every alternative is a well-formed dotted path (no empty step, none empty).
    var isWellFormed: Bool {
        alternatives.allSatisfy { steps in
            guard !steps.isEmpty, !steps.contains("") else { return false }
            // A function is the last step, after a member; any other name, `@id` included, is a member.
            return steps.enumerated().allSatisfy { index, step in
                !Self.functions.contains(step) || (index == steps.count - 1 && index > 0)
            }
        }
    }

    /// The first step of every alternative, e.g. `show` for `show.name`.
    var firstSteps: Set<String> { Set(alternatives.map { $0.first ?? "" }) }

    /// The path without its first step.
    var droppingFirst: JSONPath { JSONPath(alternatives: alternatives.map { Array($0.dropFirst()) }) }

    /// The value at the path, `nil` when a step is missing or the value is `null` or empty text.
    func value(in document: JSONValue) -> JSONValue? {
        for steps in alternatives {
            if let found = Self.value(at: steps, in: document), Self.text(of: found) != nil || !found.isScalar {
                return found
            }
        }
        return nil
    }

    private static func value(at steps: [String], in document: JSONValue) -> JSONValue? {
        var current = document
        for component in steps {
            if component == "@last" {
                // Of a list, each entry's last part.
                if case .array(let list) = current {
                    current = .array(list.compactMap { text(of: $0).map { .string(lastPart($0)) } })
                    continue
                }
                guard let text = text(of: current) else { return nil }
                current = .string(lastPart(text))
                continue
            }
            switch current {
            case .object(let object):
                guard let next = object[component] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(component), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current == .null ? nil : current
    }

    /// The text after the last `/` (`/works/OL45804W/` gives `OL45804W`).
    private static func lastPart(_ text: String) -> String {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        return trimmed.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The value as text: a string, a number or a boolean as written; a list of those joined with
    /// ", "; `nil` for anything else.
    func text(in document: JSONValue) -> String? {
        Self.text(of: value(in: document))
    }

    static func text(of value: JSONValue?) -> String? {
        switch value {
        case .string(let string):
            let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .number(let number):
            return SourceNumber.text(number)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .array(let list):
            let parts = list.compactMap { text(of: $0) }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        default:
            return nil
        }
    }

    /// The value as a number, from a number or a numeric string.
    func number(in document: JSONValue) -> Double? {
        switch value(in: document) {
        case .number(let number): number
        case .string(let string): Double(string.trimmingSpaces())
        default: nil
        }
    }
}

extension JSONValue {
    /// Whether the value is a string, number, boolean or null.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
