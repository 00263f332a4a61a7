extension Published {
    /// The publisher of a `@Published` property (`$property`): the current value on subscribing, then each new
    /// value before the property holds it.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        let storage: PublishedStorage<Value>

        init(_ storage: PublishedStorage<Value>) {
            self.storage = storage
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.attach(subscriber)
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes each value to the `@Published` property whose publisher is `published` (`&$property`), as a
    /// change of the property; the subscription ends with the property.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        storage.keep(sink { [weak storage] in storage?.set($0) })
    }
}
