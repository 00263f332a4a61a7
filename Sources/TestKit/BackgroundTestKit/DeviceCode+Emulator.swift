import AVFoundation
import BackgroundApp
import BackgroundAudio
import BackgroundCore
import BackgroundLocation
import BackgroundPushes
import BackgroundScheduler
import BackgroundTasks
import CoreLocation
import EmulatedFoundation
import Foundation
import JSON
import MediaPlayer
import PushKit
import UIKit

// The app seam on an EmulatedDevice: the one route by which the system reaches the app's own code. The
// process's launch, moves and end go to the app's UIApplicationDelegate (a new one at each relaunch) and to
// NotificationCenter, before the modes act on them, as UIKit calls them; pushes to the delegate, VoIP pushes to
// its PushKit registries, task launches to the handlers it registered with BGTaskScheduler, region and location
// events to its CLLocationManagers' delegates, the audio session's notifications to NotificationCenter, remote
// commands to its MPRemoteCommandCenter's handlers; the rest is the manifest's handlers (ManifestApp), which a
// device's manifest normally leaves empty.

/// The ``AppCode`` of an ``EmulatedDevice``'s app.
@MainActor
final class DeviceCode: @preconcurrency AppCode {
    weak var device: EmulatedDevice?
    /// The manifest's handlers, for everything the delegate does not take.
    let manifest: ManifestApp
    /// The app moved to the foreground before its process had a delegate (a launch by the user): the
    /// delegate becomes active once it has finished launching, as UIKit does.
    private var activatesAtLaunch = false

    init(manifest: ManifestApp) {
        self.manifest = manifest
    }

    // MARK: The process

    /// A new process: a delegate (the one given to `launch`, then a new one of its class) runs
    /// `willFinishLaunching` and `didFinishLaunching`, before the tasks mode finishes launching (registration
    /// closes), and becomes active when the launch is into the foreground.
    func applicationDidLaunch(_ app: EmulatedApp, first: Bool) {
        guard let device else { return }
        let delegate: any UIApplicationDelegate
        if first, let given = device.firstDelegate {
            delegate = given
            device.firstDelegate = nil
        } else if let type = device.delegateType {
            let made: any UIApplicationDelegate = type.init()
            delegate = made
        } else {
            return
        }
        device.appDelegate = delegate
        let application = UIApplication.shared
        application.delegate = delegate
        _ = delegate.application(application, willFinishLaunchingWithOptions: nil)
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
        if activatesAtLaunch {
            activatesAtLaunch = false
            delegate.applicationDidBecomeActive(application)
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: application)
        }
    }

    func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool) {
        manifest.applicationDidFinishLaunching(app, first: first)
    }

    /// The delegate hears the app's moves between foreground and background, and so does NotificationCenter;
    /// a running app (not a suspended one) hears that it is about to end.
    func application(_ app: EmulatedApp, willMoveFrom from: LifecycleState, to: LifecycleState) {
        let application = UIApplication.shared
        guard let delegate = application.delegate else {
            activatesAtLaunch = to == .foreground
            return
        }
        let center = NotificationCenter.default
        if to == .foreground {
            if from != .terminated {
                delegate.applicationWillEnterForeground(application)
                center.post(name: UIApplication.willEnterForegroundNotification, object: application)
            }
            delegate.applicationDidBecomeActive(application)
            center.post(name: UIApplication.didBecomeActiveNotification, object: application)
        } else if to == .terminated, from == .foreground || from == .background {
            delegate.applicationWillTerminate(application)
            center.post(name: UIApplication.willTerminateNotification, object: application)
        } else if from == .foreground, to == .background || to == .suspended {
            delegate.applicationWillResignActive(application)
            center.post(name: UIApplication.willResignActiveNotification, object: application)
            delegate.applicationDidEnterBackground(application)
            center.post(name: UIApplication.didEnterBackgroundNotification, object: application)
        }
    }

    func applicationDidBecomeActive(_ app: EmulatedApp) { manifest.applicationDidBecomeActive(app) }
    func applicationDidEnterBackground(_ app: EmulatedApp) { manifest.applicationDidEnterBackground(app) }
    func applicationWillTerminate(_ app: EmulatedApp) { manifest.applicationWillTerminate(app) }

    /// The process ended: its delegate and registrations with it.
    func applicationProcessDidEnd(_ app: EmulatedApp) {
        UIApplication.shared.delegate = nil
        device?.appDelegate = nil
        EmulatedTasks.processDidEnd()
        EmulatedLocation.processDidEnd()
        EmulatedMonitor.processDidEnd()
        EmulatedPushRegistries.processDidEnd()
        EmulatedTransfers.processDidEnd()
        EmulatedRemoteControl.processDidEnd()
    }

    /// A delivered push, to the delegate's `didReceiveRemoteNotification…fetchCompletionHandler:`; with no
    /// delegate (the app is not running its code) the handler is never called and the window ends.
    func application(
        _ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
        fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void
    ) {
        guard let device, let delegate = device.appDelegate else { return }
        let info = Self.dictionary(userInfo)
        let handler = CompletionOnce<PushFetchResult>(completionHandler)
        let system = device.system
        delegate.application(UIApplication.shared, didReceiveRemoteNotification: info) { result in
            system.post {
                handler.call(result == .newData ? .newData : result == .noData ? .noData : .failed)
            }
        }
    }

    /// A push's payload as the app's code gets it (`userInfo`, `dictionaryPayload`).
    private static func dictionary(_ payload: JSONValue) -> [AnyHashable: Any] {
        let object = (try? JSONSerialization.jsonObject(with: Data(payload.jsonText.utf8))) as? [String: Any] ?? [:]
        return Dictionary(uniqueKeysWithValues: object.map { (AnyHashable($0.key), $0.value) })
    }

    func pushRegistry(
        _ app: EmulatedApp, didReceiveIncomingVoIPPush payload: JSONValue, push: Int,
        reportIncomingCall: @escaping () -> Void, completion: @escaping () -> Void
    ) {
        // To the app's PushKit registries that ask for VoIP pushes; without one, the manifest's onVoIPPush.
        guard EmulatedPushRegistries.deliverVoIPPush(Self.dictionary(payload), reportIncomingCall: reportIncomingCall, completion: completion) else {
            return manifest.pushRegistry(
                app, didReceiveIncomingVoIPPush: payload, push: push, reportIncomingCall: reportIncomingCall, completion: completion)
        }
    }

    /// A background session's events, to the delegate's `handleEventsForBackgroundURLSession`: its
    /// completion handler may be called from any thread, once (later calls are ignored); with no delegate the
    /// manifest's handler takes them.
    func application(
        _ app: EmulatedApp, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void
    ) {
        guard let device, let delegate = device.appDelegate else {
            return manifest.application(app, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
        }
        let handler = CompletionOnce<Void> { completionHandler() }
        let system = device.system
        delegate.application(UIApplication.shared, handleEventsForBackgroundURLSession: identifier) {
            system.post { handler.call(()) }
        }
    }

    /// To the app's session object of that identifier, after its events (``EmulatedTransfers``).
    func urlSessionDidFinishEvents(_ app: EmulatedApp, forBackgroundURLSession identifier: String) {
        guard device?.appDelegate != nil else { return manifest.urlSessionDidFinishEvents(app, forBackgroundURLSession: identifier) }
        EmulatedTransfers.didFinishEvents(forBackgroundURLSession: identifier)
    }

    // MARK: Location and audio

    /// To the manifest's `onEnter:`, then to the delegates of the app's location managers.
    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {
        manifest.locationManager(manager, didEnterRegion: region, at: fix)
        EmulatedLocation.deliver(.entered(region, fix: fix))
    }

    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {
        manifest.locationManager(manager, didExitRegion: region, at: fix)
        EmulatedLocation.deliver(.exited(region, fix: fix))
    }

    func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {
        manifest.locationManager(manager, didReceiveSignificantChange: fix)
        EmulatedLocation.deliver(.significantChange(fix))
    }

    func locationManager(_ manager: LocationManager, didReport event: LocationManagerEvent) {
        EmulatedLocation.deliver(event)
    }

    /// Posted as AVAudioSession's notification.
    func audioSession(_ session: AudioSession, didPost notification: AudioSession.Notification) {
        manifest.audioSession(session, didPost: notification)
        EmulatedAudio.post(notification)
    }

    /// A remote command, to the handlers the app's code added to `MPRemoteCommandCenter`'s command, on the main
    /// queue; an app whose code has none on any command answers with the manifest's `remoteCommands:`.
    func remoteCommandCenter(_ app: EmulatedApp, didReceive command: RemoteCommand) {
        guard EmulatedRemoteControl.deliver(command) else { return manifest.remoteCommandCenter(app, didReceive: command) }
    }

    func application(_ app: EmulatedApp, performFetchWithCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void) {
        manifest.application(app, performFetchWithCompletionHandler: completionHandler)
    }
}

/// A completion handler the app may call from any thread, more than once: the first call counts.
private final class CompletionOnce<Result>: @unchecked Sendable {
    private var completion: ((Result) -> Void)?

    init(_ completion: @escaping (Result) -> Void) {
        self.completion = completion
    }

    func call(_ result: Result) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
