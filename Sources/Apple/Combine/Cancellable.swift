/// An activity or action that can be cancelled: cancelling frees what it holds and stops its delivery.
public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
}

extension Cancellable {
    /// Keeps this cancellable, wrapped in an ``AnyCancellable``, in `set`: it is cancelled when the set releases it.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(AnyCancellable.wrapping(self))
    }

    /// Keeps this cancellable, wrapped in an ``AnyCancellable``, in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(AnyCancellable.wrapping(self))
    }
}
