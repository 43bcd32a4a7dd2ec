import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// The JSON body of an API error.
struct WebError: Encodable {
    var error: String
    var status: Int
    /// A failed search's notices (the shared store down...), left out when there are none.
    var notices: [String]? = nil
}
