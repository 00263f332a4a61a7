import ArgumentParser

@main
struct BGTask: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgtask",
        abstract: "BGTaskScheduler on Linux: simulate what the scheduler does with an app's background tasks.",
        subcommands: [Simulate.self]
    )
}
