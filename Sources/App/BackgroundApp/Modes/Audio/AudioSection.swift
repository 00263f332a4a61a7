import BackgroundAudio
package import BackgroundCore

/// The audio mode's part of the manifest: the `audio:` session; it gives actions their `play:` key, a
/// clip relative to the manifest's folder, and `lifecycle:` its `audio:` steps.
///
/// ```yaml
/// audio: {category: playback, device: default}
/// regions:
///   - {id: museum, lat: 47.3769, lon: 8.5417, radius: 200, onEnter: {play: audio/museum.wav}}
/// ```
package struct AudioSection: ManifestSection {
    package static let keys = ["audio"]
    static let audioKeys = ["category", "device", "nowPlaying", "remoteCommands"]

    /// `play:` names a clip.
    package static var actions: [ManifestActionKind] {
        [ManifestActionKind("play") { value, _ throws(InputError) in try value.path() }]
    }

    /// `audio:`.
    package var audio: ManifestAudio?

    package init(audio: ManifestAudio? = nil) {
        self.audio = audio
    }

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        guard let node = manifest["audio"] else {
            self.init()
            return
        }
        let f = try node.mapping(allowed: Self.audioKeys)
        var tags = AudioTags()
        if let now = f["nowPlaying"] {
            let fields = try now.mapping(allowed: ["title", "artist", "album"])
            tags = AudioTags(title: try fields["title"]?.string(), artist: try fields["artist"]?.string(), album: try fields["album"]?.string())
        }
        self.init(
            audio: ManifestAudio(
                category: try f["category"]?.choice(ManifestAudio.Category.allCases, "audio category") ?? .soloAmbient,
                device: try f["device"]?.string() ?? "default", nowPlaying: tags,
                remoteCommands: try f["remoteCommands"].map(ManifestRemoteCommand.read) ?? [:]))
    }
}

extension AppManifest {
    /// `audio:`.
    package var audio: ManifestAudio? { self[AudioSection.self]?.audio }
}

extension ManifestAction {
    /// `play:`, a clip to play, resolved against the manifest's folder.
    package var play: String? { value("play") }
}
