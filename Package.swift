// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "storefront",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .library(name: "StoreModel", targets: ["StoreModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The only C in the project: ncursesw through a module map and a shim header.
        .systemLibrary(
            name: "CNCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // The App Store as a pure model. No terminal, no I/O besides decoding a catalog.
        .target(name: "StoreModel"),
        .executableTarget(
            name: "storefront",
            dependencies: [
                "StoreModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StoreModelTests", dependencies: ["StoreModel"]),
        // Runs the built binary; depending on it makes `swift test` build it first.
        .testTarget(name: "storefrontTests", dependencies: ["storefront"]),
    ]
)
