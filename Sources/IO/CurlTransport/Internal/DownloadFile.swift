import BackgroundTransfers
import Glibc

/// A download's bytes on their way to the destination: written to a hidden partial file beside it
/// (`.<name>.partial` in the same folder, so that the final rename is atomic), synced and renamed into
/// place only when the download is complete. The destination never holds half a file; the partial file
/// stays between attempts when a resume can use it, and is removed otherwise.
final class DownloadFile {
    let destination: String
    let partialPath: String
    /// Bytes already in the partial file that this attempt asks the server to skip (`Range`); 0 when it
    /// asks for the whole file.
    let requestedOffset: Int64
    /// The partial file's size: where the next byte goes.
    private(set) var size: Int64
    private var descriptor: Int32
    /// Where the bytes not yet sent on their way to the disk start (see ``writeBehind``).
    private var flushedTo: Int64 = 0

    /// How many written bytes gather before the kernel is asked to start writing them to the disk.
    static let writeBehind: Int64 = 8 << 20

    /// Opens (or creates) the partial file; keeps `resume.offset` bytes of it when it holds that many,
    /// otherwise starts it empty.
    init(destination: String, resume: ResumePoint?) throws(TransportError) {
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[...$0]) } ?? ""
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard !name.isEmpty else { throw TransportError(.cannotCreateFile, "\(destination): not a file name") }
        self.destination = destination
        partialPath = "\(folder).\(name).partial"
        descriptor = system_open(partialPath, O_WRONLY | O_CREAT)
        if descriptor < 0, errno == ENOENT, !folder.isEmpty {
            // The folders are made as `curl --create-dirs` makes them (a manifest's `to:` lies in its tree).
            Self.createFolders(folder)
            descriptor = system_open(partialPath, O_WRONLY | O_CREAT)
        }
        guard descriptor >= 0 else {
            throw TransportError(.cannotCreateFile, "cannot create \(partialPath): \(system_strerror(errno))")
        }
        var status = stat()
        let kept = system_fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
        requestedOffset = resume.map { $0.offset > 0 && kept >= $0.offset ? $0.offset : 0 } ?? 0
        size = kept
        if let error = truncate(to: requestedOffset) {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Makes `folder` (ending in `/`) and the folders above it that are missing; a failure shows when the
    /// partial file cannot be created.
    private static func createFolders(_ folder: String) {
        var path = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") {
            path += part
            _ = system_mkdir(path)
            path += "/"
        }
    }

    /// Starts the body of a 2xx answer whose bytes begin at `start`: the `Content-Range` start of a 206,
    /// 0 for a 200 (the whole file: what was kept is dropped). A 206 starting anywhere else is refused.
    func begin(at start: Int64) -> TransportError? {
        if start == size { return nil }
        if start == 0 { return truncate(to: 0) }
        return TransportError(.badServerResponse, "the server sent bytes from \(start), not from \(size), for \(destination)")
    }

    /// Appends `count` bytes; on failure (a full disk: ENOSPC) the error names the partial file.
    func write(_ bytes: UnsafeRawPointer, _ count: Int) -> TransportError? {
        var done = 0
        while done < count {
            let written = system_pwrite(descriptor, bytes + done, count - done, size + Int64(done))
            guard written > 0 else {
                return TransportError(.cannotWriteToFile, "cannot write \(partialPath): \(system_strerror(errno))")
            }
            done += written
        }
        size += Int64(count)
        if size - flushedTo >= Self.writeBehind { startWriting() }
        return nil
    }

    /// Starts writing the bytes gathered since the last call to the disk, without waiting for it, so that
    /// the disk works while the network does and ``finish()``'s sync has only the tail left to wait for:
    /// `POSIX_FADV_DONTNEED` makes Linux start the writeback of the range's dirty pages (and drop the
    /// clean ones, which keeps the page cache from filling with a large download). Advice only: a failure
    /// changes nothing but the speed.
    private func startWriting() {
        _ = system_posix_fadvise(descriptor, flushedTo, size - flushedTo, POSIX_FADV_DONTNEED)
        flushedTo = size
    }

    /// Syncs the complete file and renames it to the destination.
    func finish() throws(TransportError) {
        guard system_fsync(descriptor) == 0 else {
            throw TransportError(.cannotWriteToFile, "cannot write \(partialPath): \(system_strerror(errno))")
        }
        close()
        guard system_rename(partialPath, destination) == 0 else {
            throw TransportError(.cannotMoveFile, "cannot move \(partialPath) to \(destination): \(system_strerror(errno))")
        }
    }

    /// Where a later attempt can resume: the bytes kept, with the validator they were sent with.
    func resumePoint(validator: String?) -> ResumePoint? {
        guard size > 0, let validator else { return nil }
        return ResumePoint(offset: size, validator: validator)
    }

    /// Removes the partial file: nothing in it can be resumed.
    func discard() {
        close()
        _ = system_unlink(partialPath)
    }

    func close() {
        guard descriptor >= 0 else { return }
        system_close(descriptor)
        descriptor = -1
    }

    private func truncate(to length: Int64) -> TransportError? {
        guard system_ftruncate(descriptor, length) == 0 else {
            return TransportError(.cannotWriteToFile, "cannot truncate \(partialPath): \(system_strerror(errno))")
        }
        size = length
        flushedTo = min(flushedTo, length)
        return nil
    }
}
