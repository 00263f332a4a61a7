import Glibc

/// Writes a command's output to a file descriptor (stderr, or the task log) one line at a time, each
/// prefixed with `[task-id] `, so that it never mixes with the event stream on stdout and a reader can
/// tell whose output it is. A line longer than ``maximumLine`` bytes is cut into several.
final class CommandOutput {
    static let maximumLine = 4_096

    private let descriptor: Int32
    private let prefix: [UInt8]
    private var line: [UInt8] = []

    init(descriptor: Int32, task: String) {
        self.descriptor = descriptor
        self.prefix = Array("[\(task)] ".utf8)
        line.reserveCapacity(Self.maximumLine)
    }

    /// Writes every complete line of `bytes` (prefixed) in one system call; keeps an unfinished one.
    func write(_ bytes: UnsafeRawBufferPointer) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8 + prefix.count)
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                take(into: &out)
            } else {
                line.append(byte)
                if line.count >= Self.maximumLine { take(into: &out) }
            }
        }
        emit(out)
    }

    /// Writes an unfinished last line.
    func finish() {
        guard !line.isEmpty else { return }
        var out: [UInt8] = []
        take(into: &out)
        emit(out)
    }

    /// Moves the current line, prefixed and ended, to `out`.
    private func take(into out: inout [UInt8]) {
        out += prefix
        out += line
        out.append(UInt8(ascii: "\n"))
        line.removeAll(keepingCapacity: true)
    }

    private func emit(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
                if count > 0 {
                    done += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return  // stderr closed or full beyond repair: the output is lost, the run goes on
                }
            }
        }
    }
}
