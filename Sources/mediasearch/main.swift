import MediaSearchBuiltIns
import MediaSearchCLI
import MediaSearchCore
import MediaSearchKit
import MediaSearchServe

#if PostgreSQL
    import MediaSearchPostgres
#endif

// The binary MediaSearch ships: the command line with the built-in providers and the web face
// (`serve`, `mcp`); built with the trait PostgreSQL, the shared store in PostgreSQL (`store:`) too.
// Without it, a configuration that names a store is refused with what to build (exit 78).
#if PostgreSQL
    let stores: SharedStores.Opener? = SharedStores.openPostgres
#else
    let stores: SharedStores.Opener? = SharedStores.refusing { url in
        "this mediasearch was built without the shared store for \(url): build it with `--traits PostgreSQL` "
            + "(docs/deploy.md)"
    }
#endif

await MediaSearchCLI.main(
    providers: .builtIn, sourceTypes: .builtIn, stores: stores, commands: [ServeCommand.self, MCPCommand.self])
