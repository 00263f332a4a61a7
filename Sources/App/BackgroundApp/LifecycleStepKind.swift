public import BackgroundCore

/// One kind of `lifecycle:` step: the key that says what the step does (`app:`, `device:`,
/// `simulateLaunch:`, or a mode's own), the other keys it may carry (its options), how they are read, whether the step may carry action keys, and
/// what the step does when its time comes. The core brings `app`, `device` and `extension`; a mode brings its
/// own through its section (``ManifestSection/lifecycleSteps``), as it brings action keys — the tasks mode's
/// `simulateLaunch` and `simulateExpiration` are two.
///
/// ```swift
/// static var lifecycleSteps: [LifecycleStepKind] {
///     [LifecycleStepKind("ring", read: { value, _ throws(InputError) in try value.string() }) { who, step in
///         step.app.mode(DoorbellMode.self)?.ring(by: who)
///     }]
/// }
/// ```
/// `{at: 5m, ring: front}` then rings the bell five minutes into the run.
public struct LifecycleStepKind: Sendable {
    /// What a step's ``LifecycleStepKind/perform`` gets when its time comes.
    public struct Step {
        /// The step, as read.
        public let step: ManifestLifecycleStep
        /// The app the user's hand acts on.
        public let app: EmulatedApp
        /// How the step is named in the timeline (`lifecycle[2]`).
        public let name: String
    }

    /// The key, as it stands in a step's mapping.
    public let key: String
    /// The keys a step of this kind may carry beside its own and `at` (`for` and `shouldResume` of
    /// `{audio: interruption}`), which its reader reads; a step of another kind may not carry them.
    public let options: [String]
    /// Reads and checks the key's value and the step's options; `partial` is the manifest read so far.
    let read: @Sendable (_ value: ManifestValue, _ step: ManifestMapping, _ partial: AppManifest) throws(InputError) -> any Hashable & Sendable
    /// Whether a step of this value may carry action keys (`submit:`, `play:`…).
    let takesAction: @Sendable (_ value: any Hashable & Sendable) -> Bool
    /// What the step does, on the engine's owner.
    let perform: @Sendable (_ value: any Hashable & Sendable, _ step: Step) -> Void

    /// A step kind under `key`, whose value `read` reads; `takesAction` says which of its values may carry
    /// action keys (none by default); `perform` carries the step out.
    public init<Value: Hashable & Sendable>(
        _ key: String, takesAction: @escaping @Sendable (Value) -> Bool = { _ in false },
        read: @escaping @Sendable (_ value: ManifestValue, _ partial: AppManifest) throws(InputError) -> Value,
        perform: @escaping @Sendable (Value, Step) -> Void
    ) {
        self.init(key, options: [], takesAction: takesAction, read: { value, _, partial throws(InputError) in try read(value, partial) }, perform: perform)
    }

    /// A step kind under `key` whose steps may also carry `options`: `read` reads the key's value and the
    /// options from the step's mapping (`{at: 3h, audio: interruption, for: 45s}`).
    public init<Value: Hashable & Sendable>(
        _ key: String, options: [String], takesAction: @escaping @Sendable (Value) -> Bool = { _ in false },
        read: @escaping @Sendable (_ value: ManifestValue, _ step: ManifestMapping, _ partial: AppManifest) throws(InputError) -> Value,
        perform: @escaping @Sendable (Value, Step) -> Void
    ) {
        self.key = key
        self.options = options
        self.read = { value, step, partial throws(InputError) in try read(value, step, partial) }
        self.takesAction = { value in (value as? Value).map(takesAction) ?? false }
        self.perform = { value, step in
            guard let value = value as? Value else { return }
            perform(value, step)
        }
    }
}
