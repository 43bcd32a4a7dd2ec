import Foundation

/// The demo's answers follow the words searched (#60 item 8): a recording's results are kept only
/// where every word of the term is in one of the result's values, so `daft punk` finds Daft Punk
/// and no Star Wars movie, and a search whose words no recorded result has finds nothing, as a
/// real source would. Only searches (a term and no id), and only in the demo: the tests' fixture
/// server answers its recordings whatever the words.
enum FollowingTerms {
    /// The query keys that carry a search's words, by source: iTunes' `term`, Deezer's, TVmaze's
    /// and Open Library's `q`, Radio Browser's `name`, LibriVox's `title`, MusicBrainz's `query`.
    static let termKeys = ["term", "q", "name", "title", "query"]
    /// Where an answer lists its results, when it is not a list itself.
    static let listKeys = ["results", "data", "docs", "books", "recordings", "releases"]
    /// The counts an answer gives beside its list, set to what is kept.
    static let countKeys = ["resultCount", "total", "numFound", "num_found", "count"]

    /// The answer with the results that have every word of the query's term; `answer` as it is
    /// when the query searches no words, or the body is no JSON list of results.
    static func apply(_ answer: Answer, query: [String: String]) -> Answer {
        guard answer.status == 200, query["id"] == nil,
            let term = termKeys.lazy.compactMap({ query[$0] }).first
        else { return answer }
        let words = Self.words(term)
        guard !words.isEmpty, let document = try? JSONSerialization.jsonObject(with: answer.body) else {
            return answer
        }
        let kept: Any
        if let list = document as? [Any] {
            kept = list.filter { has(words, in: $0) }
        } else if var object = document as? [String: Any],
            let key = listKeys.first(where: { object[$0] is [Any] }), let list = object[key] as? [Any]
        {
            let found = list.filter { has(words, in: $0) }
            object[key] = found
            for count in countKeys where object[count] is NSNumber { object[count] = found.count }
            kept = object
        } else {
            return answer
        }
        guard let body = try? JSONSerialization.data(withJSONObject: kept) else { return answer }
        var filtered = answer
        filtered.body = body
        return filtered
    }

    /// A term's words, folded: letters and digits only, and of `scheme:value` the value (an
    /// `isbn:9780…` lookup asks for the number).
    static func words(_ term: String) -> [String] {
        term.split(separator: " ").flatMap { token -> [String] in
            let value = token.split(separator: ":").last.map(String.init) ?? ""
            return fold(value).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
    }

    /// Whether every word is in one of the result's texts or numbers.
    static func has(_ words: [String], in result: Any) -> Bool {
        var texts: [String] = []
        collect(result, into: &texts)
        let all = fold(texts.joined(separator: " "))
        return words.allSatisfy { all.contains($0) }
    }

    static func collect(_ value: Any, into texts: inout [String]) {
        switch value {
        case let text as String: texts.append(text)
        case let number as NSNumber: texts.append(number.stringValue)
        case let list as [Any]: for element in list { collect(element, into: &texts) }
        case let object as [String: Any]: for element in object.values { collect(element, into: &texts) }
        default: break
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
