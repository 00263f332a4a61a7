import CALSA
import Glibc
import Synchronization

/// ALSA's own diagnostics ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default"), captured
/// instead of printed on stderr, so that bgkit can fold them into its own messages.
///
/// Kept per thread: alsa-lib calls the handler on the thread that made the failing call, and that thread
/// takes the messages right after. One shared list let two outputs read each other's diagnostics (under
/// AddressSanitizer's timing a `null` device threw the write failure of another test's `file` device).
enum ALSALog {
    private static let messages = Mutex<[pthread_t: [String]]>([:])
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
        let thread = pthread_self()
        messages.withLock { threads in
            threads[thread, default: []].append(line)
            if let count = threads[thread]?.count, count > capacity { threads[thread]!.removeFirst(count - capacity) }
        }
    }

    /// Returns and forgets what ALSA said on this thread since its last call.
    static func take() -> [String] {
        let thread = pthread_self()
        return messages.withLock { threads in threads.removeValue(forKey: thread) ?? [] }
    }
}
