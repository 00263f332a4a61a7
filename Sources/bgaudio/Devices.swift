import ArgumentParser

struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Not built yet.")

    func run() async throws {
        throw ValidationError("bgaudio devices is not built yet")
    }
}
