import MediaSearchCLI
import MediaSearchCore

await MediaSearchCLI.main(providers: .builtIn)
