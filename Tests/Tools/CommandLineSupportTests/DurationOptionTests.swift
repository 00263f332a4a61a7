import ArgumentParser
@testable import BGTaskCommand
import CommandLineSupport
import Foundation
import Testing
@testable import bgaudio
@testable import bgloc

/// Every duration option of every command of the three tools takes the same forms, CONTRACTS.md §4's units
/// and bare seconds, and refuses the same others with ArgumentParser's one message (issue 33: `--linger 10`
/// failed where `--dwell 10` worked). The options are found in each tool's help (every option whose value
/// is a `<duration>`), so that a duration option added later is tested here without an edit.
@Suite struct DurationOptionTests {
    /// One duration option: its tool, the subcommand's path, its flag and how many positional arguments
    /// the command takes (each given as `x`, so that the option is what the parser looks at).
    struct Option: CustomTestStringConvertible, Sendable {
        let root: any ParsableCommand.Type
        let path: [String]
        let flag: String
        let positionals: Int

        var testDescription: String { (path + [flag]).joined(separator: " ") }

        /// What parsing the command line with `value` says: nil when the value was taken (whatever the
        /// command's other checks say), else the message.
        func refusal(of value: String) -> String? {
            let arguments = Array(path.dropFirst()) + Array(repeating: "x", count: positionals) + ["\(flag)=\(value)"]
            do {
                _ = try root.parseAsRoot(arguments)
                return nil
            } catch {
                let message = root.message(for: error)
                return message.contains("invalid for '\(flag)") ? message : nil
            }
        }
    }

    static let roots: [any ParsableCommand.Type] = [BGLoc.self, BGTaskTool.self, BGAudio.self]

    static let options: [Option] = roots.flatMap { root in
        let dump = try! JSONSerialization.jsonObject(with: Data(root._dumpHelp().utf8)) as! [String: Any]
        return durationOptions(in: dump["command"] as! [String: Any], path: [], root: root)
    }

    static func durationOptions(in command: [String: Any], path: [String], root: any ParsableCommand.Type) -> [Option] {
        let path = path + [command["commandName"] as! String]
        let arguments = command["arguments"] as? [[String: Any]] ?? []
        let positionals = arguments.filter { $0["kind"] as? String == "positional" }.count
        let found = arguments.compactMap { argument -> Option? in
            guard argument["kind"] as? String == "option", argument["valueName"] as? String == "duration",
                  let name = argument["preferredName"] as? [String: Any], let flag = name["name"] as? String else { return nil }
            return Option(root: root, path: path, flag: "--" + flag, positionals: positionals)
        }
        let subcommands = command["subcommands"] as? [[String: Any]] ?? []
        return found + subcommands.flatMap { durationOptions(in: $0, path: path, root: root) }
    }

    @Test func theToolsDurationOptionsAreAllFound() {
        let found = Set(Self.options.map(\.testDescription))
        for expected in [
            "bgloc replay --linger", "bgloc replay --dwell", "bgloc replay --background-grace", "bgloc live --duration",
            "bgloc live --wake-window", "bgloc record --duration", "bgtask simulate --for", "bgtask simulate --command-timeout",
            "bgtask simulate --kill-after", "bgtask push --timeout", "bgtask simulate-launch --timeout", "bgaudio play --start",
        ] {
            #expect(found.contains(expected), "\(expected) is not among \(found.sorted())")
        }
    }

    /// The forms every duration option takes, and the values it refuses.
    static let taken = ["90", "1.5", "2m", "1h30m", "36500d"]
    static let refused = ["soon", "-1h", "1e300", "nan", "36501d", "1h30"]

    /// Each option, through its command's parser, takes bare seconds and §4's units and refuses a unit
    /// missing (`1h30`) and more than the 100-year limit, with ArgumentParser's message: what sets
    /// `DurationArgument` apart from any other way of reading a duration (`--linger 10` failed where
    /// `--dwell 10` worked). A parse of a command costs about 80 ms in a debug build (ArgumentParser's
    /// generic metadata, `perf`), so each option is given these four; every form is then checked once,
    /// on the type itself (``everyFormIsTakenOrRefusedAsDocumented()``).
    @Test(arguments: options)
    func takesTheSameForms(_ option: Option) {
        for value in ["90", "1h30m"] {
            #expect(option.refusal(of: value) == nil, "\(option.testDescription) \(value): \(option.refusal(of: value) ?? "")")
        }
        for value in ["1h30", "36501d"] {
            let refusal = option.refusal(of: value)
            #expect(refusal?.contains("The value '\(value)' is invalid for '\(option.flag) <duration>'") == true,
                    "\(option.testDescription) \(value): \(refusal ?? "taken")")
        }
    }

    @Test func everyFormIsTakenOrRefusedAsDocumented() {
        for value in Self.taken {
            #expect(DurationArgument(argument: value) != nil, "\(value)")
        }
        for value in Self.refused {
            #expect(DurationArgument(argument: value) == nil, "\(value)")
        }
    }

    @Test func aDurationKeepsTheTextGiven() throws {
        let seconds = try #require(DurationArgument(argument: "90"))
        let units = try #require(DurationArgument(argument: "1m30s"))
        #expect(seconds.value == .seconds(90) && units.value == .seconds(90))
        #expect(seconds.text == "90" && units.text == "1m30s")
        #expect(DurationArgument(.seconds(90)).text == "1m30s")
    }
}
