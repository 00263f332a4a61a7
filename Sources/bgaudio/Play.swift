import ArgumentParser

struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgaudio play is not built yet")
    }
}
