import ALSAAudio
import AVFoundation
import BackgroundApp
import BackgroundAudio
import BackgroundCore
import BackgroundDevice
import BackgroundLocation
import BackgroundPushes
import BackgroundScheduler
import BackgroundTasks
import BackgroundTransfers
import CoreLocation
import CurlTransport
import EmulatedFoundation
import Foundation
import MediaPlayer
import UIKit

// The adapter of EmulatedDevice to the emulator: the standard recipe's modes, the app's own code on the app
// seam (DeviceCode, the one route into it), and the engine stepped one instant at a time with the app's code run
// in between.

extension EmulatedDevice {
    static func makeApp(
        manifest: AppManifest, policy: Policy, seed: UInt64, transfers: Transfers, keepingEvents: Bool,
        launchesAsManifestRuns: Bool, nowPlaying: RecordingNowPlayingPublisher
    ) throws -> EmulatedApp {
        let recipe = AppRecipe.standard
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: keepingEvents)
        var options = AppRecipe.Options()
        options.configuration.seed = seed
        options.configuration.scheduler.policy = policy == .eager ? .eager : .realistic(seed: seed)
        if launchesAsManifestRuns { options.configuration.chooseLaunch(for: manifest) }
        // The device's location services (which a trace moves: replay(gpx:)), and its audio on ALSA as bgloc's:
        // the manifest's `audio.device` on virtual time, or ALSA's `null` device (silent, no sound card needed)
        // when the manifest has no `audio:` section — the emulator's choice for tests.
        options.location = LocationManager(engine: engine, timeline: timeline)
        if manifest.audio == nil { options.configuration.audioDevice = "null" }
        // Its Now Playing goes to a recording publisher (EmulatedDevice.nowPlayingInfo), as MPRIS's under bgloc live.
        options.audio = EmulatedApp.Audio(
            output: { ALSAOutput(device: $0, deviceOption: "audio.device:") }, open: AudioFile.open, tags: AudioFile.tags,
            remote: { _, _ in nowPlaying })
        if transfers == .real {
            options.transferAttempts = { engine, _ in RealTransfers(transport: CurlTransport(), engine: engine, mode: .virtual) }
        }
        let code = try DeviceCode(manifest: ManifestApp(commands: options.configuration.commands))
        let app = try EmulatedApp(
            manifest: manifest, engine: engine, timeline: timeline, modes: recipe.makeModes(options),
            configuration: options.configuration, code: code)
        return app
    }

    /// Makes this device the process's, once the previous one is gone (one device at a time: a device that
    /// launches while another exists waits for it to end): the shared objects, the clock and the pushes reach it.
    func adopt() async {
        if Self.current == nil {
            Self.current = ObjectIdentifier(self)
        } else if Self.current != ObjectIdentifier(self) {
            // The device that ends hands the process to the first waiting (``release()``). Waiting means tests
            // run beside each other, where what the test and the delegate made before this launch reached the
            // other device: say so where the test's output goes.
            FileHandle.standardError.write(Data(
                ("bgkit: the EmulatedDevice of \(app.manifest.app) waits for another device of this process (tests run in "
                    + "parallel?); what the app made before its launch may belong to that device: run device tests one "
                    + "at a time (swift test --no-parallel, or one .serialized suite)\n").utf8))
            await withCheckedContinuation { Self.waiting.append((ObjectIdentifier(self), $0)) }
        }
        EmulatedSystem.current = system
        // The first process's registries may have been made before the device launched it, with the delegate.
        EmulatedCallReports.reset()
        (app.code as? DeviceCode)?.device = self
        VirtualClock.shared.start(at: app.engine.now)
        EmulatedLocation.deviceDidStart()
    }

    /// The device's end: the machine's clock again, the sleeps still waiting resume now, and the next device
    /// waiting may start.
    func release() {
        guard Self.current == ObjectIdentifier(self) else { return }
        if EmulatedSystem.current === system { EmulatedSystem.current = nil }
        for job in VirtualClock.shared.stop() + sleeping.values + endedSleeps { VirtualClock.shared.resume(job) }
        sleeping = [:]
        endedSleeps = []
        timers.end()
        EmulatedRemoteControl.processDidEnd()
        Self.current = nil
        if !Self.waiting.isEmpty {
            let next = Self.waiting.removeFirst()
            Self.current = next.device
            next.continuation.resume()
        }
    }

    /// The app's process ended (terminated, force quit, the device restarted): the code it was running stops
    /// with it, so its sleeps no longer wake on the device's clock.
    func processDidEnd() {
        for (id, job) in sleeping {
            app.engine.cancel(id)
            endedSleeps.append(job)
        }
        sleeping = [:]
    }

    /// The device that has the process now.
    static var current: ObjectIdentifier?
    /// Devices waiting for the process, first come first served.
    static var waiting: [(device: ObjectIdentifier, continuation: CheckedContinuation<Void, Never>)] = []

    /// Runs `body` as the system calling the app: the app's tasks started from it carry ``AppContext``.
    func asApp<T>(_ body: () async throws -> T) async throws -> T {
        if Self.current != ObjectIdentifier(self) { await adopt() }
        return try await AppContext.$isAppCode.withValue(true) {
            await settle()
            let result = try await body()
            await settle()
            return result
        }
    }

    /// Runs the engine up to `end`, an instant at a time: the device's clock reads each action's time, and
    /// the app's code runs until it waits before time moves on.
    func advance(to end: SimTime) async throws {
        let engine = app.engine
        var steps = 0
        while let next = engine.nextEventTime, next <= end {
            VirtualClock.shared.set(next)
            engine.step()
            await settle()
            steps += 1
            if steps % 1024 == 0 { try Task.checkCancellation() }
        }
        engine.run(until: end)
        VirtualClock.shared.set(engine.now)
    }

    /// The track fixes of the trace at `path`.
    static func trackFixes(_ path: String) throws -> [LocationFix] {
        let reader = try TraceReader(path: path)
        var fixes: [LocationFix] = []
        while let item = try reader.next() {
            if let fix = item.trackFix { fixes.append(fix) }
        }
        return fixes
    }

    /// Delivers `fixes` to the device's location services, the first now and the others at their spacing.
    func follow(_ fixes: [LocationFix]) async throws {
        guard let manager = app.mode(LocationMode.self)?.manager else { return }
        let start = app.engine.now
        let first = fixes.first?.time ?? start
        for (index, original) in fixes.enumerated() {
            var fix = original
            fix.time = original.time.map { start + ($0 - first) } ?? start + .seconds(index)
            let due = max(fix.time ?? start, app.engine.now)
            try await advance(to: due)
            manager.receive(.fix(fix))
            await settle()
        }
    }

    /// Lets the app's code run until it waits: a round's yield enqueues no more jobs on Swift's executors than
    /// a bare yield does (``yieldCost``), no job on the global executor but the device's own is still to run, no
    /// call waits for the main queue, the sleeps and timers the code started are on the engine and the work
    /// they resumed has run — three rounds in a row. Jobs on the global executor may wait for a thread of a
    /// busy pool: those rounds give the machine a moment and count only against ``poolJobPatience``.
    func settle() async {
        VirtualClock.shared.adoptCurrentTask()
        let yieldCost = await Self.yieldCost
        var quietRounds = 0
        var rounds = 0
        var waitingSince: ContinuousClock.Instant?
        while quietRounds < 3, rounds < 10_000 {
            let before = VirtualClock.shared.enqueuedJobs
            await Task.yield()
            let sleeps = VirtualClock.shared.takenSleeps()
            for sleep in sleeps { schedule(sleep.work, after: sleep.delay) }
            let newTimers = timers.adoptTaken()
            let busy = newTimers || VirtualClock.shared.enqueuedJobs - before > yieldCost || system.pendingPosts > 0 || !sleeps.isEmpty
                || VirtualClock.shared.isResumedWorkRunning
            quietRounds = busy ? 0 : quietRounds + 1
            if VirtualClock.shared.isPoolJobRunning {
                let since = waitingSince ?? .now
                waitingSince = since
                if ContinuousClock.now - since < Self.poolJobPatience {
                    quietRounds = 0
                    usleep(20)
                    continue
                }
            } else {
                waitingSince = nil
            }
            rounds += 1
        }
    }

    /// How long the device waits on the machine's clock, at one instant, for the jobs on the global executor to
    /// run (a job that runs for ever would otherwise stop the device for ever): past it, time moves on.
    static let poolJobPatience = Duration.seconds(30)

    /// The jobs one bare `Task.yield()` on the main actor enqueues (2 with Swift 6.3 on Linux): the most
    /// frequent count of 16 yields, measured once.
    static var yieldCost: UInt64 {
        get async {
            if let measured = measuredYieldCost { return measured }
            var counts: [UInt64: Int] = [:]
            for _ in 0..<16 {
                let before = VirtualClock.shared.enqueuedJobs
                await Task.yield()
                counts[VirtualClock.shared.enqueuedJobs - before, default: 0] += 1
            }
            let cost = counts.max { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }?.key ?? 0
            measuredYieldCost = cost
            return cost
        }
    }

    private static var measuredYieldCost: UInt64?

    private func schedule(_ job: OpaquePointer, after delay: Duration) {
        var id: EventID?
        id = app.engine.schedule(after: delay) { [weak self] in
            if let id { self?.sleeping[id] = nil }
            VirtualClock.shared.resume(job)
        }
        if let id { sleeping[id] = job }
    }
}
