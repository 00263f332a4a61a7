import BackgroundTestKit
import Testing

/// The app options are one group that every app-running command shows; what only one command takes is
/// shown by that command alone (issue 25).
@Suite struct AppOptionsHelpTests {
    static let shared = ["--command-timeout", "--task-log", "--audio-device", "--state", "--transfers", "--background-grace"]

    @Test(arguments: [
        (["bgloc", "replay"], ["--app", "--linger"], ["--conditions"]),
        (["bgloc", "live"], ["--app", "--conditions"], ["--linger"]),
        (["bgtask", "simulate"], ["--policy"], ["--app ", "--linger", "--conditions"]),
    ])
    func eachCommandShowsItsOptions(command: [String], shown: [String], hidden: [String]) async throws {
        let help = try await TestSupport.run(TestSupport.executable(command[0]), [command[1], "--help"])
        #expect(help.status == 0)
        for option in Self.shared + shown { #expect(help.stdout.contains(option), "\(command) --help lacks \(option)") }
        for option in hidden { #expect(!help.stdout.contains(option), "\(command) --help shows \(option)") }
    }
}
