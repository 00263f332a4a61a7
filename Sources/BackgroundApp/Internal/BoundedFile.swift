import Glibc

/// Reads a whole input file, refusing one larger than a limit, so that a wrong path (`/dev/zero`, a
/// log file, a disk image) fails at once instead of filling memory.
enum BoundedFile {
    enum Failure: Error {
        case missing
        case directory
        case unreadable(String)
        case tooLarge
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable(reason(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { throw .directory }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw errno == EISDIR ? .directory : .unreadable(reason(errno)) }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else { throw .tooLarge }
            bytes += chunk[0..<n]
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
