import AVFoundation

/// The tour's clip, played when the user reaches the museum, in the background too (the `audio` background
/// mode and the `.playback` category).
@MainActor
final class TourGuide: NSObject, AVAudioPlayerDelegate {
    /// The clip (in the app's bundle on iOS).
    static var clip = Bundle.main.url(forResource: "lindenhof", withExtension: "wav")

    private var player: AVAudioPlayer?
    /// When each play of the clip came to its end.
    private(set) var finished: [Date] = []

    func play() {
        guard let clip = Self.clip else { return print("The tour's clip is missing") }
        do {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playback, mode: .spokenAudio)
            try session.setActive(true)
            let player = try AVAudioPlayer(contentsOf: clip)
            player.delegate = self
            player.play()
            self.player = player
        } catch {
            print("Could not play the tour: \(error)")
        }
    }

    nonisolated func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        MainActor.assumeIsolated {
            finished.append(Date())
            try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
        }
    }
}
