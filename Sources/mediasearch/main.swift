import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchKit
import MediaSearchPostgres
import MediaSearchServe

// The binary MediaSearch ships: the command line with the built-in providers, the web face
// (`serve`) and the shared store in PostgreSQL (`store:`). A binary of the command line and its
// own providers alone composes neither, and builds without Hummingbird or PostgresNIO.
await MediaSearchCLI.main(
    providers: .builtIn, sourceTypes: .builtIn, stores: SharedStores.openPostgres,
    commands: [ServeCommand.self, MCPCommand.self])
