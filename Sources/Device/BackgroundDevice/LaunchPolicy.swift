/// The system's policy on the device: when it launches a task that has become eligible, and whether its
/// discretion (usage, battery, budgets) rules background work. The device holds it (``Device/policy``);
/// every mode asks the device, never another mode's configuration.
///
/// iOS decides at its own discretion when to launch an eligible task; the emulator offers two
/// deterministic models of that discretion. Both keep every rule (earliest begin, conditions): they only
/// choose how long after the moment a task becomes eligible it launches.
///
/// - ``eager``: at the first whole minute of the simulation clock (UTC, seconds :00) at or after the
///   moment the task became eligible — within a minute, as CONTRACTS.md promises, and on readable times:
///   a refresh with a 15-minute earliest begin submitted at 09:00:00 launches at 09:15:00.
/// - ``realistic(seed:)``: the system's discretion (`SystemDiscretion`, docs/SCHEDULER.md "How often will
///   my task run?"): a refresh launches ahead of the user's next predicted open, never for an app not
///   opened within the usage window, and not on battery below 20 %; a processing task after a delay
///   drawn from a PRNG seeded with `seed` (SplitMix64, 5 to 60 minutes in whole seconds: the system
///   waiting for the device to settle), never past its processing window (two days from its earliest
///   begin), and only if the app was used within the past week; both no sooner than the rate limit and
///   the energy budget allow. Draws happen in a fixed order, so the same inputs and seed give the same
///   timeline, byte for byte.
///
/// Under both, every other task eligible when one launches launches with it, in one batch; a continued
/// processing task launches as soon as it has a place.
///
/// ```swift
/// var configuration = TaskScheduler.Configuration()
/// configuration.policy = .realistic(seed: 42)
/// ```
public enum LaunchPolicy: Hashable, Sendable {
    case eager
    case realistic(seed: UInt64)

    /// Whether the system's discretion rules: under ``realistic(seed:)`` (`--policy realistic`) the
    /// scheduler, pushes and transfers follow it; under ``eager`` (the default) none does.
    public var isRealistic: Bool {
        if case .realistic = self { true } else { false }
    }

    /// The one critical-battery rule: true under the realistic policy while the battery is critically low on
    /// battery power (`DeviceConditions.isBatteryCriticallyLow`); then refreshes, processing tasks,
    /// background pushes and discretionary transfers wait (``SystemDiscretion/Reason/lowBattery``).
    public func holdsForLowBattery(_ conditions: DeviceConditions) -> Bool {
        isRealistic && conditions.isBatteryCriticallyLow
    }
}
