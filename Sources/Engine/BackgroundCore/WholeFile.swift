import Glibc

/// Reads a whole input file (a manifest, an Info.plist, a regions file, a push payload, an old state file)
/// and refuses one larger than a limit, so that a wrong path (`/dev/zero`, a log, a disk image) fails at
/// once instead of filling memory. The one whole-file reader of the modules.
///
/// ```swift
/// do {
///     let bytes = try WholeFile.read("app.yaml", limit: 1 << 20)
/// } catch .tooLarge {
///     …
/// }
/// ```
public enum WholeFile {
    /// Why the file was not read.
    public enum Failure: Error, Hashable {
        /// Nothing at the path.
        case missing
        /// A directory.
        case directory
        /// Opening or reading failed.
        case unreadable(Errno)
        /// Larger than the limit: the file's size when it is a regular file, else nil (a pipe went past the limit).
        case tooLarge(size: Int?)
    }

    /// How an input file's failures read, after its name (`app.yaml: no such file`).
    public struct Messages: Sendable {
        public var missing: String
        public var directory: String
        /// The message for the error of a failed `open` or `read`.
        public var unreadable: @Sendable (Errno) -> String
        public var tooLarge: String

        public init(missing: String, directory: String, unreadable: @escaping @Sendable (Errno) -> String, tooLarge: String) {
            self.missing = missing
            self.directory = directory
            self.unreadable = unreadable
            self.tooLarge = tooLarge
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them, or an ``InputError`` naming the file in
    /// `messages`' words.
    public static func read(_ path: String, limit: Int, messages: Messages) throws(InputError) -> [UInt8] {
        do {
            return try read(path, limit: limit)
        } catch {
            let message = switch error {
            case .missing: messages.missing
            case .directory: messages.directory
            case .unreadable(let reason): messages.unreadable(reason)
            case .tooLarge: messages.tooLarge
            }
            throw InputError(file: path, message: message)
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them; `-` is standard input when
    /// `dashIsStandardInput`.
    public static func read(_ path: String, limit: Int, dashIsStandardInput: Bool = false) throws(Failure) -> [UInt8] {
        let stdin = dashIsStandardInput && path == "-"
        let fd = stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : errno == EISDIR ? .directory : .unreadable(.current) }
        defer { if !stdin { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .directory }
            if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > limit { throw .tooLarge(size: Int(info.st_size)) }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw errno == EISDIR ? .directory : .unreadable(.current) }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else { throw .tooLarge(size: nil) }
            bytes += chunk[0..<n]
        }
    }

    /// Replaces the file at `path` with `text` atomically: written into a temporary file beside it, flushed
    /// to the disk and renamed over `path`, so that a reader never sees half a file (a report, a run's
    /// summary that a job array's merge reads). Returns nil, or what failed as a sentence
    /// (`cannot create the file: Permission denied`).
    public static func replace(_ path: String, with text: String) -> String? {
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "cannot create the file: \(Errno(errno))" }
        var text = text
        let failure: String? = text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return "cannot write the file: \(Errno(errno))"
                }
                done += n
            }
            return fsync(descriptor) == 0 ? nil : "cannot write the file: \(Errno(errno))"
        }
        let closed = close(descriptor) == 0
        let problem = failure ?? (!closed ? "cannot close the file: \(Errno(errno))"
            : rename(temporary, path) == 0 ? nil : "cannot rename \(temporary) to it: \(Errno(errno))")
        if problem != nil { unlink(temporary) }
        return problem
    }
}
