import CALSA
import Synchronization

/// ALSA's own diagnostics ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default"), captured
/// instead of printed on stderr, so that bgkit can fold them into its own messages.
enum ALSALog {
    private static let messages = Mutex<[String]>([])
    private static let capacity = 32

    /// Installs the capturing handler; idempotent.
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        system_snd_lib_error_set_handler { _, _, function, err, message in
            let text = message.map { String(cString: $0) } ?? ""
            let origin = function.map { String(cString: $0) } ?? "alsa-lib"
            let detail = err != 0 ? "\(text) (\(system_snd_strerror(err)))" : text
            ALSALog.append("\(origin): \(detail)")
        }
    }()

    private static func append(_ line: String) {
        messages.withLock { lines in
            lines.append(line)
            if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
        }
    }

    /// Returns and forgets what ALSA said since the last call.
    static func take() -> [String] {
        messages.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
