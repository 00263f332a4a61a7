/// How near a beacon is, as Apple's `CLProximity` (with Apple's raw values).
public enum CLProximity: Int, Hashable, Sendable {
    case unknown = 0
    case immediate = 1
    case near = 2
    case far = 3
}
