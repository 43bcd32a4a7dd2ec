// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MediaSearch",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mediasearch", targets: ["mediasearch"]),
        .executable(name: "mediasearch-fixtures", targets: ["mediasearch-fixtures"]),
        .library(name: "MediaSearchCore", targets: ["MediaSearchCore"]),
        .library(name: "MediaSearchCLI", targets: ["MediaSearchCLI"]),
        .library(
            name: "MediaSearchProviders",
            targets: [
                "SongProvider", "MovieProvider", "AudiobookProvider", "PodcastProvider", "MusicVideoProvider",
                "AlbumProvider",
            ]
        ),
        .library(name: "MediaSearchFixtures", targets: ["MediaSearchFixtures"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "MediaSearchCore",
            dependencies: ["Yams", "CSQLite", "CZlib", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .target(name: "SongProvider", dependencies: ["MediaSearchCore"], path: "Providers/Song"),
        .target(name: "MovieProvider", dependencies: ["MediaSearchCore"], path: "Providers/Movie"),
        .target(name: "AudiobookProvider", dependencies: ["MediaSearchCore"], path: "Providers/Audiobook"),
        .target(name: "PodcastProvider", dependencies: ["MediaSearchCore"], path: "Providers/Podcast"),
        .target(name: "MusicVideoProvider", dependencies: ["MediaSearchCore"], path: "Providers/MusicVideo"),
        .target(name: "AlbumProvider", dependencies: ["MediaSearchCore"], path: "Providers/Album"),
        .target(
            name: "MediaSearchCLI",
            dependencies: [
                "MediaSearchCore", "SongProvider", "MovieProvider", "AudiobookProvider", "PodcastProvider",
                "MusicVideoProvider", "AlbumProvider",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "mediasearch", dependencies: ["MediaSearchCLI"]),
        .target(
            name: "MediaSearchFixtures",
            dependencies: [.product(name: "FlyingFox", package: "FlyingFox")],
            resources: [.copy("Fixtures")]
        ),
        .executableTarget(name: "mediasearch-fixtures", dependencies: ["MediaSearchFixtures"]),
        .executableTarget(
            name: "mediasearch-bench",
            dependencies: [
                "MediaSearchCore", "MediaSearchFixtures", "SongProvider", "MovieProvider", "AudiobookProvider",
                "PodcastProvider",
            ],
            path: "Benchmarks/mediasearch-bench"
        ),
        .executableTarget(
            name: "mediasearch-library-bench",
            dependencies: [
                "MediaSearchCore", "MediaSearchFixtures", "SongProvider", "MovieProvider", "AudiobookProvider",
                "PodcastProvider",
            ],
            path: "Benchmarks/mediasearch-library-bench"
        ),
        .testTarget(name: "MediaSearchCoreTests", dependencies: ["MediaSearchCore", "MediaSearchFixtures"]),
        .testTarget(
            name: "ProvidersTests",
            dependencies: [
                "MediaSearchCore", "MediaSearchFixtures", "SongProvider", "MovieProvider", "AudiobookProvider",
                "PodcastProvider", "MusicVideoProvider", "AlbumProvider",
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["MediaSearchFixtures", "mediasearch", "MediaSearchCLI", "MediaSearchCore"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
