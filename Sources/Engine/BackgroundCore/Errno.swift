import Glibc

/// An `errno` value, the one error of a failed system call outside the C libraries' own (`ALSAError`,
/// `GPSDError`, …): its number and the C library's text for it.
///
/// ```swift
/// let fd = open(path, O_RDONLY | O_CLOEXEC)
/// guard fd >= 0 else { throw InputError(file: path, message: "cannot be read: \(Errno.current)") }
/// Errno(ENOENT).description   // "No such file or directory"
/// ```
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `ENOENT`.
    public static let noSuchFileOrDirectory = Errno(ENOENT)
    /// `EISDIR`.
    public static let isADirectory = Errno(EISDIR)

    /// The calling thread's `errno` now: read it straight after the call that failed.
    public static var current: Errno { Errno(errno) }

    /// The C library's text (`strerror`), such as "No such file or directory".
    public var description: String { String(cString: strerror(rawValue)) }
}
