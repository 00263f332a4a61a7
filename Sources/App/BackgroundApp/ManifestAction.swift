/// What the emulated app does when something happens (a region's `onEnter:`, `significantChange:`…): a
/// mapping of action keys, each provided by a mode (``ManifestActionKind``) — `submit` by the tasks mode,
/// `play` by the audio mode — and carried out by the mode that provides it.
///
/// ```yaml
/// onEnter: {submit: com.example.tour.upload, play: audio/museum.wav}
/// ```
public struct ManifestAction: Hashable, Sendable {
    /// The values read, by action key.
    public var parts: [String: any Hashable & Sendable]

    public init(_ parts: [String: any Hashable & Sendable] = [:]) {
        self.parts = parts
    }

    /// The value under `key`, when it is there and of type `T`.
    public func value<T: Hashable & Sendable>(_ key: String, as type: T.Type = T.self) -> T? {
        parts[key] as? T
    }

    public static func == (a: ManifestAction, b: ManifestAction) -> Bool {
        a.parts.count == b.parts.count
            && a.parts.allSatisfy { key, value in b.parts[key].map { AnyHashable(value) == AnyHashable($0) } ?? false }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Set(parts.keys))
    }
}
