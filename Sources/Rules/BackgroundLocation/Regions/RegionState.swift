/// A monitored region's determined state, as `CLRegionState`.
public enum RegionState: String, Hashable, Sendable {
    case inside, outside, unknown
}
