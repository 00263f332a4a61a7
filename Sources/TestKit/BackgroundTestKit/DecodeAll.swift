package import BackgroundAudio

/// Reads a decoder to its end, `chunk` frames at a time, into one array; the buffer starts filled with
/// `0xEE` so that bytes a decoder claims but never writes show up. The loop is bounded by the frame count,
/// so a decoder that never ends fails instead of hanging.
///
/// - Throws: what the decoder throws, or ``DecoderDidNotEnd``.
package func decodeAll(_ decoder: any AudioDecoder, chunk: Int = 1024) throws -> [UInt8] {
    let frameBytes = decoder.format.bytesPerFrame
    var buffer = [UInt8](repeating: 0xEE, count: chunk * frameBytes)
    var out: [UInt8] = []
    let limit = (decoder.frameCount ?? 1 << 24) / chunk + 2
    for _ in 0..<limit {
        let frames = try buffer.withUnsafeMutableBytes { try decoder.read(into: $0, maxFrames: chunk) }
        if frames == 0 { return out }
        out += buffer[0..<(frames * frameBytes)]
    }
    throw DecoderDidNotEnd(reads: limit)
}

/// A decoder kept returning frames past its own frame count.
package struct DecoderDidNotEnd: Error, CustomStringConvertible {
    package var reads: Int
    package var description: String { "the decoder did not reach its end within \(reads) reads" }
}
