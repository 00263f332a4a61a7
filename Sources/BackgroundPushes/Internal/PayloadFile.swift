import Glibc

/// Reads a payload file (or standard input for `-`) without reading more than a too-large file needs.
enum PayloadFile {
    enum Result {
        case bytes([UInt8])
        /// `size` is the file's size when `exact`, otherwise the limit the input went past (a pipe).
        case tooLarge(size: Int, exact: Bool)
        case unreadable(String)
    }

    static func read(path: String, limit: Int) -> Result {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .unreadable("a directory, not a payload file") }
            if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > limit { return .tooLarge(size: Int(info.st_size), exact: true) }
        }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return .unreadable(String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { return .tooLarge(size: limit, exact: false) }
        return .bytes(Array(bytes[..<count]))
    }
}
