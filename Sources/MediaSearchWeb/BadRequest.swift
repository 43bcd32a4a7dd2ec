import Foundation
import MediaSearchCore
import MediaSearchKit

/// A problem with a request's parameters: a 400 with one sentence.
struct BadRequest: Error {
    var message: String
}
