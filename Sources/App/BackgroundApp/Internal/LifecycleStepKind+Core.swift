import BackgroundCore
import BackgroundDevice

extension LifecycleStepKind {
    /// `app:`: a state (`foreground`, `background`, `suspended`, `terminated`) or `forceQuit`; a foreground
    /// step may carry the user's tap (action keys).
    static let app = LifecycleStepKind(
        "app", takesAction: { $0 == .state(.foreground) },
        read: { value, _ throws(InputError) in
            try value.choice([LifecycleState.foreground, .background, .suspended, .terminated].map(AppStep.state) + [.forceQuit], "app state")
        },
        perform: { change, step in step.app.user.apply(change, step) })

    /// `device:`: a restart, an unlock or a lock.
    static let device = LifecycleStepKind(
        "device", read: { value, _ throws(InputError) in try value.choice(DeviceEvent.allCases, "device event") },
        perform: { event, step in step.app.deviceDidChange(event) })

    /// `extension:`: one of the app's extensions runs the step's action in its own process.
    static let appExtension = LifecycleStepKind(
        "extension", takesAction: { (_: AppExtension) in true },
        read: { value, _ throws(InputError) in
            let name = try value.string()
            guard !name.isEmpty else { throw value.error("the extension's bundle identifier is empty") }
            return AppExtension(bundle: name)
        },
        perform: { appExtension, step in
            // The extension's own process acts; the app is neither woken nor launched.
            guard let action = step.step.action else { return }
            step.app.perform(action, trigger: ActionTrigger(.appExtension, source: appExtension.bundle))
        })

    /// The core's kinds that come before the modes' in messages, and after them.
    static let leading = [app, device]
    static let trailing = [appExtension]
}

/// The value of an `app:` step.
enum AppStep: RawRepresentable, Hashable, Sendable {
    case state(LifecycleState)
    case forceQuit

    var rawValue: String {
        switch self {
        case .state(let state): state.rawValue
        case .forceQuit: "forceQuit"
        }
    }

    init?(rawValue: String) {
        if rawValue == "forceQuit" {
            self = .forceQuit
        } else if let state = LifecycleState(rawValue: rawValue) {
            self = .state(state)
        } else {
            return nil
        }
    }
}

/// The value of an `extension:` step: the extension's bundle identifier.
struct AppExtension: Hashable, Sendable {
    var bundle: String
}
