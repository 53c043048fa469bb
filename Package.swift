// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "storefront",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .executable(name: "storefront-bench", targets: ["Benchmarks"]),
        .executable(name: "list-comparator", targets: ["ListComparator"]),
        .executable(name: "storefront-fuzz", targets: ["StorefrontFuzz"]),
        .library(name: "StoreModel", targets: ["StoreModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
        // The App Store as a pure model. No terminal, no I/O besides decoding a catalog.
        .target(name: "StoreModel"),
        // The app in the Elm style: state, messages, update, and views that render to a grid of cells.
        // Screens, keymap, strings, themes. No ncurses.
        .target(name: "StoreUI", dependencies: ["StoreModel"]),
        // The durable ledger: an AppStore's transactions, renewals and scenario in SQLite (GRDB).
        .target(name: "Ledger", dependencies: ["StoreModel", .product(name: "GRDB", package: "GRDB.swift")]),
        // The ncurses edge: draws a grid, reads keys, follows resizes and signals.
        .target(name: "Terminal", dependencies: ["CNCurses", "CTerminalState", "StoreModel", "StoreUI"]),
        // `storefront serve`: the store over SSH (SwiftNIO SSH). Each session runs the ordinary storefront
        // program in its own pseudo-terminal, so nothing else in the project knows about NIO.
        .target(
            name: "Serve",
            dependencies: [
                "StoreModel",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "storefront",
            dependencies: [
                "StoreModel",
                "StoreUI",
                "Terminal",
                "Ledger",
                "Serve",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `swift run -c release storefront-bench`: catalogs and ledgers at scale, measured in process and
        // through a real pseudo-terminal; prints one table of medians (README, "Performance").
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["StoreModel", "StoreUI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The bare C baseline the benchmark runs beside storefront: a plain ncursesw list (header, rows,
        // footer; j/k move the selection).
        .executableTarget(name: "ListComparator", dependencies: ["CNCurses"]),
        // Every parser of untrusted bytes with the promises it keeps for any input (README, "Fuzzing"):
        // libFuzzer runs them through storefront-fuzz (.ci/fuzz); FuzzTargetsTests replays the seeds and
        // every kept finding.
        .target(name: "FuzzTargets", dependencies: ["StoreModel", "StoreUI", "Terminal"]),
        .executableTarget(name: "StorefrontFuzz", dependencies: ["FuzzTargets"]),
        // What several test targets share (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "StoreModelTests", dependencies: ["StoreModel", "TestSupport"]),
        .testTarget(name: "StoreUITests", dependencies: ["StoreUI", "StoreModel", "TestSupport"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "StoreModel", "TestSupport"]),
        // serve's rules without a network; the server itself is tested end to end in storefrontTests.
        .testTarget(name: "ServeTests", dependencies: ["Serve", .product(name: "NIOEmbedded", package: "swift-nio")]),
        // The terminal edge without a terminal: frame diffs against a virtual xterm, key decoding, looks.
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "StoreUI", "TestSupport"]),
        // Runs the built binary; depending on it makes `swift test` build it first.
        // A small SSH client (SwiftNIO SSH) drives serve where OpenSSH's client cannot (any window size, a
        // transport kept open after its session, a fresh key per connection).
        .testTarget(
            name: "storefrontTests",
            dependencies: [
                "storefront", "Ledger", "StoreModel", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
