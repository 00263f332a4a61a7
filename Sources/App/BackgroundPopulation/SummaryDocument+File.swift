public import BackgroundCore

extension SummaryDocument {
    /// The largest summary file `bgtask merge` reads (a summary of a few tasks is a few kilobytes).
    public static let fileLimit = 16 << 20

    /// Reads the summary at `path`.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read or is not a summary.
    public init(contentsOf path: String) throws(InputError) {
        let bytes = try WholeFile.read(path, limit: Self.fileLimit, messages: Self.readMessages)
        try self.init(bytes: bytes, file: path)
    }

    private static let readMessages = WholeFile.Messages(
        missing: "no such summary file", directory: "a directory, not a summary file",
        unreadable: { "cannot read the summary: \($0)" }, tooLarge: "too large for a summary (at most 16 MiB)")

    /// Writes the summary to `path` atomically: into a temporary file beside it, flushed to the disk, then
    /// renamed over `path`, so that a reader (or a job array's merge) never sees half a summary.
    ///
    /// - Throws: ``InputError`` naming `path` when the file cannot be written.
    public func write(to path: String) throws(InputError) {
        if let problem = WholeFile.replace(path, with: jsonText) { throw InputError(file: path, message: problem) }
    }
}
