import ArgumentParser

struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgaudio info is not built yet")
    }
}
