import Glibc

/// The size in bytes of the regular file at `path`, or nil when there is none (or it is not readable).
func fileSize(_ path: String) -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else { return nil }
    return Int64(info.st_size)
}
