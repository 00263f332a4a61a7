/// Whether the app gets precise locations, with Apple's raw values.
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}
