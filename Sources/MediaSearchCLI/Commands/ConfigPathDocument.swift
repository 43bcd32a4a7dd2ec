import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch config path --format json`.
struct ConfigPathDocument: Encodable {
    var path: String
    var via: String?
    var inEffect: Bool
}
