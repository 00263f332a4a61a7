/// A scheduler's action, handed to Dispatch, Foundation's timers and operations, which take `@Sendable`
/// closures where Apple's `Scheduler` takes plain ones.
// @unchecked Sendable: the action runs where the scheduler runs its work, as Apple's schedulers run it; what
// it captures is its caller's to share safely, as on iOS.
struct ScheduledAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
