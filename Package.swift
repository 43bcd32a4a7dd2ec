// swift-tools-version: 6.1
import PackageDescription

/// Where the linker's layout files are (an absolute path: the linker does not run in this folder).
/// SwiftPM does not count them as inputs of the link: after a new list, remove the release binary
/// (or run `Scripts/link-order`, which links again) for a build to use it.
let scripts = Context.packageDirectory + "/Scripts"

/// Test code is compiled without optimization in every configuration: what it tests is the code it
/// imports, optimized in a release build (the README's test command), and optimizing the tests
/// themselves would add minutes to a 2-core release build (docs/testing.md, "One compile").
let testCode: [SwiftSetting] = [.unsafeFlags(["-Onone"])]

let package = Package(
    name: "MediaSearch",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mediasearch", targets: ["mediasearch"]),
        .executable(name: "mediasearch-fixtures", targets: ["mediasearch-fixtures"]),
        .library(name: "MediaSearchKit", targets: ["MediaSearchKit"]),
        .library(name: "MediaSearchITunes", targets: ["MediaSearchITunes"]),
        .library(name: "MediaSearchCore", targets: ["MediaSearchCore"]),
        .library(name: "MediaSearchCLI", targets: ["MediaSearchCLI"]),
        .library(name: "MediaSearchBuiltIns", targets: ["MediaSearchBuiltIns"]),
        .library(name: "MediaSearchServe", targets: ["MediaSearchServe"]),
        .library(name: "MediaSearchPostgres", targets: ["MediaSearchPostgres"]),
        .library(name: "MediaSearchWeb", targets: ["MediaSearchWeb"]),
        .library(
            name: "MediaSearchProviders",
            targets: [
                "SongProvider", "MovieProvider", "AudiobookProvider", "PodcastProvider", "MusicVideoProvider",
                "AlbumProvider", "DeezerProvider",
            ]
        ),
    ],
    // The shared store in PostgreSQL (`store:`, docs/deploy.md) is built only with this trait:
    // PostgresNIO brings a second copy of BoringSSL (through swift-crypto), 62 s of a clean debug
    // build and 82 s of a release one on two cores that a machine of one user never needs
    // (docs/development.md, "The first build"). `--traits PostgreSQL` on `swift build`, `run` or
    // `test` builds it in (docs/deploy.md gives the install's whole command).
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "The shared store: the cache, budgets, library and lists in PostgreSQL (store:).")
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Without the default trait ConfigurationSupport (swift-configuration, which nothing here
        // uses): one trait left, so its define cannot change places between two SwiftPM runs (with
        // two, their order varies from run to run and recompiles Hummingbird: a minute of every
        // `swift test` after `swift build`, docs/testing.md, "One compile").
        .package(
            url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The web's markup, as templates (docs/design.md, "The web's markup in templates").
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's malloc set up before `main`, for the `mediasearch` executable only.
        .target(name: "CMallocTuning", path: "Sources/CMallocTuning"),
        // Artwork decoded and scaled for the terminal (Debian's libstb-dev, compiled in when its
        // headers are there: docs/design.md, "Artwork in the terminal").
        .target(name: "CArtwork", path: "Sources/CArtwork"),
        // The provider contract: Foundation only, so a provider costs nothing to build.
        .target(name: "MediaSearchKit"),
        // The iTunes Search API: client, record and the provider protocol the built-in kinds share.
        .target(name: "MediaSearchITunes", dependencies: ["MediaSearchKit"]),
        // The engine: sessions, planning, transports, cache, budget, library, config.
        .target(
            name: "MediaSearchCore",
            dependencies: [
                "MediaSearchKit", "Yams", "CSQLite", "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(name: "SongProvider", dependencies: ["MediaSearchKit", "MediaSearchITunes"], path: "Providers/Song"),
        .target(name: "MovieProvider", dependencies: ["MediaSearchKit", "MediaSearchITunes"], path: "Providers/Movie"),
        .target(
            name: "AudiobookProvider", dependencies: ["MediaSearchKit", "MediaSearchITunes"],
            path: "Providers/Audiobook"),
        .target(
            name: "PodcastProvider", dependencies: ["MediaSearchKit", "MediaSearchITunes"], path: "Providers/Podcast"),
        .target(
            name: "MusicVideoProvider", dependencies: ["MediaSearchKit", "MediaSearchITunes"],
            path: "Providers/MusicVideo"),
        .target(name: "AlbumProvider", dependencies: ["MediaSearchKit", "MediaSearchITunes"], path: "Providers/Album"),
        // Deezer's songs and albums: a source that is not iTunes, over the contract alone.
        .target(name: "DeezerProvider", dependencies: ["MediaSearchKit"], path: "Providers/Deezer"),
        // Sources described in config.yaml (`type: json`), with no code.
        // The sources MediaSearch ships described are YAML, read as a user's config.yaml is.
        .target(
            name: "DeclarativeProviders", dependencies: ["MediaSearchKit"], path: "Providers/Declarative",
            resources: [
                .embedInCode("Shipped/radio-browser.yaml"), .embedInCode("Shipped/tvmaze.yaml"),
                .embedInCode("Shipped/librivox.yaml"), .embedInCode("Shipped/musicbrainz.yaml"),
                .embedInCode("Shipped/open-library.yaml"),
            ]
        ),
        // Programs in any language as providers (`mediasearch-provider-<name>`), over JSON.
        .target(
            name: "ExternalProviders", dependencies: ["MediaSearchKit", "MediaSearchSpawn"], path: "Providers/External"),
        // The one way a program is started (posix_spawn): provider programs, the pager and the
        // player, the tests' programs. The C library alone.
        .target(name: "MediaSearchSpawn"),
        // The shared store (#26): the response cache, request budgets and library in PostgreSQL.
        // Without the trait PostgreSQL its module is empty and PostgresNIO is not compiled.
        .target(
            name: "MediaSearchPostgres",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "MediaSearchWeb",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The OpenAPI document, the web's catalogs and its templates, compiled in from the files
            // themselves.
            plugins: ["EmbedFiles"]
        ),
        .plugin(name: "EmbedFiles", capability: .buildTool()),
        .target(
            name: "MediaSearchCLI",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit", "MediaSearchSpawn", "CArtwork",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What ships with MediaSearch: its providers and source types, handed to the CLI as values.
        .target(
            name: "MediaSearchBuiltIns",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit", "ExternalProviders", "DeclarativeProviders", "SongProvider",
                "MovieProvider", "AudiobookProvider", "PodcastProvider", "MusicVideoProvider", "AlbumProvider",
                "DeezerProvider",
            ]
        ),
        // `serve`: the web face as a command of the CLI.
        .target(
            name: "MediaSearchServe",
            dependencies: [
                "MediaSearchCLI", "MediaSearchCore", "MediaSearchKit", "MediaSearchWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The binary MediaSearch ships: the CLI and `serve` composed, and with the trait PostgreSQL
        // the shared store.
        .executableTarget(
            name: "mediasearch",
            dependencies: [
                "MediaSearchCLI", "MediaSearchBuiltIns", "MediaSearchServe", "MediaSearchCore", "MediaSearchKit",
                "CMallocTuning", .target(name: "MediaSearchPostgres", condition: .when(traits: ["PostgreSQL"])),
            ],
            // Linux: link with the toolchain's lld, export no symbols (the toolchain's default for a
            // `--static-swift-stdlib` build exports every symbol of the package's own code), and pack
            // the relative relocations (DT_RELR, glibc 2.36+). Start-up then reads 18 MiB less of the
            // executable: `--help` 9.4 -> 6.6 ms, peak RSS -6 MiB. See BENCHMARKS.md, "Third round".
            // A release build also lays out first, side by side, the functions commands run
            // (Scripts/mediasearch.order, made by Scripts/link-order) and the compiler's unnamed
            // thunks (Scripts/mediasearch.ld), so a command touches few pages of code: with the
            // README's `-function-sections`, a four-kind search of 200 a kind peaks about 9 MiB lower
            // and `--help` 5 MiB. A name the code no longer has is skipped. See BENCHMARKS.md,
            // "Memory (#43)".
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker",
                        "pack-relative-relocs",
                    ],
                    .when(platforms: [.linux])),
                // The Swift runtime and Foundation linked in, as `--static-swift-stdlib` would, but at
                // the link alone: the objects stay those compiled against the shared runtime's modules,
                // which `swift test -c release` builds too, so the tests and this binary share one
                // compile of the graph (docs/testing.md, "One compile"). Those modules name Foundation's
                // own libraries only; static Foundation also needs the four it is built on. A toolchain
                // that adds one fails here, at the link, by name.
                .unsafeFlags(
                    [
                        "-static-stdlib", "-l_FoundationICU", "-lCoreFoundation", "-l_FoundationCShims",
                        "-l_FoundationCollections",
                    ],
                    .when(platforms: [.linux], configuration: .release)),
                .unsafeFlags(
                    [
                        "-Xlinker", "--symbol-ordering-file=\(scripts)/mediasearch.order", "-Xlinker",
                        "--no-warn-symbol-ordering", "-Xlinker", "--script=\(scripts)/mediasearch.ld",
                    ],
                    .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // Test support: the recorded answers and their loopback server, for this package's tests,
        // benchmarks and the demo's `mediasearch-fixtures`. No library product ships it.
        .target(
            name: "MediaSearchFixtures",
            dependencies: [
                "MediaSearchSpawn",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .executableTarget(name: "mediasearch-fixtures", dependencies: ["MediaSearchFixtures", "MediaSearchSpawn"]),
        .executableTarget(
            name: "mediasearch-bench",
            dependencies: [
                "MediaSearchCLI", "MediaSearchCore", "MediaSearchKit", "MediaSearchITunes", "MediaSearchFixtures",
                "SongProvider",
                "MovieProvider", "AudiobookProvider", "PodcastProvider",
            ],
            path: "Benchmarks/mediasearch-bench"
        ),
        .executableTarget(
            name: "mediasearch-library-bench",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit", "MediaSearchITunes", "MediaSearchFixtures", "SongProvider",
                "MovieProvider", "AudiobookProvider", "PodcastProvider",
                .target(name: "MediaSearchPostgres", condition: .when(traits: ["PostgreSQL"])),
            ],
            path: "Benchmarks/mediasearch-library-bench"
        ),
        // The trait every test suite carries (at most so many test cases at once): tests only.
        .target(name: "TestSlots", path: "Tests/TestSlots", swiftSettings: testCode),
        .testTarget(
            name: "MediaSearchCoreTests",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit", "MediaSearchITunes", "MediaSearchFixtures", "TestSlots",
            ],
            swiftSettings: testCode
        ),
        .testTarget(
            name: "ProvidersTests",
            dependencies: [
                "MediaSearchCore", "MediaSearchKit", "MediaSearchITunes", "MediaSearchFixtures", "SongProvider",
                "MovieProvider", "AudiobookProvider", "PodcastProvider", "MusicVideoProvider", "AlbumProvider",
                "DeclarativeProviders", "MediaSearchBuiltIns", "TestSlots",
            ],
            swiftSettings: testCode
        ),
        // Built with the trait PostgreSQL only (empty without it): CI runs them so (docs/testing.md).
        .testTarget(
            name: "SharedStoreTests",
            dependencies: [
                .target(name: "MediaSearchPostgres", condition: .when(traits: ["PostgreSQL"])), "MediaSearchCore",
                "MediaSearchKit", "MediaSearchITunes", "MediaSearchFixtures",
                "TestSlots",
            ],
            swiftSettings: testCode
        ),
        // The web server's routes in process (HummingbirdTesting's router framework), and its channel
        // handlers on NIO's embedded channels.
        .testTarget(
            name: "WebRouteTests",
            dependencies: [
                "MediaSearchWeb", "MediaSearchServe", "MediaSearchCLI", "MediaSearchBuiltIns", "MediaSearchCore",
                "MediaSearchFixtures", "TestSlots",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: testCode
        ),
        // The faces in process: the CLI's text and layout, the web's labels, the command tree, and
        // providers added through the CLI's entry point; no binary and no server of ours.
        .testTarget(
            name: "FacesTests",
            dependencies: [
                "MediaSearchCLI", "MediaSearchBuiltIns", "MediaSearchCore", "MediaSearchKit", "MediaSearchITunes",
                "MediaSearchWeb", "MediaSearchFixtures", "TestSlots",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: testCode
        ),
        // It drives the `mediasearch` binary, which every `swift test` builds, but does not depend on
        // its target: the test binary would take that target's link flags (the static runtime,
        // which Swift Testing cannot be linked with).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "MediaSearchBuiltIns", "MediaSearchFixtures", "MediaSearchCLI", "MediaSearchServe",
                "MediaSearchCore", "MediaSearchKit", "MediaSearchITunes", "ExternalProviders",
                "MediaSearchWeb", "TestSlots",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: testCode
        ),
    ],
    swiftLanguageModes: [.v6]
)
