package import Glibc

/// Starts a program in a process group of its own, so that it and everything it starts can be signalled
/// and killed as a whole: the `run:` commands of an app, and the tools the tests drive.
package enum ProcessSpawn {
    /// What one of the child's file descriptors is set to before the program runs.
    package enum Descriptor: Sendable {
        /// Opens `path` with `flags` (and mode 0644 when created) as `descriptor`.
        case open(_ descriptor: Int32, path: String, flags: Int32)
        /// Makes `descriptor` a copy of the parent's `source`.
        case duplicate(_ source: Int32, onto: Int32)
    }

    /// The signals the child starts with at their default dispositions, whatever its parent ignores
    /// (a test runner, or bgkit while it handles Ctrl-C itself).
    private static let defaultedSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD]

    /// Starts `path` with `arguments` (`arguments[0]` is the program's name) in a new process group, no
    /// signal blocked and the common signals at their defaults.
    ///
    /// - Parameter environment: `KEY=value` strings, or nil to inherit the parent's environment.
    /// - Returns: the child's pid, which is also its group's id.
    /// - Throws: ``Failure`` with `posix_spawn`'s error number.
    package static func inNewGroup(
        _ path: String, arguments: [String], environment: [String]? = nil, descriptors: [Descriptor]
    ) throws(Failure) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in descriptors {
            switch descriptor {
            case .open(let fd, let path, let flags): posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0o644)
            case .duplicate(let source, let target): posix_spawn_file_actions_adddup2(&actions, source, target)
            }
        }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, path, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard status == 0 else { throw Failure(errno: status) }
        return pid
    }

    /// `posix_spawn` failed.
    package struct Failure: Error, CustomStringConvertible {
        package var errno: Int32
        package var description: String { Errno(errno).description }
    }
}
