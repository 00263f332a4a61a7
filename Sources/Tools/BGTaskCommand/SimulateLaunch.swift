import AppControl
import BackgroundApp
import ArgumentParser

extension BGTaskTool {
    /// `bgtask simulate-launch [--to SOCKET] [BUNDLE] ID`: the debugger's `_simulateLaunchForTaskWithIdentifier:`.
    struct SimulateLaunch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate-launch",
            abstract: "Launch a pending task of a running `bgloc live --app` now, as the debugger's _simulateLaunchForTaskWithIdentifier: does.",
            discussion: """
                Xcode's way to test a task without waiting for the system is to pause the app and run
                  e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"ID"]
                This command does it to the app of a running `bgloc live --app`, through its control socket \
                (found from BUNDLE and --state, or given with --to; docs/CONTROL.md): the scheduler launches \
                the pending request ID at once, whatever its earliest begin date and the device's conditions, \
                and the launch shows in the run's timeline. The reply says that it launched, or why not (no \
                such request pending, the app still launching).

                Example:
                  bgloc live --app Examples/News/app.yaml --state news.db --format jsonl &
                  sleep 1                  # its control socket is up within a second
                  bgtask simulate-launch --state news.db \\
                      com.example.news com.example.news.refresh

                Exit status: 0 launched; 1 not launched (the reason on standard error), no app running, a \
                stale socket or no reply; 64 a bad option.
                """)

        @OptionGroup var task: TaskArguments

        func run() throws {
            try task.send(TaskMode.simulateLaunchVerb)
        }
    }
}
