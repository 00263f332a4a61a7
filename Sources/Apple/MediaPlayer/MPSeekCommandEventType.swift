/// Whether a seek starts or ends, as Apple's `MPSeekCommandEventType` (with Apple's raw values).
public enum MPSeekCommandEventType: UInt, Hashable, Sendable {
    case beginSeeking = 0
    case endSeeking = 1
}
