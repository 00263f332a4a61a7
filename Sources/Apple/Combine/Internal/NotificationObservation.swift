/// The observer behind a ``NotificationCenter/Publisher`` subscription: it sends each notification to the
/// subscription's subject until ended.
// @unchecked Sendable: the token is taken under the lock; the subject is thread-safe.
final class NotificationObservation: @unchecked Sendable {
    private let lock = NSLock()
    private let center: NotificationCenter
    private var token: (any NSObjectProtocol)?

    init(center: NotificationCenter, name: Notification.Name, object: AnyObject?, subject: PassthroughSubject<Notification, Never>) {
        self.center = center
        let sender = NotificationSender(subject)
        token = center.addObserver(forName: name, object: object, queue: nil) { sender.send($0) }
    }

    func end() {
        let token = lock.withLock {
            defer { self.token = nil }
            return self.token
        }
        if let token { center.removeObserver(token) }
    }
}

/// The subject a notification observer sends to.
// @unchecked Sendable: PassthroughSubject may be sent to from any thread; a Notification is handed on as
// the center posts it, as on iOS.
private struct NotificationSender: @unchecked Sendable {
    let subject: PassthroughSubject<Notification, Never>

    init(_ subject: PassthroughSubject<Notification, Never>) {
        self.subject = subject
    }

    func send(_ notification: Notification) { subject.send(notification) }
}
