// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "bgkit",
    products: [
        // What users import: the Apple-named modules (an iOS app's code on the emulated device, CONTRACTS §11), the
        // test kit, and five modules for library users of the engine and the modes (docs/ARCHITECTURE.md,
        // "Products"). The other modules are the package's own: the tools', the real I/O's and the C wrappers'.
        .library(name: "BackgroundCore", targets: ["BackgroundCore"]),
        .library(name: "BackgroundScheduler", targets: ["BackgroundScheduler"]),
        .library(name: "BackgroundLocation", targets: ["BackgroundLocation"]),
        .library(name: "BackgroundApp", targets: ["BackgroundApp"]),
        .library(name: "BackgroundPopulation", targets: ["BackgroundPopulation"]),
        .library(name: "BackgroundTestKit", targets: ["BackgroundTestKit"]),
        // Apple's frameworks by name, their background surface on the emulated device (CONTRACTS §11): an iOS
        // app's background code compiles against them unchanged and runs in `swift test` (EmulatedDevice).
        // Foundation is allowed in these modules only; the tools link none of them.
        .library(name: "UIKit", targets: ["UIKit", "_Testing_UIKit"]),
        .library(name: "BackgroundTasks", targets: ["BackgroundTasks"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "PushKit", targets: ["PushKit"]),
        .library(name: "CallKit", targets: ["CallKit"]),
        .library(name: "MediaPlayer", targets: ["MediaPlayer"]),
        .library(name: "MapKit", targets: ["MapKit"]),
        .library(name: "AVFAudio", targets: ["AVFAudio"]),
        // bgloc and bgtask are one program (it runs as the name it is started by), so that an installed
        // system carries the Swift runtime they share once: `make install` links bgtask to bgloc.
        .executable(name: "bgtask", targets: ["bgloc"]),
        .executable(name: "bgloc", targets: ["bgloc"]),
        .executable(name: "bgaudio", targets: ["bgaudio"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // C libraries: a modulemap and a shim header each (CCurl: a C target), each imported only by the module
        // that wraps it.
        // CALSA has no pkgConfig: alsa-lib is loaded on first use (dlopen), not linked; only its header is needed.
        .systemLibrary(name: "CALSA", providers: [.apt(["libasound2-dev"])]),
        // CSndFile has no pkgConfig: libsndfile is loaded on first use (dlopen), not linked; only its header is needed.
        .systemLibrary(name: "CSndFile", providers: [.apt(["libsndfile1-dev"])]),
        // libcurl, imported only by CurlTransport: loaded on the first transfer (dlopen), not linked; a table of
        // its functions and fixed-arity wrappers of the variadic setopt/getinfo. Only its header is needed.
        .target(name: "CCurl"),
        // libdbus, imported only by MPRIS: loaded when a session bus is there (dlopen), not linked; it declares the
        // few types of libdbus's stable ABI it uses, so not even the header is needed to build.
        .target(name: "CDBus"),
        // SQLite, imported only by SQLiteStore; libyaml, imported only by YAML. Linked by the modulemap's `link`
        // alone, with no pkgConfig: SwiftPM would add pkg-config's library folder (/usr/lib/x86_64-linux-gnu) to the
        // link's search path ahead of the folder of static archives that `make release` links them from (Makefile).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),

        // The engine, virtual time, the typed timeline and its two renderers.
        .target(name: "BackgroundCore"),
        // The device below the modes: its conditions (their sources and records), lock and restart state, the
        // user's opens, and the calendar of simulated time.
        .target(name: "BackgroundDevice", dependencies: ["BackgroundCore"]),
        // BGTaskScheduler's rules.
        .target(name: "BackgroundScheduler", dependencies: ["BackgroundCore", "BackgroundDevice"]),
        // Traces (GPX, NMEA), location sources and CLLocationManager's behaviour.
        .target(name: "BackgroundLocation", dependencies: ["BackgroundCore", "JSON"]),
        // Decoding, the AudioOutput seam, the player and the session.
        .target(name: "BackgroundAudio", dependencies: ["BackgroundCore"]),
        // gpsd's JSON protocol over its socket (no libgps: docs/GPSD.md), read with the JSON module.
        .target(name: "GPSDLocation", dependencies: ["BackgroundLocation", "JSON"]),
        // The only importer of ALSA and libsndfile.
        .target(name: "ALSAAudio", dependencies: ["BackgroundAudio", "CALSA", "CSndFile", "MockingScripts"]),
        // Background transfers: the session's rules on the engine, the transport protocol (one attempt, awaited
        // live or blocking on virtual time) and its values (pure Swift), and the libcurl transport, the only
        // importer of CCurl.
        .target(name: "BackgroundTransfers", dependencies: ["BackgroundCore", "BackgroundDevice"]),
        .target(name: "CurlTransport", dependencies: ["BackgroundTransfers", "BackgroundCore", "CCurl", "MockingScripts"]),
        // An MPRIS 2 player on the D-Bus session bus: remote commands in, Now Playing out (the only importer of CDBus).
        .target(name: "MPRIS", dependencies: ["CDBus", "BackgroundAudio", "BackgroundCore"]),
        // The scripts behind the C wrappers' mocking seams (ALSAMocking, CurlMocking).
        .target(name: "MockingScripts"),
        // A SQLite connection (WAL, full sync, migrations, corrupt files set aside): the only importer of CSQLite.
        .target(name: "SQLiteStore", dependencies: ["CSQLite"]),
        // An app's state across runs (`--state PATH`): pending task requests and transfers in one SQLite
        // database, on SQLiteStore; the tools hand it to the scheduler and the transfer session.
        .target(name: "BackgroundState", dependencies: [
            "SQLiteStore", "BackgroundScheduler", "BackgroundTransfers", "BackgroundLocation", "JSON", "BackgroundCore",
        ]),
        // A strict RFC 8259 reader and writer (JSONValue), every error at its byte: push payloads, GeoJSON
        // regions, the old JSON state file.
        .target(name: "JSON", dependencies: ["BackgroundCore"]),
        // YAML composed to nodes with their lines, on libyaml's parser events: the only importer of CYAML.
        .target(name: "YAML", dependencies: ["CYAML"]),
        // One emulated device: the manifest, the device, the lifecycle, the background modes, and the recipe
        // (AppRecipe) that makes the app from a manifest and the run's options.
        .target(name: "BackgroundApp", dependencies: [
            "BackgroundDevice", "BackgroundScheduler", "BackgroundLocation", "BackgroundAudio", "BackgroundTransfers", "BackgroundPushes", "AppControl",
            "JSON", "YAML",
        ]),
        // What runs come to: one user's tally from its timeline, a population of users on every core, the
        // summary file (--summary) and its exact merge (bgtask merge), with mergeable histograms.
        .target(name: "BackgroundPopulation", dependencies: [
            "BackgroundApp", "BackgroundCore", "BackgroundDevice", "BackgroundScheduler", "BackgroundPushes", "BackgroundTransfers", "JSON",
        ]),
        // Deterministic doubles for every seam, and EmulatedDevice: an app's own code on the emulated device
        // (on the Apple-named modules, and CVirtualClock for the device's clock in the test process).
        .target(name: "BackgroundTestKit", dependencies: [
            "BackgroundApp", "BackgroundDevice", "BackgroundScheduler", "BackgroundLocation", "BackgroundAudio", "BackgroundTransfers", "BackgroundPushes",
            "EmulatedFoundation", "UIKit", "BackgroundTasks", "CoreLocation", "AVFoundation", "PushKit", "MediaPlayer", "CVirtualClock", "JSON", "ALSAAudio",
            "CurlTransport", "BackgroundPopulation", "AppControl",
        ]),
        // The test process's CLOCK_REALTIME and the Swift runtime's enqueue hooks, for EmulatedDevice: imported
        // only by BackgroundTestKit.
        .target(name: "CVirtualClock"),
        // What the Apple-named modules share: the running device's handle (package), and Foundation's and
        // Dispatch's timed calls on the device's clock (Timer, asyncAfter).
        .target(name: "EmulatedFoundation", dependencies: ["BackgroundApp", "BackgroundCore"]),
        .target(name: "UIKit", dependencies: ["EmulatedFoundation", "BackgroundApp", "BackgroundCore", "BackgroundDevice", "BackgroundScheduler", "BackgroundPushes", "BackgroundTransfers"]),
        // Swift Testing on Linux declares the cross-import overlay `_Testing_UIKit`: a file importing Testing and
        // UIKit needs a module of that name (empty).
        .target(name: "_Testing_UIKit"),
        .target(name: "BackgroundTasks", dependencies: ["EmulatedFoundation", "BackgroundApp", "BackgroundScheduler", "BackgroundCore"]),
        .target(name: "CoreLocation", dependencies: ["EmulatedFoundation", "BackgroundApp", "BackgroundLocation", "BackgroundCore"]),
        .target(name: "AVFoundation", dependencies: ["EmulatedFoundation", "BackgroundApp", "BackgroundAudio", "BackgroundCore"]),
        .target(name: "PushKit", dependencies: ["EmulatedFoundation", "BackgroundApp"]),
        .target(name: "CallKit", dependencies: ["EmulatedFoundation"]),
        .target(name: "MediaPlayer", dependencies: ["EmulatedFoundation", "BackgroundApp", "BackgroundAudio"]),
        // MapKit's geometry (regions, map points and rectangles), no map; it re-exports CoreLocation, as Apple's.
        .target(name: "MapKit", dependencies: ["CoreLocation"]),
        // AVFAudio by name: it re-exports AVFoundation, where the audio session and player are.
        .target(name: "AVFAudio", dependencies: ["AVFoundation"]),
        // Background pushes: the payload reader and the system's delivery rules, on virtual time.
        .target(name: "BackgroundPushes", dependencies: ["BackgroundCore", "BackgroundDevice", "JSON"]),
        // The control socket of `bgloc live --app` (docs/CONTROL.md): its wire format, the server that hands
        // each request to its verb (the app's modes bring them) on the live run's engine, and the client of
        // `bgtask push|simulate-launch|simulate-expiration`.
        .target(name: "AppControl", dependencies: ["BackgroundCore"]),
        // A run's picture: one self-contained HTML page drawn from the timeline.
        .target(name: "BackgroundReport", dependencies: ["BackgroundCore"]),
        // What the three command lines share: formats, output, signals, errors, and the one-thread executor.
        .target(name: "CommandLineSupport", dependencies: [
            "BackgroundCore", "BackgroundDevice", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "HeapModule", package: "swift-collections"),
        ]),
        // bgtask's commands, which the bgloc program runs when started as bgtask, and the app options all
        // three app-running commands share (AppOptions).
        .target(name: "BGTaskCommand", dependencies: [
            "BackgroundApp", "BackgroundDevice", "ALSAAudio", "BackgroundLocation", "BackgroundReport", "BackgroundState", "CommandLineSupport", "CurlTransport", "AppControl",
            "BackgroundPushes", "BackgroundPopulation", "JSON", "MPRIS", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "bgloc", dependencies: [
            "BackgroundApp", "BackgroundReport", "BackgroundState", "GPSDLocation", "ALSAAudio", "CommandLineSupport", "CurlTransport",
            "BGTaskCommand", "AppControl", "BackgroundPushes", "MPRIS", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "bgaudio", dependencies: [
            "ALSAAudio", "CommandLineSupport", "MPRIS", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // In-process benchmarks, run by tools/bench/run (never by `make test`).
        .executableTarget(name: "bgkit-bench", dependencies: [
            "BackgroundApp", "BackgroundDevice", "GPSDLocation", "ALSAAudio", "BackgroundTestKit", "CurlTransport", "FeedApp",
            "BackgroundPopulation",
        ]),

        // Fuzz targets: one file each under Fuzz/, run by tools/fuzz/run (`make fuzz`); see docs/RELIABILITY.md.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "FuzzManifest", dependencies: ["BackgroundApp", "FuzzSupport"], path: "Fuzz/Manifest", exclude: ["Seeds"]),
        .executableTarget(name: "FuzzGPX", dependencies: ["BackgroundLocation", "FuzzSupport"], path: "Fuzz/GPX"),
        .executableTarget(name: "FuzzNMEA", dependencies: ["BackgroundLocation", "FuzzSupport"], path: "Fuzz/NMEA"),
        .executableTarget(name: "FuzzWAV", dependencies: ["BackgroundAudio", "FuzzSupport"], path: "Fuzz/WAV"),
        .executableTarget(name: "FuzzStateRows", dependencies: ["BackgroundState", "SQLiteStore", "FuzzSupport"], path: "Fuzz/StateRows", exclude: ["Seeds"]),
        .executableTarget(
            name: "FuzzServerList", dependencies: ["BackgroundApp", "BackgroundTransfers", "FuzzSupport"], path: "Fuzz/ServerList",
            exclude: ["Seeds"]),
        .executableTarget(name: "FuzzControlRequest", dependencies: ["AppControl", "FuzzSupport"], path: "Fuzz/ControlRequest", exclude: ["Seeds"]),
        .executableTarget(name: "FuzzSummary", dependencies: ["BackgroundPopulation", "FuzzSupport"], path: "Fuzz/Summary", exclude: ["Seeds"]),
        .executableTarget(name: "FuzzPushPayload", dependencies: ["BackgroundPushes", "JSON", "FuzzSupport"], path: "Fuzz/PushPayload", exclude: ["Seeds"]),

        // Tests/LAYER/MODULETests, one target per module, named after it and standing in the layer of the module it
        // tests (the loop at the end), as Sources does.
        .testTarget(name: "BackgroundCoreTests", dependencies: ["BackgroundCore"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "BackgroundCore"]),
        .testTarget(name: "BackgroundReportTests", dependencies: ["BackgroundReport", "BackgroundDevice", "BackgroundApp", "BackgroundPushes", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundDeviceTests", dependencies: ["BackgroundDevice", "BackgroundCore", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundSchedulerTests", dependencies: ["BackgroundScheduler", "BackgroundDevice", "BackgroundState", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundLocationTests", dependencies: ["BackgroundLocation", "BackgroundTestKit"], exclude: ["Fixtures"]),
        .testTarget(name: "BackgroundAudioTests", dependencies: ["BackgroundAudio", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundTransfersTests", dependencies: ["BackgroundTransfers", "CurlTransport", "BackgroundReport", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundPushesTests", dependencies: ["BackgroundPushes", "JSON", "BackgroundTestKit"], exclude: ["Corpus"]),
        .testTarget(name: "ALSAAudioTests", dependencies: ["ALSAAudio", "BackgroundTestKit"]),
        .testTarget(name: "CurlTransportTests", dependencies: ["CurlTransport", "BackgroundTransfers", "BackgroundTestKit"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "BackgroundAudio", "ALSAAudio", "BackgroundTestKit"]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "BackgroundTestKit"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "GPSDLocationTests", dependencies: ["GPSDLocation", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundAppTests", dependencies: ["BackgroundApp", "BackgroundDevice", "BackgroundPushes", "JSON", "BackgroundTestKit"]),
        .testTarget(name: "AppControlTests", dependencies: ["AppControl", "BackgroundCore", "BackgroundTestKit"]),
        .testTarget(name: "BackgroundPopulationTests", dependencies: [
            "BackgroundPopulation", "BackgroundApp", "BackgroundScheduler", "BackgroundPushes", "BackgroundTransfers", "BackgroundTestKit",
        ]),
        // A background mode of its own, hosted by EmulatedApp without editing BackgroundCore or BackgroundApp,
        // and run by the commands (bgloc replay|live --app, bgtask simulate) with the recipe that registers it:
        // the one test target not named after a module, since what it tests is that no module changes.
        .testTarget(name: "ToyModeTests", dependencies: [
            "BackgroundApp", "BackgroundCore", "BackgroundTestKit", "AppControl", "BGTaskCommand", "bgloc", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // An app's own code (Apple's .product(name: "ArgumentParser", package: "swift-argument-parser")I) on EmulatedDevice, one target per Apple-named module.
        .testTarget(name: "UIKitTests", dependencies: ["BackgroundTestKit", "UIKit", "_Testing_UIKit", "BackgroundTasks", "BackgroundDevice"]),
        .testTarget(name: "BackgroundTasksTests", dependencies: ["BackgroundTestKit", "UIKit", "_Testing_UIKit", "BackgroundTasks", "BackgroundDevice"]),
        .testTarget(name: "CoreLocationTests", dependencies: ["BackgroundTestKit", "UIKit", "_Testing_UIKit", "CoreLocation", "BackgroundTasks"]),
        .testTarget(name: "AVFoundationTests", dependencies: ["BackgroundTestKit", "UIKit", "_Testing_UIKit", "AVFoundation", "AVFAudio", "BackgroundAudio"]),
        .testTarget(name: "MediaPlayerTests", dependencies: [
            "BackgroundTestKit", "UIKit", "_Testing_UIKit", "MediaPlayer", "AVFoundation", "BackgroundAudio",
        ]),
        .testTarget(name: "MapKitTests", dependencies: ["MapKit", "CoreLocation"]),
        .testTarget(name: "PushKitTests", dependencies: ["BackgroundTestKit", "UIKit", "_Testing_UIKit", "PushKit", "CallKit"]),
        // EmulatedDevice itself: the device's clock in the app's code (Date, Task.sleep, timers), and the kit's helpers.
        .testTarget(name: "BackgroundTestKitTests", dependencies: ["BackgroundTestKit", "UIKit", "_Testing_UIKit", "BackgroundTasks", "BackgroundDevice"]),
        // The tools: the bgloc program end to end (bgtask is bgloc started as bgtask), bgaudio's own code and
        // commands, what the command lines share (every duration option of the three tools takes the same forms),
        // and the app's state database.
        .testTarget(name: "bglocTests", dependencies: [
            "CommandLineSupport", "BackgroundState", "SQLiteStore", "BackgroundTestKit", "YAML", "BackgroundApp", "BackgroundCore",
            "BackgroundPushes", "BackgroundScheduler", "BackgroundTransfers",
        ]),
        .testTarget(name: "bgaudioTests", dependencies: ["bgaudio", "BackgroundCore", "BackgroundAudio", "BackgroundTestKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "CommandLineSupportTests", dependencies: [
            "CommandLineSupport", "bgloc", "BGTaskCommand", "bgaudio", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "BackgroundStateTests", dependencies: [
            "BackgroundState", "SQLiteStore", "BackgroundScheduler", "BackgroundTransfers", "BackgroundTestKit",
        ]),
        // Examples/FeedApp, an iOS app's background code on the Apple-named modules, and its tests on EmulatedDevice:
        // targets of this package too, so that `make test` builds and runs them in the same build (its own
        // Package.swift builds it alone, with this package as a path dependency).
        .target(
            name: "FeedApp", dependencies: ["UIKit", "BackgroundTasks", "CoreLocation", "AVFoundation"],
            path: "Examples/FeedApp/Sources/FeedApp"),
        .testTarget(
            name: "FeedAppTests", dependencies: [
                "FeedApp", "BackgroundTestKit", "UIKit", "_Testing_UIKit", "BackgroundTasks", "CoreLocation", "AVFoundation", "BackgroundApp",
                "BackgroundPopulation",
            ],
            path: "Examples/FeedApp/Tests/FeedAppTests"),
        // A child for SQLiteStoreTests to SIGKILL while it writes.
        .executableTarget(name: "bgkit-sqlite-writer", dependencies: ["SQLiteStore"], path: "Tests/Helpers/SQLiteWriter"),
    ]
)

// Examples/FeedApp's targets are built as its own Package.swift builds them (as an app's code is written).
for target in package.targets where target.type != .system && target.path?.hasPrefix("Examples/") != true {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
package.swiftLanguageModes = [.v6]

// The layers a newcomer sees in the folders (docs/ARCHITECTURE.md, "Layout"): each of the package's own targets
// stands in Sources/LAYER/NAME, the layer being what the module is to the emulator.
let layers: [String: [String]] = [
    // The C libraries' modulemaps and shims, each imported by one module of IO (CVirtualClock by the test kit).
    "C": ["CALSA", "CCurl", "CDBus", "CSQLite", "CSndFile", "CVirtualClock", "CYAML"],
    // The discrete-event engine, the timeline and what draws it; the JSON format on it.
    "Engine": ["BackgroundCore", "JSON", "BackgroundReport"],
    // The device below the modes: conditions, lock and restart, the user's opens, the system's discretion.
    "Device": ["BackgroundDevice"],
    // The system's rules of each background mode, on the engine and the device.
    "Rules": ["BackgroundScheduler", "BackgroundLocation", "BackgroundAudio", "BackgroundTransfers", "BackgroundPushes"],
    // The real I/O: the only importers of the C libraries, and gpsd's client over Glibc's sockets.
    "IO": ["ALSAAudio", "CurlTransport", "MPRIS", "SQLiteStore", "YAML", "GPSDLocation", "MockingScripts"],
    // The app host: the manifest, the emulated app and its modes, the seam to the app's code, the control
    // socket's verbs, and populations of users.
    "App": ["BackgroundApp", "AppControl", "BackgroundPopulation"],
    // Apple's names over the running device (the façades), and what they share.
    "Apple": [
        "EmulatedFoundation", "UIKit", "_Testing_UIKit", "BackgroundTasks", "CoreLocation", "AVFoundation", "PushKit", "CallKit",
        "MediaPlayer", "MapKit", "AVFAudio",
    ],
    // The doubles and EmulatedDevice, for tests.
    "TestKit": ["BackgroundTestKit"],
    // The command lines and what only they use.
    "Tools": ["CommandLineSupport", "BGTaskCommand", "bgloc", "bgaudio", "BackgroundState", "bgkit-bench"],
]
let testLayers: [String: [String]] = [
    "Engine": ["BackgroundCoreTests", "JSONTests", "BackgroundReportTests"],
    "Device": ["BackgroundDeviceTests"],
    "Rules": ["BackgroundSchedulerTests", "BackgroundLocationTests", "BackgroundAudioTests", "BackgroundTransfersTests", "BackgroundPushesTests"],
    "IO": ["ALSAAudioTests", "CurlTransportTests", "MPRISTests", "SQLiteStoreTests", "YAMLTests", "GPSDLocationTests"],
    "App": ["BackgroundAppTests", "AppControlTests", "BackgroundPopulationTests", "ToyModeTests"],
    "Apple": ["UIKitTests", "BackgroundTasksTests", "CoreLocationTests", "AVFoundationTests", "MediaPlayerTests", "MapKitTests", "PushKitTests"],
    "TestKit": ["BackgroundTestKitTests"],
    "Tools": ["bglocTests", "bgaudioTests", "CommandLineSupportTests", "BackgroundStateTests"],
]
for (root, table) in [("Sources", layers), ("Tests", testLayers)] {
    for (layer, names) in table {
        for name in names {
            guard let target = package.targets.first(where: { $0.name == name }) else { fatalError("Package.swift: no target \(name)") }
            target.path = "\(root)/\(layer)/\(name)"
        }
    }
}
