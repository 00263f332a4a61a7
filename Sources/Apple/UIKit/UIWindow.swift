/// A window, as Apple's `UIWindow`: here so that an app delegate's `var window: UIWindow?` compiles; the
/// emulated device shows nothing.
@MainActor
open class UIWindow: UIResponder {}
