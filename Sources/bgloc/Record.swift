import ArgumentParser

struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgloc record is not built yet")
    }
}
