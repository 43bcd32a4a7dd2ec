import Foundation
import MediaSearchCore
import MediaSearchKit

/// A problem with a request's parameters: a 400 with one sentence, a key of the catalogs
/// (`request.*`) with its values, so a page says it in its language and the JSON API in English.
struct BadRequest: Error {
    var key: String
    var values: [String: String] = [:]

    /// The sentence in English, as the JSON API gives it.
    var message: String { Texts(code: "en")(key, values) }
}
