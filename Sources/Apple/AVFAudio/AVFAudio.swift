// Apple's AVFAudio, the audio part of AVFoundation (the session, the player), which Apple's AVFoundation
// re-exports. In bgkit the types stay in the AVFoundation module and this module re-exports it instead, so that
// a file that writes `import AVFAudio` compiles against the same `AVAudioSession` and `AVAudioPlayer` (and sees
// the rest of AVFoundation's surface too, which Apple's AVFAudio does not hold).
@_exported import AVFoundation
