import CatalogProvider
import Foundation
import MediaSearchCLI
import MediaSearchCore

// The whole of a custom mediasearch: the built-in kinds plus a record shelf from a JSON file.
let catalog = ProcessInfo.processInfo.environment["CATALOG_PATH"] ?? "catalog.json"
await MediaSearchCLI.main(providers: .builtIn + [CatalogProvider(path: catalog)])
