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
}
