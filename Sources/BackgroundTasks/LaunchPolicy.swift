/// When the emulated system launches a task that has become eligible.
///
/// iOS decides at its own discretion when to launch an eligible task; the emulator offers two
/// deterministic models of that discretion. Both keep every rule (earliest begin, conditions): they only
/// choose how long after the moment a task becomes eligible it launches.
///
/// - ``eager``: at the first whole minute of the simulation clock (UTC, seconds :00) at or after the
///   moment the task became eligible — within a minute, as CONTRACTS.md promises, and on readable times:
///   a refresh with a 15-minute earliest begin submitted at 09:00:00 launches at 09:15:00.
/// - ``realistic(seed:)``: after a pseudo-random delay drawn from a PRNG seeded with `seed` (SplitMix64,
///   whole seconds): a refresh waits 1 to 30 minutes, and one time in four another 30 minutes to 2 hours
///   (the system skipping a slot to save power); a processing task waits 5 to 60 minutes (the system
///   waiting for the device to settle), never past its processing window (two days from its earliest
///   begin), and only if the app was used within the past week. Draws happen in a fixed order, so the
///   same inputs and seed give the same timeline, byte for byte.
///
/// Under both, every other task eligible when one launches launches with it, in one batch; a continued
/// processing task launches as soon as it has a place.
///
/// ```swift
/// var configuration = BGTaskScheduler.Configuration()
/// configuration.policy = .realistic(seed: 42)
/// ```
public enum LaunchPolicy: Hashable, Sendable {
    case eager
    case realistic(seed: UInt64)
}
