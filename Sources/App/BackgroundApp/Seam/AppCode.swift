public import BackgroundAudio
public import BackgroundCore
public import BackgroundLocation
public import BackgroundPushes
import BackgroundScheduler
public import JSON

/// The app's own code, as the emulated system reaches it: the one face through which the system calls the
/// app, shaped like Apple's `UIApplicationDelegate` and the other delegates an iOS app implements. The
/// manifest's handler keys (`work:`, `run:`, `onLaunch:`, `onPush:`, `onEnter:`, `onExpiration:`,
/// `register:`, `reportCall:`…) are one implementation of it (``ManifestApp``); compiled Swift on an emulated
/// device is another (BackgroundTestKit's, which hands each call to the delegate, the location managers'
/// delegates, the session's observers and the remote command handlers the app's code made, through the
/// Apple-named modules).
///
/// The one route: the app (``EmulatedApp``) holds the code (``EmulatedApp/code``), and the system's calls
/// reach it there only — the process's launch, its moves and its end from the app's lifecycle listeners, the
/// rest from the mode that decided them (a push from the pushes mode, a region event from the location
/// mode…). The order of a launch, a move and an end is fixed: the code hears it first
/// (``applicationDidLaunch(_:first:)``, ``application(_:willMoveFrom:to:)``, where UIKit calls an app's
/// delegate, before the system acts), then every mode in turn, then the code again
/// (``applicationDidFinishLaunching(_:first:)``, ``applicationDidBecomeActive(_:)`` or
/// ``applicationDidEnterBackground(_:)``; ``applicationWillTerminate(_:)`` before the modes hear an end,
/// ``applicationProcessDidEnd(_:)`` after them). Any other call comes after the mode has done its part
/// (woken or relaunched the app, begun what keeps it running). A framework of its own (an Apple-named module
/// beyond the built-in ones) brings its calls to the same route through ``application(_:deliver:)``.
///
/// What the app does back is all the system sees: it registers launch handlers with the task scheduler
/// (``TaskMode/scheduler``, in ``applicationDidFinishLaunching(_:first:)``), submits requests, creates
/// transfers, plays audio and answers remote commands with it — and calls, late, never or twice, the
/// completion handlers it is given. The system watches those closures: one called after its window has
/// ended (or twice) is ignored, one never called gets the app terminated where iOS would (a push's 30 s, the
/// legacy fetch's 30 s), and a VoIP push whose handler completes without reporting a call ends the app.
/// The background-task handlers are registered with the scheduler (`register(forTaskWithIdentifier:using:
/// launchHandler:)`, as on iOS): a launched ``LaunchedTask``'s `expirationHandler` and `setTaskCompleted(success:)`
/// are the app's answer there. The scheduler holds the one table of them (the manifest's and the app's own
/// code's alike) and calls the handler at the launch, after the tasks mode has woken or relaunched the app:
/// the one place a launch reaches the app, as on iOS.
///
/// Every call comes on the engine's owner, at the emulated time of the event. The types are the emulator's
/// own and free of Foundation (``SimTime``, ``JSONValue``, plain values), so that Apple-named modules can map
/// them to `Date`, `[AnyHashable: Any]` and the rest. Every requirement has a default that does what an
/// app that does not implement the method gets.
///
/// ```swift
/// final class NewsApp: AppCode {
///     func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool) {
///         app.mode(TaskMode.self)?.scheduler.register(forTaskWithIdentifier: "refresh") { task in
///             task.expirationHandler = { task.setTaskCompleted(success: false) }
///             app.engine.schedule(after: .seconds(5)) { task.setTaskCompleted(success: true) }
///         }
///     }
///     func application(_ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
///                      fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void) {
///         app.engine.schedule(after: .seconds(2)) { completionHandler(.newData) }
///     }
/// }
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: modes, code: NewsApp())
/// ```
///
/// - Warning: Called on the engine's owner only, like the app.
public protocol AppCode: AnyObject {
    // MARK: The process

    /// The process launched (into the foreground or the background), before any mode hears of it: where
    /// UIKit calls an app's `willFinishLaunchingWithOptions` and `didFinishLaunchingWithOptions`, before the
    /// system acts on the launch. `first` the first time in the run.
    func applicationDidLaunch(_ app: EmulatedApp, first: Bool)
    /// `application(_:didFinishLaunchingWithOptions:)` as the manifest's app hears it, after every mode has
    /// launched; `first` the first time in the run, false when relaunched after it was terminated.
    /// Launch handlers are registered here: when this returns, the scheduler's launch is finished and a
    /// later registration is iOS's exception.
    func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool)
    /// The app moves from `from` to `to`, before any mode hears of it: where UIKit calls an app's
    /// `applicationWillEnterForeground`, `applicationDidBecomeActive`, `applicationWillResignActive`,
    /// `applicationDidEnterBackground` and `applicationWillTerminate`.
    func application(_ app: EmulatedApp, willMoveFrom from: LifecycleState, to: LifecycleState)
    /// `applicationDidBecomeActive(_:)`: the app is in the foreground.
    func applicationDidBecomeActive(_ app: EmulatedApp)
    /// `applicationDidEnterBackground(_:)`: the app left the foreground.
    func applicationDidEnterBackground(_ app: EmulatedApp)
    /// `applicationWillTerminate(_:)`, and more: the process ends, whatever ends it (iOS calls the
    /// delegate only for a running app; the emulator tells the code every time, as what the code scheduled
    /// on the engine ends with the process and must be dropped).
    func applicationWillTerminate(_ app: EmulatedApp)
    /// The process ended and every mode has heard it: what the process held (its delegate, its
    /// registrations, its managers) goes with it.
    func applicationProcessDidEnd(_ app: EmulatedApp)
    /// A call of a framework the route does not name: an Apple-named module of its own hands the system's
    /// call for the app's objects to the route here (``AppCall``), after its mode has done its part.
    func application(_ app: EmulatedApp, deliver call: AppCall)

    // MARK: Pushes

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: background push `push` (its
    /// number in the run) was delivered with its payload; call `completionHandler` within the push's
    /// completion window (30 s) or the app is terminated.
    func application(
        _ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
        fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void)
    /// PushKit's `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)` for a VoIP push: report the
    /// incoming call (`reportIncomingCall`, CallKit's `reportNewIncomingCall`) before calling `completion`,
    /// or the app is terminated and, after repeated failures, VoIP pushes are no longer delivered.
    func pushRegistry(
        _ app: EmulatedApp, didReceiveIncomingVoIPPush payload: JSONValue, push: Int,
        reportIncomingCall: @escaping () -> Void, completion: @escaping () -> Void)

    // MARK: Background transfers

    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: the session's events are
    /// about to be delivered to a woken or relaunched app; keep `completionHandler` and call it when the
    /// session has delivered them (``urlSessionDidFinishEvents(_:forBackgroundURLSession:)``).
    func application(
        _ app: EmulatedApp, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void)
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`: every event of the session was delivered.
    func urlSessionDidFinishEvents(_ app: EmulatedApp, forBackgroundURLSession identifier: String)

    // MARK: Location

    /// The location manager's delegate, `didEnterRegion`, with the fix that decided it; a suspended or
    /// terminated app was woken or relaunched for it.
    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix)
    /// `didExitRegion`, with the fix that decided it.
    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix)
    /// A significant-change update (`didUpdateLocations` from the significant-change service).
    func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix)
    /// Every other event of the device's location services (updates, a region's state, monitoring started
    /// or failed, pauses), for the location managers' delegates of the app's code.
    func locationManager(_ manager: LocationManager, didReport event: LocationManagerEvent)

    // MARK: Audio

    /// `AVAudioSession`'s interruption and route-change notifications for the app's session.
    func audioSession(_ session: AudioSession, didPost notification: AudioSession.Notification)
    /// `MPRemoteCommandCenter`'s command: the lock screen, headphones, a car (MPRIS, a `lifecycle:` step
    /// `{audio: remote}`) sent `command`; the handlers the app added to it do what they do to the app's own
    /// players. The system adds nothing on top.
    func remoteCommandCenter(_ app: EmulatedApp, didReceive command: RemoteCommand)

    // MARK: The legacy fetch

    /// `application(_:performFetchWithCompletionHandler:)`: call `completionHandler` within 30 s or the app
    /// is terminated.
    func application(_ app: EmulatedApp, performFetchWithCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void)
}

extension AppCode {
    public func applicationDidLaunch(_ app: EmulatedApp, first: Bool) {}
    /// Registers nothing.
    public func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool) {}
    public func application(_ app: EmulatedApp, willMoveFrom from: LifecycleState, to: LifecycleState) {}
    public func applicationDidBecomeActive(_ app: EmulatedApp) {}
    public func applicationDidEnterBackground(_ app: EmulatedApp) {}
    public func applicationWillTerminate(_ app: EmulatedApp) {}
    public func applicationProcessDidEnd(_ app: EmulatedApp) {}
    /// No handler of the app's code takes it.
    /// The call goes to the framework's objects as it says.
    public func application(_ app: EmulatedApp, deliver call: AppCall) {
        call.deliver()
    }
    /// An app without the method: the push is done at once, with no data.
    public func application(
        _ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
        fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
    /// An app without PushKit's delegate reports no call.
    public func pushRegistry(
        _ app: EmulatedApp, didReceiveIncomingVoIPPush payload: JSONValue, push: Int,
        reportIncomingCall: @escaping () -> Void, completion: @escaping () -> Void
    ) {
        completion()
    }
    /// Done at once.
    public func application(
        _ app: EmulatedApp, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }
    public func urlSessionDidFinishEvents(_ app: EmulatedApp, forBackgroundURLSession identifier: String) {}
    public func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {}
    public func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {}
    public func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {}
    public func locationManager(_ manager: LocationManager, didReport event: LocationManagerEvent) {}
    public func audioSession(_ session: AudioSession, didPost notification: AudioSession.Notification) {}
    /// An app without a handler on the command: nothing happens.
    public func remoteCommandCenter(_ app: EmulatedApp, didReceive command: RemoteCommand) {}
    /// An app without the method: done at once, with no data.
    public func application(_ app: EmulatedApp, performFetchWithCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void) {
        completionHandler(.noData)
    }
}
