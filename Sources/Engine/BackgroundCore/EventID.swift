/// The handle of a scheduled event, used to cancel it.
public struct EventID: Hashable, Sendable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }
}
