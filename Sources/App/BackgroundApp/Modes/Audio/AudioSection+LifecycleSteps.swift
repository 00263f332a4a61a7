import BackgroundCore

extension AudioSection {
    /// `{at: 3h, audio: interruption, for: 45s, shouldResume: true}`, `{at: 5h, audio: routeLost}` and
    /// `{at: 6h, audio: remote, command: togglePlayPause}`.
    package static var lifecycleSteps: [LifecycleStepKind] { [.audio] }
}

extension LifecycleStepKind {
    /// `audio: interruption|routeLost|remote`: something happens to the app's audio (``ManifestAudioStep``).
    static let audio = LifecycleStepKind(
        "audio", options: ManifestAudioStep.options,
        read: { value, step, _ throws(InputError) in try ManifestAudioStep(value, step: step) }
    ) { change, step in
        step.app.mode(AudioMode.self)?.perform(change)
    }
}
