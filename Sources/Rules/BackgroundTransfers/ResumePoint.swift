/// Where an interrupted download can carry on: the bytes already kept and the validator (the `ETag`, or
/// else the `Last-Modified` date) of the response they came from. URLSession's resume data, in short.
///
/// A resumed attempt sends `Range: bytes=<offset>-` and `If-Range: <validator>`; a server whose file
/// changed, or that ignores ranges, answers with the whole file and the download starts again from zero.
public struct ResumePoint: Hashable, Sendable, Codable {
    /// How many bytes of the file are kept.
    public var offset: Int64
    /// The `ETag` or `Last-Modified` value those bytes were sent with.
    public var validator: String

    public init(offset: Int64, validator: String) {
        self.offset = offset
        self.validator = validator
    }
}
