/// What happens to the emulated device itself (the `device:` lifecycle steps, the `device` event's `state`,
/// CONTRACTS.md section 6); every mode hears it (``BackgroundMode/deviceDidChange(_:)``).
///
/// ```yaml
/// lifecycle:
///   - {at: 2h, device: reboot}      # the app is terminated, and stays so
///   - {at: 2h5m, device: unlock}    # the first unlock after the restart: the app's data is readable again
/// ```
public enum DeviceEvent: String, Hashable, Sendable, CaseIterable {
    /// The device restarts: the app's process ends, and its data stays encrypted until the first unlock.
    case reboot
    /// The user unlocks the device.
    case unlock
    /// The user locks the device.
    case lock
}
