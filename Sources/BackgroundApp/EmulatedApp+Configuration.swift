public import BackgroundTasks

extension EmulatedApp {
    /// Every choice the emulator makes where iOS leaves room, in one place (docs/DEVICE.md).
    ///
    /// ```swift
    /// var configuration = EmulatedApp.Configuration()
    /// configuration.lifecycle.backgroundGrace = .seconds(5)
    /// configuration.commands.killGrace = .seconds(1)
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// The grace period after leaving the foreground and the wake window of region events.
        public var lifecycle = AppLifecycle.Configuration()
        /// The task scheduler's policy and budgets.
        public var scheduler = BGTaskScheduler.Configuration()
        /// How `run:` commands run.
        public var commands = AppSimulator.Commands()
        /// The ALSA device clips play on, instead of the manifest's `audio.device` (`null`: silently).
        public var audioDevice: String?

        public init() {}
    }
}
