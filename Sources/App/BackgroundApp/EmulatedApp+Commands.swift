extension EmulatedApp {
    /// How the `run:` commands of tasks and push handlers are run (docs/DEVICE.md, "Tasks that run a command").
    ///
    /// A command runs on the wall clock while the emulated clock stands still: the task completes at its
    /// launch time with the command's exit status as its success. Past its time limit (measured on the
    /// wall clock) its process group gets SIGTERM, then SIGKILL after ``killGrace``, and the task expires
    /// at launch + the limit on the emulated clock. A command over the CPU limit (``cpuLimit``) is killed
    /// and the app terminated.
    ///
    /// ```swift
    /// var commands = EmulatedApp.Commands()
    /// commands.timeLimit = .seconds(2)       // any command: 2 s, whatever the task's kind
    /// commands.log = "/tmp/tasks.log"        // output there instead of stderr
    /// ```
    package struct Commands: Hashable, Sendable {
        /// The time a command may run, for every task; nil gives a refresh task the scheduler's refresh
        /// budget (30 s) and a processing task ``processingTimeLimit``.
        package var timeLimit: Duration?
        /// The time limit of a processing task's command when ``timeLimit`` is nil (default 10 minutes:
        /// iOS gives processing tasks "several minutes").
        package var processingTimeLimit = Duration.seconds(600)
        /// The time between SIGTERM and SIGKILL (default 2 s).
        package var killGrace = Duration.seconds(2)
        /// The CPU a command (with its whole process group) may use in the background, a task's or a
        /// push's (default 80 % over 60 s, as iOS's crash reports state it); over it the group is killed,
        /// `resource.exceeded` recorded and the app terminated. nil: no monitor. A processing task that
        /// requires external power is exempt.
        package var cpuLimit: CPULimit? = .default
        /// A file the commands' output is appended to; nil writes it to stderr. Either way each line is
        /// prefixed with `[task-id] `.
        package var log: String?

        package init() {}
    }
}
