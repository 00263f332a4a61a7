extension AudioMode {
    /// Where the run's clips play; nil (the default) reports every `play` action as an `error` event.
    package enum Output: RunOption {
        package static var defaultValue: EmulatedApp.Audio? { nil }
    }
}

extension AppRecipe.Options {
    /// Where clips play (``AudioMode/Output``); nil reports every `play` action as an `error` event.
    package var audio: EmulatedApp.Audio? {
        get { self[AudioMode.Output.self] }
        set { self[AudioMode.Output.self] = newValue }
    }
}
