import CatalogProvider
import Foundation
import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore

// The whole of a custom mediasearch: the built-in kinds plus a record shelf from a JSON file
// (where it is: `providers.record.path` in config.yaml).
await MediaSearchCLI.main(providers: .builtIn + [CatalogProvider()], sourceTypes: .builtIn)
