import MediaSearchCLI
import MediaSearchCore
import MediaSearchKit

await MediaSearchCLI.main(providers: .builtIn)
