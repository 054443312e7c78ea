// swift-tools-version:6.0
import PackageDescription

/// Layout: producers/files -> sync -> store -> core rules -> screen model -> terminal.
/// See README.md ("How the code is laid out").
let package = Package(
    name: "tinbox",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tinbox", targets: ["tinbox"]),
        .executable(name: "tinbox-net", targets: ["tinbox-net"]),
        // The core as a library in the shape of the seed SDKs (LIBRARY.md); `import TinboxKit`.
        .library(name: "TinboxKit", targets: ["TinboxKit"]),
    ],
    targets: [
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CWidth", path: "Sources/CWidth"),
        // Feeds are decoded as they stream, by yajl's event parser (FeedDecoder.swift).
        .systemLibrary(name: "CYajl", path: "Sources/CYajl"),
        // Right-to-left text in visual order, mirrored and shaped (TERMINAL.md 1; TerminalText+Bidi.swift).
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg"),
        // chafa's headers include GLib's; pkg-config supplies both include paths.
        .systemLibrary(name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa"),
        // The setjmp of libpng and libjpeg stays in C (see CArtwork.h); Swift sees plain C types.
        .target(name: "CArtwork", dependencies: ["CPNG", "CJPEG", "CChafa"]),
        .target(name: "Artwork", dependencies: ["CArtwork", "InboxCore"]),
        .target(name: "InboxCore", dependencies: ["CWidth", "CYajl", "CFriBidi"]),
        .target(name: "InAppEngine", dependencies: ["InboxCore"], exclude: ["DECISIONS.md"]),
        .target(name: "InboxStore", dependencies: ["InboxCore", "CSQLite"]),
        // HTTP as the sync code sees it, and the frames between tinbox and its network helper:
        // Foundation alone, so `tinbox-net` links neither the store nor SQLite (issue 14 point 5).
        .target(name: "HTTPWire"),
        .target(name: "InboxSync", dependencies: ["HTTPWire", "InboxCore", "InboxStore"]),
        // URLSession lives apart, in the `tinbox-net` helper (see NetworkFrame.swift), over HTTPWire alone.
        .target(name: "InboxHTTP", dependencies: ["HTTPWire"]),
        .target(name: "InAppSync", dependencies: ["InAppEngine", "InboxSync", "InboxStore"]),
        .target(name: "TerminalUI", dependencies: ["InboxCore", "InAppEngine", "CNcursesw"]),
        // The program around the commands: config, the context they share and its TinboxKit
        // configuration, the reader's assembly and its in-app drivers (messaging, preview), actions,
        // artwork, notifications. The commands pick the terminal, the clock and the network and hand them in.
        // It reads and writes the inbox through TinboxKitCore alone (no InboxStore); InboxSync and
        // InAppSync stay for the config's producers and campaigns, parsed by the sync layer's parsers.
        .target(
            name: "TinboxHost",
            dependencies: [
                "Artwork", "InboxCore", "InAppEngine", "InAppSync", "InboxSync", "TerminalUI", "TinboxKitCore",
            ]),
        .executableTarget(
            name: "tinbox",
            // The commands are hosts of TinboxKitCore; `convert` alone reads vendor documents itself
            // (InAppEngine, InboxSync), and nothing here opens the store or drives the presenter.
            dependencies: ["InboxCore", "InAppEngine", "InboxSync", "TerminalUI", "TinboxHost", "TinboxKitCore"]
        ),
        .executableTarget(name: "tinbox-net", dependencies: ["InboxHTTP"]),
        // LIBRARY.md's public API over the engine and the store, without URLSession: the commands and
        // the reader are its hosts and never load libcurl (HTTP goes through tinbox-net).
        .target(
            name: "TinboxKitCore", dependencies: ["InboxCore", "InboxStore", "InboxSync", "InAppEngine", "InAppSync"]),
        // `import TinboxKit`: TinboxKitCore re-exported, with HTTP in process through InboxHTTP.
        .target(name: "TinboxKit", dependencies: ["TinboxKitCore", "InboxCore", "InboxHTTP"]),
        // A status-bar counter built on `import TinboxKit` alone (LIBRARY.md "What the package must show").
        .executableTarget(name: "tinbox-badge", dependencies: ["TinboxKit"], path: "Examples/tinbox-badge"),
        // `swift run -c release tinbox-bench`: the in-app engine's performance figures (issue 5).
        .executableTarget(
            name: "tinbox-bench", dependencies: ["InAppEngine", "InboxCore"], path: "Benchmarks/InAppBench"),
        // Issue 10: what TinboxKit adds to one customer event against 1,000 campaigns (make bench).
        .executableTarget(
            name: "tinbox-kit-bench",
            dependencies: ["TinboxKit", "InAppEngine", "InAppSync", "InboxStore", "InboxCore"],
            path: "Benchmarks/KitBench"),
        // URLSession alone on a refresh's requests, the floor under tinbox's sync (Benchmarks/sync.py).
        .executableTarget(name: "tinbox-urlsession-floor", path: "Benchmarks/URLSessionFloor"),
        // The reader's search per keystroke against the old LIKE (Benchmarks/run.py runs it).
        .executableTarget(
            name: "tinbox-search-bench", dependencies: ["InboxStore", "InboxCore"], path: "Benchmarks/SearchBench"),
        .testTarget(name: "InboxCoreTests", dependencies: ["InboxCore", "TestSupport"]),
        // The host's drivers on a manual clock: what the tmux tests can only watch in real seconds.
        .testTarget(
            name: "TinboxHostTests",
            dependencies: [
                "TinboxHost", "TerminalUI", "InboxCore", "InboxStore", "InAppEngine", "InAppSync", "TinboxKitCore",
                "TestSupport",
                "Artwork",
            ]),
        // Uses TinboxKit as a program would: `import TinboxKit` only (beside the loopback stub of
        // TestSupport); runs the built tinbox-badge.
        .testTarget(name: "TinboxKitTests", dependencies: ["TinboxKit", "TestSupport"]),
        .testTarget(
            name: "ArtworkTests", dependencies: ["Artwork", "InboxCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "InAppEngineTests", dependencies: ["InAppEngine", "InboxCore", "TestSupport"],
            exclude: ["Timelines", "Gameball"]),
        .testTarget(name: "InboxStoreTests", dependencies: ["InboxStore", "InboxCore", "TestSupport"]),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "InboxCore", "InAppEngine", "TestSupport"],
            exclude: ["__Snapshots__"]),
        // Starts and reaps the programs the tests run, with every wait bounded (ChildProcess.swift);
        // keeps every test's folders under one folder removed at exit (Scratch.swift).
        .target(name: "TestSupport", dependencies: ["InboxCore"], path: "Tests/TestSupport"),
        .testTarget(name: "tinboxTests", dependencies: ["InAppEngine", "InboxCore", "InboxStore", "TestSupport"]),
        .testTarget(
            name: "InboxSyncTests",
            dependencies: [
                "InboxSync", "InboxHTTP", "InAppSync", "InAppEngine", "InboxStore", "InboxCore", "TestSupport",
            ],
            exclude: ["StubServer"]),
    ],
    swiftLanguageModes: [.v6]
)
