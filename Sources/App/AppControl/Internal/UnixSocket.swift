import BackgroundCore
import Glibc

/// The Glibc calls of the control socket, each returning the errno it failed with: one owner per descriptor,
/// closed explicitly.
enum UnixSocket {
    /// A failed call: its errno.
    struct Failure: Error {
        var errno: Int32
        var reason: String { Errno(errno).description }
    }

    /// `path` as a `sockaddr_un`, or nil when it is too long for one (107 bytes).
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// A new stream socket, close-on-exec.
    static func make() throws(Failure) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        return descriptor
    }

    /// Connects a new socket to `address`; closes it when that fails.
    static func connect(to address: sockaddr_un) throws(Failure) -> Int32 {
        let descriptor = try make()
        var address = address
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                retrying { Glibc.connect(descriptor, pointer, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        guard rc == 0 else {
            let failure = Failure(errno: errno)
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    /// Binds a new socket to `address` and listens; closes it when that fails.
    static func listen(at address: sockaddr_un) throws(Failure) -> Int32 {
        let descriptor = try make()
        var address = address
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0, Glibc.listen(descriptor, 16) == 0 else {
            let failure = Failure(errno: errno)
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    /// A connection accepted on `listener`, close-on-exec; nil when accept failed (errno says why).
    static func accept(_ listener: Int32) -> Int32? {
        let descriptor = Glibc.accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// Sets the receive and send time limits of `descriptor`: a read or write that waits longer fails with EAGAIN.
    static func setTimeout(_ descriptor: Int32, _ limit: Duration) {
        let (seconds, attoseconds) = limit.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        if value.tv_sec == 0 && value.tv_usec == 0 { value.tv_usec = 1 }  // zero would mean no limit
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Writes all of `bytes`, without SIGPIPE when the other end has gone.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { raw in
                retrying { send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
            }
            guard count > 0 else { throw Failure(errno: count == 0 ? EPIPE : errno) }
            written += count
        }
    }

    /// Reads what is there (up to `limit` bytes); empty at the end of the stream.
    static func read(_ descriptor: Int32, limit: Int = 4096) throws(Failure) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { raw in retrying { recv(descriptor, raw.baseAddress, raw.count, 0) } }
        guard count >= 0 else { throw Failure(errno: errno) }
        return Array(buffer[..<count])
    }

    /// The identity (device, inode) of the file at `path`, when it is a socket.
    static func socketIdentity(_ path: String) -> (dev_t, ino_t)? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return (status.st_dev, status.st_ino)
    }

    /// `call`, again while it fails with EINTR.
    private static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
