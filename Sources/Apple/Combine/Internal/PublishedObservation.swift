/// What a `@Published` property knows of its object: the object's ``ObservableObjectPublisher``, which it sends
/// on before it changes, given to every `@Published` property of the object on the first use of
/// `objectWillChange` (found by reflection, through the superclasses too).
// @unchecked Sendable: the publisher is set and read under the lock.
class PublishedObservation: @unchecked Sendable {
    private static let installing = NSLock()
    private let lock = NSLock()
    private var publisher: ObservableObjectPublisher?

    var objectWillChange: ObservableObjectPublisher? { lock.withLock { publisher } }

    static func publisher(of object: AnyObject) -> ObservableObjectPublisher {
        installing.withLock {
            var fields: [PublishedObservation] = []
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                fields += current.children.compactMap { ($0.value as? any PublishedField)?.observation }
                mirror = current.superclassMirror
            }
            if let publisher = fields.lazy.compactMap(\.objectWillChange).first { return publisher }
            let publisher = ObservableObjectPublisher()
            for field in fields { field.lock.withLock { field.publisher = publisher } }
            return publisher
        }
    }
}

/// A `@Published` property, as reflection sees it.
protocol PublishedField {
    var observation: PublishedObservation { get }
}
