// Apple's AVFoundation, its background audio surface on the emulated device (CONTRACTS §11): the audio
// session and the player, with Apple's spellings. Foundation comes with it, as with Apple's.
@_exported import Foundation
@_exported import EmulatedFoundation  // Darwin's time constants (NSEC_PER_SEC…), which Linux's Foundation lacks

/// The `userInfo` key of an interruption's type (an ``AVAudioSession/InterruptionType`` raw value).
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
/// The `userInfo` key of an ended interruption's options (``AVAudioSession/InterruptionOptions`` raw value).
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
/// The `userInfo` key of a route change's reason (an ``AVAudioSession/RouteChangeReason`` raw value).
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
