import Foundation
import HTTPTypes
import Hummingbird
import MediaSearchCore
import MediaSearchKit

/// What `/api/search` and `/api/lists/<name>` answer with (`format=`): the JSON document, JSON
/// lines (a search's as its sources answer: ``WebRoutes/searchLines(query:request:)``), or the
/// results as a file to download in a format of the one table (``ResultFormat/files``: a CSV
/// table, an M3U playlist, the podcasts' feeds as OPML), the same bytes as the command line's
/// `--format`.
extension ResultFormat {
    /// The formats `format=` takes: the JSON document, and the files.
    static let web = [json] + files

    /// The format a query names; none (or empty) is JSON.
    static func requested(_ value: String?) throws(BadRequest) -> ResultFormat {
        guard let value, !value.isEmpty else { return .json }
        guard let format = ResultFormat(named: value), web.contains(format) else {
            throw BadRequest(
                key: "request.format", values: ["list": web.map(\.name).joined(separator: ", "), "value": value])
        }
        return format
    }

    /// The page as a file to download, named after what was searched.
    func download(_ page: SearchPage, term: String) -> Response {
        download(page.repeatsPrevious ? [] : page.results, named: term, page: page.request.page)
    }

    /// Results as a file to download, named after `name` and the page, if any; JSON lines are
    /// for programs to read, not a file to keep. A format with no file of its own (the JSON
    /// document, which its route writes) is a table.
    func download(_ results: [ResultEntry], named name: String, page: Int?) -> Response {
        let format = write == nil ? ResultFormat.csv : self
        var response = WebResponse.body(
            format.write?(results, name) ?? "", type: format.mediaType, status: .ok)
        if format == .jsonl { return response }
        let file = Self.fileName(name) + (page.map { "-page\($0)" } ?? "")
        response.headers[.contentDisposition] = "attachment; filename=\"\(file).\(format.fileExtension)\""
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
