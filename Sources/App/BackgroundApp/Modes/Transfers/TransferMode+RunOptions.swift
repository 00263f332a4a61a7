public import BackgroundTransfers

extension TransferMode {
    /// How the run's background session's transfers happen (default simulated, with the manifest's `server:`).
    package enum AttemptsOption: RunOption {
        package static var defaultValue: Attempts { TransferMode.simulatedAttempts }
    }

    /// Where the run keeps pending transfers (`--state`); nil (the default): nowhere.
    package enum StoreOption: RunOption {
        package static var defaultValue: (any TransferStore)? { nil }
    }
}

extension AppRecipe.Options {
    /// How the background session's transfers happen (``TransferMode/AttemptsOption``).
    package var transferAttempts: TransferMode.Attempts {
        get { self[TransferMode.AttemptsOption.self] }
        set { self[TransferMode.AttemptsOption.self] = newValue }
    }

    /// Where pending transfers are kept (``TransferMode/StoreOption``).
    public var transferStore: (any TransferStore)? {
        get { self[TransferMode.StoreOption.self] }
        set { self[TransferMode.StoreOption.self] = newValue }
    }
}
