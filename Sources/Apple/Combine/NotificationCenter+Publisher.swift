extension NotificationCenter {
    /// A publisher of the notifications of a name (and object) a notification center posts, from the
    /// subscription on; one posted while its subscriber has no demand is missed.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        /// The center observed.
        public let center: NotificationCenter
        /// The name observed.
        public let name: Notification.Name
        /// The object observed (nil: any).
        public let object: AnyObject?

        /// A publisher of `center`'s notifications named `name` (from `object`, if given).
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subject = PassthroughSubject<Notification, Never>()
            let observation = NotificationObservation(center: center, name: name, object: object, subject: subject)
            subject.handleEvents(receiveCancel: observation.end).subscribe(subscriber)
        }
    }

    /// A publisher of the notifications named `name` (from `object`, if given) this center posts.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }
}
