/// A source of decoded PCM frames: a WAV file, a libsndfile-backed file, or a generated tone in a test.
///
/// - Important: `read` returns whole frames in ``format``, fewer than asked only at the end, and 0 at the
///   end; a decoding problem throws an `InputError` naming the file and the byte where it happened.
public protocol AudioDecoder: AnyObject {
    /// The format of the frames `read` produces.
    var format: AudioFormat { get }
    /// The number of frames, when known; nil for a stream whose length the file does not say.
    var frameCount: Int? { get }
    /// Reads up to `maxFrames` frames into `buffer` (which holds at least `maxFrames * format.bytesPerFrame`
    /// bytes) and returns how many were read.
    func read(into buffer: UnsafeMutableRawBufferPointer, maxFrames: Int) throws -> Int
    /// Moves to frame `frame` (clamped to the end).
    func seek(toFrame frame: Int) throws
}
