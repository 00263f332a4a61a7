extension Timer {
    /// A connectable publisher of the date each time a repeating `Timer` fires: ``connect()`` adds the timer
    /// to its run loop (on the emulated device, a timer on the main run loop fires on the device's clock).
    // @unchecked Sendable: the timer is set and taken under the lock; the subscribers are SubjectCore's.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        /// The interval between firings, in seconds.
        public let interval: TimeInterval
        /// The timer's tolerance.
        public let tolerance: TimeInterval?
        /// The run loop the timer is added to.
        public let runLoop: RunLoop
        /// The run loop mode it is added in.
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?
        private let core = SubjectCore<Date, Never>(buffersLatest: false)
        private let lock = NSLock()
        private var timer: ScheduledTimer?

        /// A publisher of a timer firing every `interval` seconds on `runLoop` in `mode`.
        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            core.attach(subscriber, current: nil)
        }

        /// Starts the timer (once: while connected, another call returns a cancellable that stops it too).
        public func connect() -> any Cancellable {
            let started: ScheduledTimer? = lock.withLock {
                guard timer == nil else { return nil }
                let core = core
                // First due an interval from now, as Apple's: Linux's Timer(timeInterval:repeats:block:) is due at once.
                let firing = Timer(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true) { _ in
                    core.send(Date())
                }
                if let tolerance { firing.tolerance = tolerance }
                timer = ScheduledTimer(firing)
                return timer
            }
            started?.add(to: runLoop, forMode: mode)
            return AnyCancellable { [weak self] in self?.disconnect() }
        }

        private func disconnect() {
            lock.withLock {
                defer { timer = nil }
                return timer
            }?.cancel()
        }
    }

    /// A publisher of the date every `interval` seconds, from a timer on `runLoop` in `mode`, once connected.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }
}
