package import BackgroundAudio

extension EmulatedApp {
    /// Where the emulated app's clips go and how they are decoded — the seam between the app and the
    /// machine's audio. `bgloc` passes ALSA's output and decoders; a test passes a recording output.
    ///
    /// ```swift
    /// let audio = EmulatedApp.Audio(output: { ALSAOutput(device: $0) }, open: AudioFile.open)
    /// ```
    package struct Audio {
        /// An output for the manifest's `audio.device` (an ALSA PCM name; `null` plays silently).
        package var output: (String) -> any AudioOutput
        /// A decoder for a clip's path.
        package var open: (String) throws -> any AudioDecoder

        package init(output: @escaping (String) -> any AudioOutput, open: @escaping (String) throws -> any AudioDecoder) {
            self.output = output
            self.open = open
        }
    }
}
