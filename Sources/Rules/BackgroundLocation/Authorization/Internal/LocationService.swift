/// The services authorization decides about, each with the name the timeline's `error` events use.
enum LocationService: Int, CaseIterable {
    case continuous, significant, regions

    var name: String {
        switch self {
        case .continuous: "continuous updates"
        case .significant: "significant-change updates"
        case .regions: "region monitoring"
        }
    }
}
