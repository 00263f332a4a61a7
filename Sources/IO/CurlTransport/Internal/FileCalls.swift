import BackgroundCore
import MockingScripts
import Glibc

// One wrapper per file syscall the transport makes, the same mocking seam as `CurlCalls.swift`: a scripted
// value is the errno the call fails with (a full disk is `pwrite` failing with ENOSPC). Each returns what
// the syscall returns, with errno set on failure; EINTR is retried here.

@inline(__always)
private func mocked(_ function: StaticString) -> Int32? {
    #if DEBUG
    return CurlMocking.current?.intercept(function)
    #else
    return nil
    #endif
}

/// Fails as a syscall does: errno set, -1 returned.
private func fail(_ code: Int32) -> Int {
    errno = code
    return -1
}

/// The corresponding C function is `open`.
@inline(never)
func system_open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644) -> Int32 {
    if let code = mocked("open") { return Int32(fail(code)) }
    while true {
        let descriptor = open(path, flags | O_CLOEXEC, mode)
        if descriptor >= 0 || errno != EINTR { return descriptor }
    }
}

/// The corresponding C function is `mkdir`.
@inline(never)
func system_mkdir(_ path: String, _ mode: mode_t = 0o755) -> Int32 {
    if let code = mocked("mkdir") { return Int32(fail(code)) }
    return mkdir(path, mode)
}

/// The corresponding C function is `close`.
@inline(never)
func system_close(_ descriptor: Int32) {
    close(descriptor)
}

/// The corresponding C function is `read`.
@inline(never)
func system_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    if let code = mocked("read") { return fail(code) }
    while true {
        let result = read(descriptor, buffer, count)
        if result >= 0 || errno != EINTR { return result }
    }
}

/// Moves a descriptor's offset to `offset` from the start; returns the new offset, or -1. The
/// corresponding C function is `lseek`.
@inline(never)
func system_lseek(_ descriptor: Int32, _ offset: Int64) -> Int64 {
    if let code = mocked("lseek") { return Int64(fail(code)) }
    return Int64(lseek(descriptor, off_t(offset), SEEK_SET))
}

/// The corresponding C function is `pwrite`.
@inline(never)
func system_pwrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ offset: Int64) -> Int {
    if let code = mocked("pwrite") { return fail(code) }
    while true {
        let result = pwrite(descriptor, buffer, count, off_t(offset))
        if result >= 0 || errno != EINTR { return result }
    }
}

/// Gives the kernel advice on a range of a file; returns 0 or an errno value (not in errno). The
/// corresponding C function is `posix_fadvise`.
@inline(never)
func system_posix_fadvise(_ descriptor: Int32, _ offset: Int64, _ length: Int64, _ advice: Int32) -> Int32 {
    if let code = mocked("posix_fadvise") { return code }
    return posix_fadvise(descriptor, off_t(offset), off_t(length), advice)
}

/// The corresponding C function is `ftruncate`.
@inline(never)
func system_ftruncate(_ descriptor: Int32, _ size: Int64) -> Int32 {
    if let code = mocked("ftruncate") { return Int32(fail(code)) }
    return ftruncate(descriptor, off_t(size))
}

/// The corresponding C function is `fstat`.
@inline(never)
func system_fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    if let code = mocked("fstat") { return Int32(fail(code)) }
    return fstat(descriptor, &status)
}

/// The corresponding C function is `fsync`.
@inline(never)
func system_fsync(_ descriptor: Int32) -> Int32 {
    if let code = mocked("fsync") { return Int32(fail(code)) }
    while true {
        let result = fsync(descriptor)
        if result == 0 || errno != EINTR { return result }
    }
}

/// The corresponding C function is `rename`.
@inline(never)
func system_rename(_ from: String, _ to: String) -> Int32 {
    if let code = mocked("rename") { return Int32(fail(code)) }
    return rename(from, to)
}

/// The corresponding C function is `unlink`.
@inline(never)
func system_unlink(_ path: String) -> Int32 {
    if let code = mocked("unlink") { return Int32(fail(code)) }
    return unlink(path)
}

/// The error text of an errno value. The corresponding C function is `strerror`.
func system_strerror(_ code: Int32) -> String {
    Errno(code).description
}
