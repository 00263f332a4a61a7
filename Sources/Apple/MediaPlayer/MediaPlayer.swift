// Apple's MediaPlayer, its remote-control surface on the emulated device (CONTRACTS §11): the remote command
// center with its commands and events, and the Now Playing center with the keys of its dictionary, with
// Apple's spellings and values. Foundation comes with it, as with Apple's.
@_exported import Foundation
@_exported import EmulatedFoundation  // Darwin's time constants (NSEC_PER_SEC…), which Linux's Foundation lacks

/// The title of the item (a `String`): `"title"`, as Apple's.
public let MPMediaItemPropertyTitle = "title"
/// The performing artist (a `String`): `"artist"`.
public let MPMediaItemPropertyArtist = "artist"
/// The album's title (a `String`): `"albumTitle"`.
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
/// The item's length in seconds (an `NSNumber` of a `Double`, or a `TimeInterval`): `"playbackDuration"`.
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
/// The elapsed time of the item in seconds, when the dictionary is set (an `NSNumber` of a `Double`); the
/// system brings it forward by the playback rate.
public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
/// The playback rate (an `NSNumber` of a `Double`): 0 paused, 1 playing at normal speed.
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
