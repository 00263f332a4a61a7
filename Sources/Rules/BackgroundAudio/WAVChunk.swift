/// One chunk of a WAV file as found in its chunk list: its four-character id, where it starts and its size.
///
/// `bgaudio info` lists them; tests use them to check that odd sizes, pad bytes and chunks after `data`
/// were walked correctly.
///
/// ```swift
/// let layout = try WAVLayout(path: "speech.wav")
/// for chunk in layout.chunks { print(chunk.id, chunk.offset, chunk.size) }   // fmt  12 16, data 36 96000
/// ```
public struct WAVChunk: Hashable, Sendable {
    /// The chunk id; bytes that are not printable ASCII are written as `\xNN`.
    public var id: String
    /// The byte offset of the chunk's 8-byte header in the file.
    public var offset: Int
    /// The body size the chunk declares (for RF64, the size from the ds64 chunk when the header says
    /// 0xFFFFFFFF), which may be more than the file holds.
    public var size: UInt64

    public init(id: String, offset: Int, size: UInt64) {
        self.id = id
        self.offset = offset
        self.size = size
    }
}
