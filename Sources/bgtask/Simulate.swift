import ArgumentParser

struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgtask simulate is not built yet")
    }
}
