import Glibc

/// The system calls ``PendingRequestStore`` goes through when it saves: the real ones, or in tests ones
/// that fail the way a full disk (`ENOSPC`), a read-only folder (`EROFS`) or a failing device (`EIO`) does.
/// Each returns what its C function returns and sets `errno` on failure.
struct FileSystemCalls {
    var open: (String, Int32, mode_t) -> Int32 = { Glibc.open($0, $1, $2) }
    var write: (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) }
    var fsync: (Int32) -> Int32 = { Glibc.fsync($0) }
    var rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
}
