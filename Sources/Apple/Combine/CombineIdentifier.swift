/// A unique identity of a subscription or subscriber, for telling streams apart.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private static let counter = Counter()
    private let value: UInt64

    /// A new identifier, different from every other.
    public init() {
        value = Self.counter.next()
    }

    /// The identifier of `object`.
    public init(_ object: AnyObject) {
        value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))
    }

    public var description: String { "0x" + String(value, radix: 16) }
}
