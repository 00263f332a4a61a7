import ArgumentParser
import CommandLineSupport

struct BGTaskTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgtask",
        abstract: "BGTaskScheduler on Linux: simulate what the scheduler does with an app's background tasks, list what an app left pending, and reach a running app (pushes, the debugger's launch and expiration).",
        discussion: """
            Example:
              bgtask simulate Examples/DailyRefresh/app.yaml --for 1d --format text \\
                  --report day.html

            The guides: docs/GETTING-STARTED.md and docs/ (after `make install`, also man bgtask).
            """,
        version: BGKitVersion.current,
        subcommands: [
            Simulate.self, Merge.self, State.self, Push.self, SimulateLaunch.self, SimulateExpiration.self, AudioInterrupt.self, AudioRouteLost.self,
        ]
    )
}
