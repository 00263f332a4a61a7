public import BackgroundAudio
public import BackgroundCore
public import BackgroundLocation
import BackgroundTasks

/// One emulated iOS app on one emulated device: the manifest's tasks on a ``BGTaskScheduler``
/// (through ``AppSimulator``), its regions and significant-change monitoring on a ``LocationManager``,
/// its clips on an ``AudioPlayer`` and ``AudioSession``, and its process state in an ``AppLifecycle`` —
/// all on the location manager's engine, so that everything happens on one clock.
///
/// Region entries and exits run the manifest's `onEnter:`/`onExit:` actions and significant changes its
/// `significantChange:` action, at the time of the event: `submit` submits a declared task, `play`
/// plays a clip. A suspended app is woken for them, a terminated one relaunched; tasks launch it too;
/// audio in a category that continues in the background (with the `audio` mode) and continuous updates
/// with the `location` mode keep it running. The manifest's `lifecycle:` script is what the user does;
/// its offsets count from ``start()``. docs/DEVICE.md has the rules.
///
/// ```swift
/// let engine = EventEngine(start: firstFix.time!)
/// let timeline = Timeline(engine: engine)
/// let manager = LocationManager(engine: engine, timeline: timeline)
/// manager.startUpdatingLocation()
/// let app = try EmulatedApp(manifest: manifest, location: manager,
///                           audio: EmulatedApp.Audio(output: { ALSAOutput(device: $0) }, open: AudioFile.open))
/// app.start()
/// try await manager.run(.replay(fixes))
/// try await app.linger(upTo: .seconds(600))       // what follows the last fix
/// ```
///
/// - Warning: Not thread-safe: use it on the engine's owner only. Keep a reference: the location
///   manager holds it weakly, as its delegate.
public final class EmulatedApp: LocationManagerDelegate {
    public let manifest: AppManifest
    public let lifecycle: AppLifecycle
    public let simulator: AppSimulator
    public let location: LocationManager
    public let session: AudioSession
    /// The player of the clip playing (or paused) now.
    public private(set) var player: AudioPlayer?

    private let engine: EventEngine
    private let timeline: Timeline
    private let audio: Audio?
    private let audioDevice: String
    private var hasLaunched = false
    private var updatesLocation = false
    private var stepsLeft = 0

    /// Creates the app on `location`'s engine and timeline; nothing happens before ``start()``.
    ///
    /// - Parameter audio: Where clips play; nil reports every `play` action as an `error` event.
    /// - Throws: ``InputError`` when the scheduler's state file cannot be restored or the commands' log
    ///   cannot be opened.
    public init(
        manifest: AppManifest, location: LocationManager, audio: Audio?, configuration: Configuration = Configuration()
    ) throws(InputError) {
        self.manifest = manifest
        self.location = location
        self.audio = audio
        audioDevice = configuration.audioDevice ?? manifest.audio?.device ?? "default"
        engine = location.engine
        timeline = location.timeline
        lifecycle = AppLifecycle(engine: engine, timeline: timeline, configuration: configuration.lifecycle)
        let conditions: (any DeviceConditionsSource)? = switch configuration.conditions {
        case .manifest: nil
        case .machine(let root, let pollInterval):
            LinuxDeviceConditions(root: root, pollInterval: pollInterval, base: DeviceConditions(idle: true))
        }
        simulator = try AppSimulator(
            manifest: manifest, engine: engine, timeline: timeline, configuration: configuration.scheduler,
            commands: configuration.commands, conditions: conditions)
        session = AudioSession(
            category: Self.sessionCategory(manifest.audio?.category ?? .soloAmbient),
            backgroundAudioMode: manifest.backgroundModes.contains("audio"))
    }

    /// Launches the app into the foreground now and schedules the manifest's lifecycle script from now.
    public func start() {
        location.delegate = self
        lifecycle.onLaunch = { [unowned self] in didFinishLaunching() }
        lifecycle.onTerminate = { [unowned self] in processDidEnd() }
        lifecycle.onChange = { [unowned self] from, to in stateDidChange(from: from, to: to) }
        simulator.onTaskLaunch = { [unowned self] task in
            lifecycle.begin(.task(task.identifier), reason: "task \(task.identifier) launched")
        }
        simulator.onTaskCompletion = { [unowned self] task, success in
            // After the scheduler has finished with it: the app may be suspended then.
            let identifier = task.identifier
            engine.schedule(at: engine.now) { [weak self] in
                self?.lifecycle.end(.task(identifier), reason: "task \(identifier) \(success ? "completed" : "ended unsuccessfully")")
            }
        }
        let start = engine.now
        stepsLeft = manifest.lifecycle.count
        for step in manifest.lifecycle {
            engine.schedule(at: start + step.offset) { [weak self] in
                self?.stepsLeft -= 1
                self?.apply(step.state)
            }
        }
        lifecycle.launch(reason: "launched by the user")
    }

    /// Whether the app has nothing left to do: no activity keeps it running (no task, audio, grace
    /// period or wake window), no task request is pending and no lifecycle step is still to come.
    public var isSettled: Bool {
        lifecycle.activities.isEmpty && stepsLeft == 0 && simulator.scheduler.pendingTaskRequests().isEmpty
    }

    /// Runs on after the location source has ended, while the app has something left to do (until
    /// ``isSettled``), at most `limit`: what follows the last fix — tasks, audio, the lifecycle script.
    public func linger(upTo limit: Duration, pacing: ReplaySource.Pacing = .virtual) async throws {
        let end = engine.now + limit
        while !isSettled, let next = engine.nextEventTime, next <= end {
            switch pacing {
            case .virtual: engine.run(until: next)
            case .paced(let speed, let clock): try await engine.run(until: next, pacedBy: clock, speed: speed)
            }
        }
    }

    // MARK: The app's code

    /// `didFinishLaunching`: the first time, monitors the manifest's regions and significant changes and
    /// launches the task simulator; every time, starts continuous updates again when they ran before.
    private func didFinishLaunching() {
        if !hasLaunched {
            hasLaunched = true
            updatesLocation = location.isUpdatingLocation
            location.allowsBackgroundLocationUpdates = manifest.backgroundModes.contains("location")
            for region in manifest.regions {
                location.startMonitoring(for: CircularRegion(
                    identifier: region.id, latitude: region.latitude, longitude: region.longitude, radius: region.radius))
            }
            if manifest.significantChange != nil { location.startMonitoringSignificantLocationChanges() }
        } else if updatesLocation {
            location.startUpdatingLocation()
        }
        simulator.launch()
        if updatesLocation && location.allowsBackgroundLocationUpdates {
            lifecycle.begin(.location, reason: "continuous location updates in the background")
        }
    }

    /// The process ended: its audio stops, its tasks expire, its continuous updates stop. Region and
    /// significant-change monitoring go on (they belong to the system and relaunch the app).
    private func processDidEnd() {
        player?.stop()
        player = nil
        simulator.expireRunningTasks()
        location.stopUpdatingLocation()
    }

    private func apply(_ step: LifecycleState) {
        switch step {
        case .foreground: lifecycle.moveToForeground(reason: lifecycle.state == .terminated ? "launched by the user" : "the user opened the app")
        case .background: lifecycle.moveToBackground(reason: "the user left the app")
        case .suspended: lifecycle.moveToBackground(reason: "the system suspended the app", gracePeriod: false)
        case .terminated: lifecycle.terminate(reason: "the user terminated the app")
        }
    }

    private func stateDidChange(from: LifecycleState, to: LifecycleState) {
        location.applicationState = to
        if from == .foreground {
            session.applicationDidEnterBackground()
            if !session.allowsBackgroundPlayback, let player {
                // The session interrupted it (audio.interrupted); without background audio it stops.
                player.stop()
                self.player = nil
            }
        } else if to == .foreground {
            session.applicationWillEnterForeground()
        }
    }

    // MARK: Location events

    public func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {
        wake(for: "region \(region.identifier) entered")
        let trigger = TaskTrigger(.enter, region: region.identifier, latitude: fix.latitude, longitude: fix.longitude)
        perform(manifest.regions.first { $0.id == region.identifier }?.onEnter, trigger: trigger)
    }

    public func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {
        wake(for: "region \(region.identifier) exited")
        let trigger = TaskTrigger(.exit, region: region.identifier, latitude: fix.latitude, longitude: fix.longitude)
        perform(manifest.regions.first { $0.id == region.identifier }?.onExit, trigger: trigger)
    }

    public func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {
        wake(for: "significant location change")
        perform(manifest.significantChange, trigger: TaskTrigger(.significantChange, latitude: fix.latitude, longitude: fix.longitude))
    }

    /// A region or significant-change event reaches an app that is not in the foreground: it wakes (or
    /// relaunches) for the wake window, or a running app's window is extended.
    private func wake(for reason: String) {
        if lifecycle.state != .foreground { lifecycle.wake(reason: reason) }
    }

    private func perform(_ action: ManifestAction?, trigger: TaskTrigger) {
        guard let action else { return }
        if let identifier = action.submit { simulator.submit(identifier, trigger: trigger) }
        if let clip = action.play { play(clip) }
    }

    // MARK: Audio

    /// Plays `clip` on the session, replacing the clip playing now.
    private func play(_ clip: String) {
        guard let audio else {
            return problem("cannot play \(clip): this run has no audio output", code: "audio")
        }
        guard manifest.audio?.category != .record else {
            return problem("cannot play \(clip): the record audio category does not play audio", code: "audio")
        }
        player?.stop()
        let player = AudioPlayer(
            files: [clip], output: audio.output(audioDevice), pacing: .virtual(engine),
            session: session, open: audio.open)
        player.addEventSink { [weak self] event in self?.audioEvent(event) }
        self.player = player
        guard player.play() else {
            self.player = nil
            let why = session.allowsBackgroundPlayback ? "the audio session is interrupted"
                : "the app is in the background and its audio category (\(session.category.rawValue)) "
                    + (session.hasBackgroundAudioMode ? "does not play in the background" : "needs the audio background mode")
            return problem("cannot play \(clip): \(why)", code: "audio")
        }
    }

    private func audioEvent(_ event: AudioPlayerEvent) {
        if let record = event.timelineRecord { timeline.record(record) }
        switch event {
        case .started(let file), .resumed(let file):
            if session.allowsBackgroundPlayback { lifecycle.begin(.audio, reason: "audio \(file) playing") }
        case .finished(let file, _):
            lifecycle.end(.audio, reason: "audio \(file) finished")
        case .paused(let file), .interrupted(let file):
            lifecycle.end(.audio, reason: "audio \(file) paused")
        case .outputError, .endOfQueue:
            lifecycle.end(.audio, reason: "audio ended")
        case .progress, .decodeError:
            break
        }
    }

    private func problem(_ message: String, code: String) {
        timeline.record(.error(message: message, code: code))
    }

    /// The player's category for the manifest's: `record` never plays; `multiRoute` plays as `playback`.
    private static func sessionCategory(_ category: ManifestAudio.Category) -> AudioSession.Category {
        switch category {
        case .ambient: .ambient
        case .soloAmbient, .record: .soloAmbient
        case .playback, .multiRoute: .playback
        case .playAndRecord: .playAndRecord
        }
    }
}
