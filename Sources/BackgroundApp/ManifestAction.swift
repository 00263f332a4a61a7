/// What the emulated app does when a location event happens: `onEnter:`, `onExit:` and
/// `significantChange:` of the manifest.
///
/// ```yaml
/// onEnter: {submit: com.example.tour.upload, play: audio/museum.wav}
/// ```
public struct ManifestAction: Hashable, Sendable {
    /// A declared task to submit.
    public var submit: String?
    /// An audio file to play, resolved against the manifest's folder.
    public var play: String?

    public init(submit: String? = nil, play: String? = nil) {
        self.submit = submit
        self.play = play
    }
}
