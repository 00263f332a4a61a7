/// An object that responds to events, as Apple's `UIResponder`: the usual superclass of an app's delegate
/// (`class AppDelegate: UIResponder, UIApplicationDelegate`).
///
/// Its `init()` is required: when the system launches the app again after it was terminated, the emulated
/// device makes a new delegate of the same class with `init()`, as `UIApplicationMain` does.
@MainActor
open class UIResponder: NSObject {
    public required override init() {
        super.init()
    }
}
