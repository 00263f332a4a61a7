// fuzz-seeds: $SHARED/wav/*.wav Examples/*/audio/*.wav Tests/Regressions/WAV/*
import BackgroundAudio
import FuzzSupport

/// Fuzzes the WAV decoder: any bytes give a layout and frames or an `InputError`, never a crash, a hang or
/// unbounded memory. Reads every frame, as playback does, then seeks past the end and reads again.
@main enum FuzzWAV {
    static func main() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        FuzzDriver.run(asFileNamed: "fuzz.wav") { path in
            guard let decoder = try? WAVDecoder(path: path) else { return }
            while let frames = try? decoder.read(into: buffer, maxFrames: 4096), frames > 0 {}
            try? decoder.seek(toFrame: Int.max)
            _ = try? decoder.read(into: buffer, maxFrames: 4096)
        }
    }
}
