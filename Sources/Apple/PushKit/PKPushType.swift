/// The kind of push a registry asks for, as Apple's `PKPushType`.
public struct PKPushType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Incoming calls (`PKPushTypeVoIP`): each must be reported to CallKit.
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
    /// File provider updates.
    public static let fileProvider = PKPushType(rawValue: "PKPushTypeFileProvider")
}
