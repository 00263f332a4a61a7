package import Glibc

/// Starts POSIX threads of their own for blocking work (device writes, `gps_read`, sockets, a terminal's
/// keys), which must never run on Swift concurrency's cooperative pool. Plain pthreads, so a command line
/// that needs a thread does not pull in Foundation.
package enum DedicatedThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread and returns its id. A detached thread (the default) cleans up after
    /// itself; otherwise the caller must `pthread_join` it.
    @discardableResult
    package static func start(detached: Bool = true, _ body: @escaping @Sendable () -> Void) -> pthread_t {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let rc = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(rc == 0, "pthread_create failed: \(rc)")
        if detached { pthread_detach(thread) }
        return thread
    }
}
