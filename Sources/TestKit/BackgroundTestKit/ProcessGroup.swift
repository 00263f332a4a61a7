import BackgroundCore
package import Glibc

/// A program started in a process group of its own, with standard input and output on /dev/null.
///
/// ``kill()`` ends the whole group (the program and everything it started) with SIGKILL and reaps the
/// leader; call it in a `defer` so that a failing test leaves nothing running. The gpsfake helpers and the
/// Slurm cluster of the job-array test start their daemons this way.
package final class ProcessGroup {
    /// The leader's pid, which is also the group's id.
    package let leader: pid_t
    private var running = true

    package init(_ arguments: [String]) throws {
        do {
            leader = try ProcessSpawn.inNewGroup(arguments[0], arguments: arguments, descriptors: [
                .open(0, path: "/dev/null", flags: O_RDONLY),
                .open(1, path: "/dev/null", flags: O_WRONLY),
                .open(2, path: "/dev/null", flags: O_WRONLY),
            ])
        } catch {
            throw Failure("cannot start \(arguments[0]): \(error)")
        }
    }

    /// Kills the whole group with SIGKILL and reaps the leader; calling it again does nothing.
    package func kill() {
        guard running else { return }
        running = false
        Glibc.kill(-leader, SIGKILL)
        var status: CInt = 0
        waitpid(leader, &status, 0)
    }

    deinit { kill() }

    /// A program that could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        init(_ description: String) { self.description = description }
    }
}
