/// A failure reported by libsndfile, with the file and the C function that failed.
///
/// ```
/// song.flac: sf_open failed: File contains data in an unknown format.
/// ```
package struct SndFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file being read.
    package var file: String
    /// The libsndfile function that failed (`sf_open`, `sf_readf_float`, `sf_seek` …).
    package var function: String
    /// libsndfile's error number (`SF_ERR_*`, or a larger internal code).
    package var code: Int32
    /// libsndfile's text for the error.
    package var message: String

    package init(file: String, function: String, code: Int32, message: String) {
        self.file = file
        self.function = function
        self.code = code
        self.message = message
    }

    package var description: String { "\(file): \(function) failed: \(message)" }
}
