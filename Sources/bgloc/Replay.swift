import ArgumentParser

struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgloc replay is not built yet")
    }
}
