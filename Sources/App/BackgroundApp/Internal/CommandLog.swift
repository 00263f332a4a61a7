import BackgroundCore
import Glibc

/// Where `run:` commands write their output: the task log (`--task-log`), opened once for appending and
/// closed with its owner, or stderr without one. The tasks' and the pushes' commands each hold one.
final class CommandLog {
    /// The descriptor to hand to ``CommandOutput``.
    let descriptor: Int32

    /// - Throws: ``InputError`` naming the log when it cannot be opened.
    init(path: String?) throws(InputError) {
        guard let path else {
            descriptor = STDERR_FILENO
            return
        }
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard opened >= 0 else {
            throw InputError(file: path, message: "cannot open the task log: \(Errno(errno).description)")
        }
        descriptor = opened
    }

    deinit {
        if descriptor != STDERR_FILENO { close(descriptor) }
    }
}
