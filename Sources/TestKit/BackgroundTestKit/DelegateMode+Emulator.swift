import BackgroundApp
import BackgroundCore
import BackgroundTasks
import CoreLocation
import EmulatedFoundation
import Foundation
import MediaPlayer
import PushKit
import UIKit

// The app's delegate hears its process's launch and its moves from a background mode called first among the
// device's modes: UIKit calls `didFinishLaunching` and `didEnterBackground` before the system acts on the move
// (the tasks mode closes registration, the audio mode stops a player without the audio mode), whereas the
// seam's calls (`AppCode.applicationDidFinishLaunching`, `applicationDidEnterBackground`) come after every
// mode's. Moving these calls onto the seam means moving the seam's place in that order for the manifest app
// too, whose events would then change; until then this mode launches the process (a new delegate at each
// relaunch), tells it of its moves and ends its registrations with it. Pushes, VoIP pushes and the
// transfer service's events reach the delegate through the seam (DeviceCode).

/// The app's own `UIApplicationDelegate` as the first of the modes an ``EmulatedDevice`` hosts.
@MainActor
final class DelegateMode: @preconcurrency BackgroundMode {
    weak var device: EmulatedDevice?
    /// The app moved to the foreground before its process had a delegate (a launch by the user): the
    /// delegate becomes active once it has finished launching, as UIKit does.
    private var activatesAtLaunch = false

    func attach(to app: EmulatedApp) throws(InputError) {}

    /// `didFinishLaunching` of a new process, before the tasks mode finishes launching (registration closes).
    func appDidLaunch(first: Bool) {
        guard let device else { return }
        if first { EmulatedTasks.deviceWillLaunchApp() }
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
        EmulatedTasks.processDidFinishLaunching()
        // Launched into the foreground (the move came before the process had a delegate): it becomes active.
        if activatesAtLaunch {
            activatesAtLaunch = false
            delegate.applicationDidBecomeActive(application)
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: application)
        }
    }

    /// The process ended: its delegate and registrations with it.
    func appDidTerminate() {
        UIApplication.shared.delegate = nil
        device?.appDelegate = nil
        EmulatedTasks.processDidEnd()
        EmulatedLocation.processDidEnd()
        EmulatedMonitor.processDidEnd()
        EmulatedPushRegistries.processDidEnd()
        EmulatedTransfers.processDidEnd()
        EmulatedRemoteControl.processDidEnd()
    }

    /// The delegate hears the app's moves between foreground and background, and so does NotificationCenter.
    /// A running app (not a suspended one) hears that it is about to end.
    func appDidChange(from: LifecycleState, to: LifecycleState) {
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
}
