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

    func write(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                emitLine()
            } else {
                line.append(byte)
                if line.count >= Self.maximumLine { emitLine() }
            }
        }
    }

    /// Writes an unfinished last line.
    func finish() {
        if !line.isEmpty { emitLine() }
    }

    private func emitLine() {
        var bytes = prefix
        bytes += line
        bytes.append(UInt8(ascii: "\n"))
        line.removeAll(keepingCapacity: true)
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
