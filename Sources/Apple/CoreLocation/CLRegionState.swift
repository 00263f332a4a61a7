/// Whether the device is in a region, with Apple's raw values.
public enum CLRegionState: Int, Sendable {
    case unknown = 0
    case inside = 1
    case outside = 2
}
