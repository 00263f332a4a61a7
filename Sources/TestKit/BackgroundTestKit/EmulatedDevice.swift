public import UIKit
import AVFoundation
import BackgroundApp
import BackgroundCore
import BackgroundTasks
import CoreLocation
import EmulatedFoundation

/// An emulated iOS device running the app's own code (CONTRACTS §11): a manifest says what Info.plist and
/// the world say (background modes, permitted identifiers, conditions, what the user does, pushes), the
/// app's `UIApplicationDelegate` says what the app does, on virtual time.
///
/// ```swift
/// let device = try EmulatedDevice(manifest: """
///     app: com.example.feed
///     backgroundModes: [fetch]
///     permittedIdentifiers: [com.example.feed.refresh]
///     lifecycle: [{at: 1m, app: background}]
///     """)
/// try await device.launch(AppDelegate())       // as UIApplicationMain: didFinishLaunchingWithOptions, now
/// try await device.run(for: .seconds(86_400))   // a day of virtual time
/// let lines = device.events                     // the §1 event stream, one JSON object a line
/// ```
/// One device runs at a time in a process: while it exists, `UIApplication.shared`,
/// `BGTaskScheduler.shared`, `AVAudioSession.sharedInstance()` and every `CLLocationManager` belong to it, and
/// the app's code reads the device's clock (`Date()`, `Task.sleep`, `Timer`). A device launched while another exists
/// waits until that one is gone (a test's device goes when the test ends).
@MainActor
public final class EmulatedDevice {
    /// The system's discretion (CONTRACTS §8).
    public enum Policy: Sendable {
        /// Tasks launch within a minute of becoming eligible (the default).
        case eager
        /// Usage, budgets, rate limits and battery decide, with draws from the device's seed.
        case realistic
    }

    /// How the device's background transfers happen (CONTRACTS §5, as `--transfers` chooses).
    public enum Transfers: Sendable {
        /// No byte moves: a transfer takes its size over the network's bandwidth on virtual time, and the
        /// manifest's `server:` list says what the server answers (the default).
        case simulated
        /// Over real HTTP(S) with libcurl, each attempt while the device's clock stands still.
        case real
    }

    /// The app's current delegate: the one given to ``launch(_:)``, then the one the device made with `init()`
    /// when the system launched the app again after it was terminated; nil while the app is terminated.
    public internal(set) var appDelegate: (any UIApplicationDelegate)?

    let app: EmulatedApp
    let system: EmulatedSystem
    /// The delegate's class, for relaunches.
    var delegateType: (any (UIResponder & UIApplicationDelegate).Type)?
    /// The delegate given to ``launch(_:)``, taken by the first launch.
    var firstDelegate: (any UIResponder & UIApplicationDelegate)?
    /// Sleeps of the app's tasks waiting on the engine.
    var sleeping: [EventID: OpaquePointer] = [:]
    /// Sleeps of a process that ended: they never wake on the device, and resume when the device ends.
    var endedSleeps: [OpaquePointer] = []
    /// The app's timers on the device's clock.
    let timers: AppTimers
    /// Where the app's Now Playing is published (``nowPlayingInfo``).
    let nowPlaying = RecordingNowPlayingPublisher()

    /// A device for the manifest `text` (CONTRACTS §4–§9; relative paths from the working directory) under
    /// the `eager` policy.
    ///
    /// - Throws: `InputError` naming the manifest's line and key.
    public convenience init(manifest text: String) throws {
        try self.init(manifest: text, policy: .eager, seed: 0)
    }

    /// A device for the manifest `text` under `policy`, its draws (usage jitter, the realistic policy's
    /// delays) from `seed`, its background transfers made as `transfers` says.
    ///
    /// - Throws: `InputError` naming the manifest's line and key.
    public convenience init(manifest text: String, policy: Policy, seed: UInt64, transfers: Transfers = .simulated) throws {
        let manifest = try AppRecipe.standard.manifest(yaml: text, file: "EmulatedDevice(manifest:)")
        try self.init(manifest: manifest, policy: policy, seed: seed, transfers: transfers, keepingEvents: true, launchesAsManifestRuns: false)
    }

    /// A device for the read `manifest` (an ``EmulatedPopulation``'s user: the manifest with the user's
    /// usage); without `keepingEvents` its timeline keeps no event (``events`` is empty), only its listeners
    /// hear them; with `launchesAsManifestRuns`, ``launch(_:)`` launches the app as `bgtask simulate` of the
    /// manifest does (with `usage:`, at the user's first open), not now.
    init(manifest: AppManifest, policy: Policy, seed: UInt64, transfers: Transfers, keepingEvents: Bool, launchesAsManifestRuns: Bool) throws {
        app = try Self.makeApp(
            manifest: manifest, policy: policy, seed: seed, transfers: transfers, keepingEvents: keepingEvents,
            launchesAsManifestRuns: launchesAsManifestRuns, nowPlaying: nowPlaying)
        system = EmulatedSystem(app: app)
        timers = AppTimers(app: app)
        app.lifecycle.addTerminationListener { [weak self] in self?.processDidEnd() }
    }

    isolated deinit {
        release()
    }

    /// The §1 event stream so far, one JSON object a line.
    public var events: [String] {
        let renderer = JSONLinesRenderer()
        return app.timeline.events.map(renderer.render)
    }

    /// The device's time now.
    public var now: Date { app.engine.now.date }

    /// Launches the app's first process with `delegate`, as `UIApplicationMain` does: the user opens it,
    /// `application(_:didFinishLaunchingWithOptions:)` runs now, and the manifest's `lifecycle:` script and
    /// `usage:` start. Returns once the code the launch started has nothing left to run at this time.
    public func launch(_ delegate: any UIResponder & UIApplicationDelegate) async throws {
        delegateType = type(of: delegate)
        firstDelegate = delegate
        try await asApp { app.start() }
    }

    /// Runs the device for `duration` of virtual time: the system's work at its times, the app's code
    /// between them until it waits.
    public func run(for duration: Duration) async throws {
        try await asApp { try await advance(to: app.engine.now + duration) }
    }
}

extension EmulatedDevice {
    /// Moves the device along the GPX (or NMEA) trace at `path` (relative to the working directory): its
    /// track's fixes from now on, at their own spacing (the first fix now), with the app's code run between
    /// them; the location services (regions, significant changes, updates) follow them as CLLocationManager
    /// does.
    ///
    /// - Throws: `InputError` naming the trace's file and place.
    public func replay(gpx path: String) async throws {
        let fixes = try Self.trackFixes(path)
        try await asApp { try await follow(fixes) }
    }
}
