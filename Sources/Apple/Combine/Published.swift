/// A property of a class that publishes its changes: `$property` is a publisher that sends the current value
/// to a new subscriber and each new value in the property's willSet (before the property holds it); in an
/// ``ObservableObject``, `objectWillChange` sends first.
@propertyWrapper
public struct Published<Value> {
    let storage: PublishedStorage<Value>

    /// A property whose value is `wrappedValue`.
    public init(wrappedValue: Value) {
        storage = PublishedStorage(wrappedValue)
    }

    /// A property whose value is `initialValue`.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// The property's publisher; writing it (as `assign(to: &$property)` does) keeps the same one.
    public var projectedValue: Publisher {
        mutating get { Publisher(storage) }
        set {}
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set { object[keyPath: storageKeyPath].storage.set(newValue) }
    }
}

extension Published: PublishedField {
    var observation: PublishedObservation { storage }
}
