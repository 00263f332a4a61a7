import BackgroundTestKit
import Foundation
import Testing

/// Every command's `--help` shows an example, for the tool and each of its subcommands.
@Suite struct CommandHelpTests {
    /// The subcommands a tool's help lists (the first word of each entry under SUBCOMMANDS).
    static func subcommands(_ help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:").last, help.contains("SUBCOMMANDS:") else { return [] }
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let name = line.split(separator: " ").first.map(String.init)
            return name == "See" ? nil : name
        }
    }

    @Test(arguments: ["bgloc", "bgaudio", "bgtask"])
    func everyCommandsHelpHasAnExample(_ tool: String) async throws {
        let executable = TestSupport.executable(tool)
        let root = try await TestSupport.run(executable, ["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("Example"), "\(tool) --help")
        let subcommands = Self.subcommands(root.stdout)
        #expect(!subcommands.isEmpty)
        for subcommand in subcommands {
            let help = try await TestSupport.run(executable, [subcommand, "--help"])
            #expect(help.status == 0)
            // Stubs that another branch replaces are the only ones allowed to lack an example.
            if help.stdout.contains("Not built yet.") { continue }
            #expect(help.stdout.contains("Example"), "\(tool) \(subcommand) --help")
        }
    }
}
