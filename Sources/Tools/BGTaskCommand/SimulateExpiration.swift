import AppControl
import BackgroundApp
import ArgumentParser

extension BGTaskTool {
    /// `bgtask simulate-expiration [--to SOCKET] [BUNDLE] ID`: the debugger's `_simulateExpirationForTaskWithIdentifier:`.
    struct SimulateExpiration: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate-expiration",
            abstract: "Expire a running task of a running `bgloc live --app` now, as the debugger's _simulateExpirationForTaskWithIdentifier: does.",
            discussion: """
                Xcode's way to test a task's expiration handler is to pause the app and run
                  e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"ID"]
                This command does it to the app of a running `bgloc live --app`, through its control socket \
                (found from BUNDLE and --state, or given with --to; docs/CONTROL.md): the running task ID \
                expires at once, and the expiration shows in the run's timeline. The reply says that it \
                expired, or that no such task is running.

                Example:
                  bgloc live --app Examples/DailyRefresh/app.yaml --state day.db &
                  sleep 1                  # its control socket is up within a second
                  bgtask simulate-launch --state day.db \\
                      com.example.daily com.example.daily.upload
                  bgtask simulate-expiration --state day.db \\
                      com.example.daily com.example.daily.upload

                Exit status: 0 expired; 1 not expired (the reason on standard error), no app running, a \
                stale socket or no reply; 64 a bad option.
                """)

        @OptionGroup var task: TaskArguments

        func run() throws {
            try task.send(TaskMode.simulateExpirationVerb)
        }
    }
}
