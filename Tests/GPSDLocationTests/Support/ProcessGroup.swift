import Glibc

/// A program started in a process group of its own, with standard input and output on /dev/null.
///
/// ``kill()`` ends the whole group (the program and everything it started) with SIGKILL and reaps the
/// leader; call it in a `defer` so that a failing test leaves nothing running.
final class ProcessGroup {
    /// The leader's pid, which is also the group's id.
    let leader: pid_t
    private var running = true

    init(_ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw Failure("cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        leader = pid
    }

    /// Kills the whole group with SIGKILL and reaps the leader; calling it again does nothing.
    func kill() {
        guard running else { return }
        running = false
        Glibc.kill(-leader, SIGKILL)
        var status: CInt = 0
        waitpid(leader, &status, 0)
    }

    deinit { kill() }
}
