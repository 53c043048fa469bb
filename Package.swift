// swift-tools-version:6.0
import PackageDescription

// The release build people run adds two start-up flags on the command line (scripts/build-release), not
// here: SwiftPM calls such flags unsafe, and a package carrying them cannot be depended on by version.

let package = Package(
    name: "storefront",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .executable(name: "storefront-bench", targets: ["Benchmarks"]),
        .executable(name: "list-comparator", targets: ["ListComparator"]),
        .executable(name: "swift-list-floor", targets: ["SwiftListFloor"]),
        .executable(name: "storefront-fuzz", targets: ["StorefrontFuzz"]),
        .library(name: "StoreModel", targets: ["StoreModel"]),
        .library(name: "CatalogFormats", targets: ["CatalogFormats"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // Deterministic ECDSA (RFC 6979) for signed data: arithmetic modulo P-256's group order.
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.0"),
    ],
    targets: [
        // The project's C: ncursesw through a module map and a shim header (terminal descriptions, no
        // state), and CTerminalState, the one translation unit that owns the signal handlers, saved tty
        // modes and emergency restore (one copy in every build: see its header).
        .systemLibrary(
            name: "CNCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "CTerminalState"),
        // HTTPS for `--notify https://…` through the platform's libcurl and its TLS, loaded with dlopen when
        // an https URL is given: one BoringSSL in the build (swift-crypto's), nothing loaded at a plain launch.
        .target(name: "CHTTPS"),
        // Text from outside (catalogs, scripts, ledgers, SSH clients, the environment) made safe to show:
        // `UntrustedText` and `EnvironmentCharset`. No App Store, no I/O; every other module may use it.
        .target(name: "TextSafety"),
        // The App Store as a pure model: the catalog as data, territories and prices, the clock,
        // entitlements, offers, refunds, renewals, and the rules a whole catalog must keep. No file formats.
        // HashTreeCollections: the ledger's indexes are TreeDictionary, whose copies share their nodes
        // (see ChunkedArray for why a copy must be cheap to change).
        .target(name: "StoreModel", dependencies: ["TextSafety", .product(name: "HashTreeCollections", package: "swift-collections"),
                                                  .product(name: "Crypto", package: "swift-crypto")]),
        // Reading and writing catalogs: the one JSON grammar (`JSON/`: the tape, `JSONValue`), the JSON
        // catalog reader with its paths for lint, and Xcode's `.storekit` files (`StoreKit/`). Builds a
        // StoreModel `Catalog` and runs StoreModel's whole-catalog rules on it, whatever the format.
        .target(name: "CatalogFormats", dependencies: ["StoreModel", "TextSafety"]),
        // The app in the Elm style: state, messages, update, and views that render to a grid of cells.
        // Screens, keymap, strings, themes. No ncurses. Theme files are JSON, read with CatalogFormats'
        // grammar (one JSON grammar in the project).
        .target(name: "StoreUI", dependencies: ["StoreModel", "CatalogFormats", "TextSafety"]),
        // The durable ledger: an AppStore's transactions, renewals and scenario in SQLite (GRDB).
        .target(name: "Ledger", dependencies: ["StoreModel", "CatalogFormats", "TextSafety", .product(name: "GRDB", package: "GRDB.swift")]),
        // The ncurses edge: draws a grid, reads keys, follows resizes and signals. Draws StoreUI's grids;
        // knows nothing of the App Store model.
        .target(name: "Terminal", dependencies: ["CNCurses", "CTerminalState", "TextSafety", "StoreUI"]),
        // The review tools: the gallery of every screen (HTML, text, ANSI), the comparison of two
        // galleries, and asciicast recordings of the app's frames. Writes files; draws with StoreUI and
        // Terminal's ANSI rows, so nothing is drawn twice.
        .target(name: "Review", dependencies: ["StoreModel", "CatalogFormats", "StoreUI", "Terminal"]),
        // `storefront serve`: the store over SSH (SwiftNIO SSH). Each session runs the ordinary storefront
        // program in its own pseudo-terminal, so nothing else in the project knows about NIO.
        .target(
            name: "Serve",
            dependencies: [
                "TextSafety",
                // DurationText: the one grammar of durations.
                "StoreModel",
                // Only for DeviceLocks.isOpen: whether a storefront has a guest's ledger open.
                "Ledger",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Signed App Store data: a local certificate chain shaped as Apple's (swift-certificates), and
        // JWS (ES256, x5c) of transactions, renewal infos and the app transaction, field for field as the
        // App Store Server API's decoded payloads, so Apple's app-store-server-library verifies them.
        .target(
            name: "AppStoreSigning",
            dependencies: [
                "StoreModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "BigInt", package: "BigInt"),
            ]
        ),
        .executableTarget(
            name: "storefront",
            dependencies: [
                "AppStoreSigning",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // `--notify https://…`: the platform's libcurl, loaded when an https URL is given.
                "CHTTPS",
                // `--notify-ca`: its certificates are read at launch.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                "StoreModel",
                "CatalogFormats",
                "TextSafety",
                "StoreUI",
                "Terminal",
                "Ledger",
                "Serve",
                "Review",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `swift run -c release storefront-bench`: catalogs and ledgers at scale, measured in process and
        // through a real pseudo-terminal; prints one table of medians (README, "Performance").
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["StoreModel", "CatalogFormats", "StoreUI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The bare C baseline the benchmark runs beside storefront: a plain ncursesw list (header, rows,
        // footer; j/k move the selection).
        .executableTarget(name: "ListComparator", dependencies: ["CNCurses"]),
        // The Swift floor the first frame is measured against (issue 33): the sample's list in Swift with
        // Foundation's currency format, drawn with ncursesw, built the same way as storefront.
        .executableTarget(name: "SwiftListFloor", dependencies: ["CNCurses"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Every parser of untrusted bytes with the promises it keeps for any input (README, "Fuzzing"):
        // libFuzzer runs them through storefront-fuzz (.ci/fuzz); FuzzTargetsTests replays the seeds and
        // every kept finding.
        .target(name: "FuzzTargets", dependencies: ["StoreModel", "CatalogFormats", "TextSafety", "StoreUI", "Terminal", "JSONReference"]),
        .executableTarget(name: "StorefrontFuzz", dependencies: ["FuzzTargets"]),
        // The reference JSON reader (the recursive-descent parser the tape's verdicts and messages are
        // compared with): the readers' tests and the fuzz targets use it; the app does not. Not in
        // TestSupport, which links Testing, since the fuzzer executable links it.
        .target(name: "JSONReference", dependencies: ["CatalogFormats", "TextSafety"], path: "Tests/JSONReference"),
        // What several test targets share (a seeded random generator, scratch folders, the small fixture
        // catalog that both the rules' and the readers' tests use).
        .target(name: "TestSupport", dependencies: ["StoreModel", "CatalogFormats", "CAllocations"], path: "Tests/TestSupport"),
        // glibc's count of bytes in use, for the tests that check a change copies only what it touches.
        .target(name: "CAllocations", path: "Tests/CAllocations"),
        // The rules of the App Store model; catalogs for them are written as JSON and read by CatalogFormats.
        .testTarget(name: "StoreModelTests", dependencies: ["StoreModel", "CatalogFormats", "TestSupport"]),
        // The readers and writers of catalogs: the JSON grammar, paths in messages, `.storekit` round trips.
        .testTarget(name: "CatalogFormatsTests", dependencies: ["CatalogFormats", "StoreModel", "TestSupport", "JSONReference"]),
        .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety"]),
        .testTarget(name: "AppStoreSigningTests", dependencies: ["AppStoreSigning", "StoreModel", "CatalogFormats", "TestSupport", .product(name: "Crypto", package: "swift-crypto"), .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1")]),
        .testTarget(name: "StoreUITests", dependencies: ["StoreUI", "StoreModel", "CatalogFormats", "TextSafety", "TestSupport"]),
        .testTarget(name: "ReviewTests", dependencies: ["Review", "StoreUI", "StoreModel", "CatalogFormats", "TestSupport"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "StoreModel", "CatalogFormats", "TestSupport"]),
        // serve's rules without a network; the server itself is tested end to end in storefrontTests.
        .testTarget(name: "ServeTests", dependencies: ["Serve", .product(name: "NIOEmbedded", package: "swift-nio")]),
        // The terminal edge without a terminal: frame diffs against a virtual xterm, key decoding, looks.
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "StoreModel", "CatalogFormats"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "StoreUI", "StoreModel", "CatalogFormats", "TestSupport"]),
        // Runs the built binary; depending on it makes `swift test` build it first.
        // A small SSH client (SwiftNIO SSH) drives serve where OpenSSH's client cannot (any window size, a
        // transport kept open after its session, a fresh key per connection).
        .testTarget(
            name: "storefrontTests",
            dependencies: [
                "storefront", "Ledger", "StoreModel", "StoreUI", "CatalogFormats", "TextSafety", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                // A self-signed certificate for the https receiver of `--notify`'s tests.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
    ]
)
