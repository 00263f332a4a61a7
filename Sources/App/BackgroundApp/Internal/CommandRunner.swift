import BackgroundCore
import Glibc

/// Runs a task's `run:` command to its end, on the wall clock: `/bin/sh -c COMMAND` in its own process
/// group, in the manifest's folder, with stdin from /dev/null and stdout and stderr into ``CommandOutput``.
///
/// Past `limit` the whole group gets SIGTERM, and SIGKILL `killGrace` later if it is still there; the same
/// happens at once when the calling task is cancelled (Ctrl-C or SIGTERM to the command line), so that
/// bgloc ends promptly and leaves no process of the command's group behind. The
/// child starts with default handlers for the signals the command line catches or ignores, and an empty
/// signal mask, so that SIGTERM means to it what it means to any program.
///
/// With a ``CPULimit`` the group's CPU time is watched (``ProcessGroupCPU``): a group over the limit is
/// killed at once with SIGKILL, as iOS kills an app over its CPU limit.
enum CommandRunner {
    /// How a command ended.
    enum Outcome: Hashable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it before the limit.
        case signaled(Int32)
        /// It ran past the limit and was stopped; `signal` is the one that ended it (SIGTERM, or SIGKILL
        /// after the grace), nil when it exited by itself after SIGTERM.
        case stopped(signal: Int32?)
        /// The calling task was cancelled while it ran, and it was stopped; `signal` as for ``stopped(signal:)``.
        case interrupted(signal: Int32?)
        /// It could not be started.
        case failedToStart(String)
        /// Its group used more CPU than the limit and was killed; `used` is its share of one CPU over the
        /// limit's window.
        case cpuExceeded(used: Double)
    }

    static func run(
        _ command: String, environment: [String: String], directory: String, limit: Duration, killGrace: Duration,
        cpuLimit: CPULimit? = nil, output: CommandOutput
    ) -> Outcome {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .failedToStart(errorText("cannot create a pipe")) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // the child gets them only as 1 and 2
        defer { close(readEnd) }

        // `cd` in the shell: posix_spawn_file_actions_addchdir_np is not visible to Swift.
        let arguments = ["/bin/sh", "-c", "cd -- \"$1\" && exec /bin/sh -c \"$2\"", "bgkit-task", directory, command]
        var environ = Self.inheritedEnvironment()
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { environ[key] = value }
        let pid: pid_t
        do {
            pid = try ProcessSpawn.inNewGroup(
                "/bin/sh", arguments: arguments,
                environment: environ.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" },
                descriptors: [.open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(writeEnd, onto: 1), .duplicate(writeEnd, onto: 2)])
        } catch {
            close(writeEnd)
            return .failedToStart("cannot start /bin/sh: \(error)")
        }
        close(writeEnd)

        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var cpu = cpuLimit.map { ProcessGroupCPU(group: pid, limit: $0, started: clock.now) }
        var overCPU: Double?
        var termSent: ContinuousClock.Instant?
        var killSent = false
        var interrupted = false
        var status: Int32?
        var pipeOpen = true
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while status == nil || pipeOpen {
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
            }
            if status != nil {
                // Read what is already there, then stop: a background grandchild may keep the pipe open.
                while pipeOpen, case let count = read(readEnd, &buffer, buffer.count), count > 0 {
                    buffer.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                }
                break
            }
            let now = clock.now
            if overCPU == nil, termSent == nil, let used = cpu?.check(at: now) {
                overCPU = used
                kill(-pid, SIGKILL)
            }
            if overCPU == nil, termSent == nil, now >= deadline || Task.isCancelled {
                interrupted = now < deadline
                kill(-pid, SIGTERM)
                termSent = now
            }
            if let termSent, !killSent, now >= termSent + killGrace {
                kill(-pid, SIGKILL)
                killSent = true
            }
            guard pipeOpen else {
                usleep(10_000)
                continue
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 20)
            let count = read(readEnd, &buffer, buffer.count)
            if count > 0 {
                buffer.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                pipeOpen = false
            }
        }
        output.finish()
        if termSent != nil || overCPU != nil { kill(-pid, SIGKILL) }  // whatever of its group is left
        if let overCPU { return .cpuExceeded(used: overCPU) }
        let raw = status ?? 0
        let signal = raw & 0x7F
        if interrupted { return .interrupted(signal: signal == 0 ? nil : signal) }
        if termSent != nil { return .stopped(signal: signal == 0 ? nil : signal) }
        return signal == 0 ? .exited((raw >> 8) & 0xFF) : .signaled(signal)
    }

    /// The command line's own environment.
    private static func inheritedEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = Glibc.environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    private static func errorText(_ what: String) -> String {
        "\(what): \(Errno(errno).description)"
    }

    /// A signal's name, such as `SIGKILL`.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGKILL: "SIGKILL"
        case SIGINT: "SIGINT"
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGHUP: "SIGHUP"
        case SIGPIPE: "SIGPIPE"
        case SIGQUIT: "SIGQUIT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(signal)"
        }
    }
}
