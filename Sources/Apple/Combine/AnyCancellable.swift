/// A type-erased cancellable that runs its cancel action once: when ``cancel()`` is called or when it is
/// deinitialized, whichever comes first.
// @unchecked Sendable: the action is taken out under the lock, so it runs once whatever thread cancels.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var action: (() -> Void)?

    /// A cancellable that runs `cancel` when cancelled or deinitialized.
    public init(_ cancel: @escaping () -> Void) {
        action = cancel
    }

    /// A cancellable that cancels `canceller` when cancelled or deinitialized.
    public init<C: Cancellable>(_ canceller: C) {
        action = canceller.cancel
    }

    static func wrapping(_ cancellable: some Cancellable) -> AnyCancellable {
        cancellable as? AnyCancellable ?? AnyCancellable(cancellable)
    }

    deinit { cancel() }

    public func cancel() {
        let action = lock.withLock {
            defer { self.action = nil }
            return self.action
        }
        action?()
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
