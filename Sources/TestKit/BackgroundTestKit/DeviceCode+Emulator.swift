import BackgroundApp
import BackgroundAudio
import BackgroundCore
import BackgroundLocation
import BackgroundPushes
import EmulatedFoundation
import Foundation
import JSON
import MediaPlayer
import PushKit
import UIKit

// The app seam (issue 33) on an EmulatedDevice: the code every mode calls. Pushes go to the app's own
// UIApplicationDelegate, VoIP pushes to its PushKit registries, remote commands to its MPRemoteCommandCenter's
// handlers; the rest is the manifest's handlers (ManifestApp), which a device's manifest
// normally leaves empty. The delegate's launch and moves come from DelegateMode, first among the modes (why: there).

/// The ``AppCode`` of an ``EmulatedDevice``'s app.
@MainActor
final class DeviceCode: @preconcurrency AppCode {
    weak var device: EmulatedDevice?
    /// The manifest's handlers, for everything the delegate does not take.
    let manifest: ManifestApp

    init(manifest: ManifestApp) {
        self.manifest = manifest
    }

    func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool) {
        manifest.applicationDidFinishLaunching(app, first: first)
    }

    func applicationDidBecomeActive(_ app: EmulatedApp) { manifest.applicationDidBecomeActive(app) }
    func applicationDidEnterBackground(_ app: EmulatedApp) { manifest.applicationDidEnterBackground(app) }
    func applicationWillTerminate(_ app: EmulatedApp) { manifest.applicationWillTerminate(app) }

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

    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {
        manifest.locationManager(manager, didEnterRegion: region, at: fix)
    }

    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {
        manifest.locationManager(manager, didExitRegion: region, at: fix)
    }

    func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {
        manifest.locationManager(manager, didReceiveSignificantChange: fix)
    }

    func audioSession(_ session: AudioSession, didPost notification: AudioSession.Notification) {
        manifest.audioSession(session, didPost: notification)
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
