/// A condition a ``CLMonitor`` watches, as Apple's `CLCondition`: on the emulated device, a
/// ``CLMonitor/CircularGeographicCondition`` (beacons are not emulated: any other condition is refused
/// with an `error` event, code `conditionUnsupported`).
public protocol CLCondition: Sendable {}
