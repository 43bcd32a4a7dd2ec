import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit

/// What `/api/search` answers with (`format=`): the JSON document, JSON lines (a search's as
/// its sources answer: ``WebRoutes/searchLines(query:request:)``), or the page as a CSV table, an
/// M3U playlist or the podcasts' feeds as OPML to download, the same ``ResultsTable``,
/// ``Playlist`` and ``Subscriptions`` as the command line's `--format csv|m3u|opml`.
package enum ExportFormat: String, CaseIterable, Sendable {
    case json, jsonl, csv, m3u, opml

    /// JSON lines' media type.
    static let jsonLinesType = "application/x-ndjson; charset=utf-8"

    /// The format a query names; none (or empty) is JSON.
    init(_ value: String?) throws(BadRequest) {
        guard let value, !value.isEmpty else {
            self = .json
            return
        }
        guard let format = Self(rawValue: value.lowercased()) else {
            throw BadRequest(
                key: "request.format",
                values: ["list": Self.allCases.map(\.rawValue).joined(separator: ", "), "value": value])
        }
        self = format
    }

    /// The page as a file to download, named after what was searched.
    func download(_ page: SearchPage, term: String) -> Response {
        download(page.repeatsPrevious ? [] : page.results, named: term, page: page.request.page)
    }

    /// Results as a file to download (a table or a playlist; JSON is the API's own answer), named
    /// after `name` and the page, if any.
    func download(_ results: [ResultEntry], named name: String, page: Int?) -> Response {
        let (text, type) =
            switch self {
            case .json, .csv: (ResultsTable(results).text, "text/csv; charset=utf-8; header=present")
            case .jsonl:
                (results.map { ResultRecord($0).json.text(pretty: false) + "\n" }.joined(), Self.jsonLinesType)
            case .m3u: (Playlist(results).m3u, "audio/x-mpegurl; charset=utf-8")
            case .opml: (Subscriptions(results, title: "MediaSearch: " + name).opml, "text/x-opml; charset=utf-8")
            }
        var response = WebResponse.body(text, type: type, status: .ok)
        // JSON lines are for programs to read, not a file to keep.
        if self == .jsonl { return response }
        let file = Self.fileName(name) + (page.map { "-page\($0)" } ?? "")
        response.headers[.contentDisposition] =
            "attachment; filename=\"\(file).\(self == .json ? "csv" : rawValue)\""
        return response
    }

    /// A file name from a search term: its ASCII letters and digits (accents dropped), lower-cased,
    /// words joined by `-`, at most 60 characters; `mediasearch` prefixed, and alone when nothing
    /// is left (a term in another script).
    package static func fileName(_ term: String) -> String {
        var words: [String] = []
        var word = ""
        for scalar in term.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).unicodeScalars {
            if scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        let slug = String(words.joined(separator: "-").prefix(60))
        return slug.isEmpty ? "mediasearch" : "mediasearch-\(slug)"
    }
}
