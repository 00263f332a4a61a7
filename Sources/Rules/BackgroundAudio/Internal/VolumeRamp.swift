/// The player's volume over time: a steady gain, or a linear fade towards a target counted in frames
/// (so that a fade lasts the same on virtual time as on a device).
struct VolumeRamp {
    private(set) var current: Double = 1
    private var target: Double = 1
    private var framesLeft = 0

    /// True at a steady gain of exactly 1.0: the samples must pass untouched.
    var isUnity: Bool { framesLeft == 0 && current == 1 }

    /// Starts moving to `volume` over `frames` frames (at once when 0).
    mutating func set(_ volume: Double, overFrames frames: Int) {
        target = volume
        framesLeft = max(0, frames)
        if framesLeft == 0 { current = volume }
    }

    /// Scales one buffer and moves the ramp on by its frames.
    mutating func apply(to buffer: UnsafeMutableRawBufferPointer, frames: Int, format: AudioFormat) {
        guard !isUnity else { return }
        SampleGain.apply(to: buffer, frames: frames, format: format, from: current, to: target, span: framesLeft)
        if frames >= framesLeft {
            current = target
            framesLeft = 0
        } else {
            current += (target - current) * Double(frames) / Double(framesLeft)
            framesLeft -= frames
        }
    }
}
