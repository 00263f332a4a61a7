/// Which way up the device is held, for headings, as Apple's `CLDeviceOrientation` (with Apple's raw values).
public enum CLDeviceOrientation: Int32, Hashable, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6
}
