@preconcurrency import Glibc
import BackgroundCore

/// Positional reads from one open regular file; the descriptor is closed when the reader goes away.
///
/// Every failure is an `InputError` naming the file, so that callers can pass it straight on.
package final class FileReader {
    /// The path the file was opened with (used in every error).
    package let path: String
    /// The file's size in bytes when it was opened.
    package let size: Int
    private let descriptor: CInt

    /// Opens `path` for reading; refuses what is not a regular file (a directory, a FIFO, a device).
    package init(path: String) throws {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below like any non-file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw InputError(file: path, message: "cannot open the file: \(FileReader.describe(errno))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw InputError(file: path, message: "cannot read the file's status: \(FileReader.describe(code))")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            let what = kind == S_IFDIR ? "a directory" : "a FIFO, device or socket"
            throw InputError(file: path, message: "is \(what), not an audio file")
        }
        self.path = path
        self.size = Int(status.st_size)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Reads `buffer.count` bytes from byte `offset`, fewer only at the end of the file, and returns how many.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        guard let base = buffer.baseAddress, offset >= 0 else { return 0 }
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw InputError(
                    file: path, place: .byte(offset + done), message: "read failed: \(FileReader.describe(code))")
            }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Reads up to `count` bytes from byte `offset` (fewer at the end of the file).
    package func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let wanted = min(count, size - offset)
        var result = [UInt8](repeating: 0, count: wanted)
        let got = try result.withUnsafeMutableBytes { try read(into: $0, at: offset) }
        if got < wanted { result.removeSubrange(got...) }
        return result
    }

    private static func describe(_ code: CInt) -> String {
        Errno(code).description
    }
}
