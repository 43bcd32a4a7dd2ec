import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch config show --format json`.
struct ConfigShowDocument: Encodable {
    var file: String?
    var via: String?
    var settings: [Configuration.Setting]
}
