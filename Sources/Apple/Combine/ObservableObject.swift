/// An object that publishes before it changes: by default, ``objectWillChange`` is an
/// ``ObservableObjectPublisher`` that sends before each of its `@Published` properties (its class's and its
/// superclasses') changes.
public protocol ObservableObject: AnyObject {
    /// The publisher of the object's changes.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never
    /// Sends before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, shared by its `@Published` properties (made on first use; an object without
    /// one gets a new publisher each time, which nothing sends on).
    public var objectWillChange: ObservableObjectPublisher {
        PublishedObservation.publisher(of: self)
    }
}
