public import BackgroundCore

/// One key a mode adds to actions (`submit:`, `play:`), with how its value is read: what
/// ``ManifestSection/actions`` lists. The value read is stored in ``ManifestAction`` under the key.
///
/// ```swift
/// ManifestActionKind("play") { value, _ throws(InputError) in try value.path() }
/// ```
public struct ManifestActionKind: Sendable {
    /// The key, as it stands in an action mapping.
    public let name: String
    /// Reads and checks the key's value; `partial` is the manifest read so far (the core and the sections
    /// before the one that holds the action).
    public let read: @Sendable (_ value: ManifestValue, _ partial: AppManifest) throws(InputError) -> any Hashable & Sendable

    public init(
        _ name: String,
        read: @escaping @Sendable (_ value: ManifestValue, _ partial: AppManifest) throws(InputError) -> any Hashable & Sendable
    ) {
        self.name = name
        self.read = read
    }
}
