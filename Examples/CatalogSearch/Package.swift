// swift-tools-version: 6.0
import Foundation
import PackageDescription

// MediaSearch is this repository's root package. A path dependency is named after its folder,
// which differs between checkouts, so the name is worked out here.
let mediaSearch = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "CatalogSearch",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "CatalogProvider", dependencies: [.product(name: "MediaSearchKit", package: mediaSearch)]),
        .executableTarget(
            name: "catalogsearch",
            dependencies: [
                "CatalogProvider", .product(name: "MediaSearchCLI", package: mediaSearch),
                .product(name: "MediaSearchBuiltIns", package: mediaSearch),
            ]
        ),
        .testTarget(
            name: "CatalogProviderTests",
            dependencies: [
                "CatalogProvider", .product(name: "MediaSearchCLI", package: mediaSearch),
                .product(name: "MediaSearchBuiltIns", package: mediaSearch),
                .product(name: "MediaSearchCore", package: mediaSearch),
            ],
            resources: [.copy("catalog.json")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
