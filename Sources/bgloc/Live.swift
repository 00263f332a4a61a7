import ArgumentParser

struct Live: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgloc live is not built yet")
    }
}
