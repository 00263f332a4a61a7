import BackgroundTestKit
import Foundation
import Testing

/// Root, for a network namespace, and the gpsd tools (or `BGKIT_REQUIRE_INTEGRATION=1`, which runs it anyway).
private let documentedCommandsCanRun =
    getuid() == 0 && TestSupport.toolsAvailable("unshare", "gpsfake", "gpsd", "gpspipe", "ip") || TestSupport.integrationRequired

/// Every command of README.md and docs/GETTING-STARTED.md, and every example of every `--help`, runs as
/// written (issue 28): each block is a bash script (`bash -e`), run in a copy of the repository's bundled
/// files (`Examples/`, `Traces/`) as from its root, with the built tools first on the PATH, in a network
/// namespace of its own, where the gpsd an example needs is `gpsfake` on loopback port 2947 (free there),
/// feeding the walk's log (four sentences an epoch) at 0.01 s a sentence, 25 fixes a second.
/// Background jobs a script leaves are killed with its process group. The one thing not run is setting
/// up: `git clone`, `make …` and `sudo …` lines (`make install` has MakeInstallTests; `make test` would run
/// this test again).
@Suite(.enabled(if: documentedCommandsCanRun, "needs root for a network namespace, and gpsd, gpsd-clients (tools/install-deps)"))
struct DocumentedCommandsTests {
    static let root = TestSupport.packageRoot
    static let tools = ["bgloc", "bgtask", "bgaudio"]

    /// A script to run and where it comes from.
    struct Script: CustomTestStringConvertible, Sendable {
        var source: String
        var text: String
        var testDescription: String { source }
    }

    /// The ```sh blocks of a Markdown file, without the setting-up lines.
    static func blocks(of file: String) throws -> [Script] {
        let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
        var scripts: [Script] = []
        var current: [String]?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```sh" {
                current = []
                scripts.append(Script(source: "\(file):\(number + 1)", text: ""))
            } else if current != nil, line == "```" {
                scripts[scripts.count - 1].text = current!.joined(separator: "\n")
                current = nil
            } else if current != nil {
                let first = line.split(separator: " ").first ?? ""
                if !["git", "make", "sudo"].contains(first) { current!.append(String(line)) }
            }
        }
        return scripts.filter { !$0.text.split(separator: "\n").allSatisfy { $0.hasPrefix("#") || $0.isEmpty } }
    }

    /// The example lines of a help text: the indented lines after a line starting with "Example", up to
    /// the first blank line after them.
    static func example(in help: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Example") { inside = true; continue }
            guard inside else { continue }
            if line.isEmpty { if lines.isEmpty { continue } else { break } }
            lines.append(String(line))
        }
        return lines
    }

    /// Every help text, as a user at an 80-column terminal sees it: the tool's and each subcommand's.
    static func helps() async throws -> [(command: String, help: String)] {
        var helps: [(String, String)] = []
        for tool in tools {
            let executable = TestSupport.executable(tool)
            let root = try await TestSupport.run(executable, ["--help"], environment: ["COLUMNS": "80"])
            helps.append((tool, root.stdout))
            for subcommand in CommandHelpTests.subcommands(root.stdout) {
                let help = try await TestSupport.run(executable, [subcommand, "--help"], environment: ["COLUMNS": "80"])
                helps.append(("\(tool) \(subcommand)", help.stdout))
            }
        }
        return helps
    }

    @Test func everyHelpExampleFitsEightyColumns() async throws {
        for (command, help) in try await Self.helps() {
            let lines = Self.example(in: help)
            #expect(!lines.isEmpty, "\(command) --help has no example")
            for line in lines {
                // A line wrapped in the middle of a command loses its indentation.
                #expect(line.hasPrefix("  "), "\(command) --help: a command wrapped at 80 columns: \(line)")
                #expect(line.count <= 80, "\(command) --help: \(line.count) columns: \(line)")
            }
        }
    }

    /// Three examples at a time: each runs in a network namespace and a copy of the files of its own, and
    /// most of their time is waiting (a replay at `--speed 60`, a record for 10 s, gpsd's fixes).
    @Test func everyHelpExampleRunsAsWritten() async throws {
        let scripts = try await Self.helps().map { command, help in
            Script(source: "\(command) --help", text: Self.example(in: help).map { String($0.dropFirst(2)) }.joined(separator: "\n"))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, script) in scripts.enumerated() {
                if index >= 3 { try await group.next() }
                group.addTask { try await Self.check(script) }
            }
            try await group.waitForAll()
        }
    }

    @Test(arguments: try blocks(of: "README.md") + blocks(of: "docs/GETTING-STARTED.md"))
    func everyDocumentedCommandRunsAsWritten(_ script: Script) async throws {
        try await Self.check(script)
    }

    /// Runs `script` and expects it to succeed.
    static func check(_ script: Script) async throws {
        let result = try await run(script.text)
        #expect(result.status == 0, "\(script.source) failed (\(result.status)):\n\(script.text)\n--- stdout:\n\(result.stdout.suffix(2000))\n--- stderr:\n\(result.stderr.suffix(2000))")
    }

    /// Runs `text` with bash -e in a fresh copy of the bundled files, in a network namespace of its own.
    static func run(_ text: String) async throws -> TestSupport.Result {
        let folder = try TemporaryFolder(prefix: "bgkit-docs")
        for item in ["Examples", "Traces"] {
            try FileManager.default.copyItem(atPath: root + "/" + item, toPath: folder.path + "/" + item)
        }
        let script = try folder.write("example.sh", text + "\n")
        // The gpsd of `bgloc live` and `bgloc record` on their default port, unless the script starts one.
        let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let needsGPSD = commands.contains { $0.contains("bgloc live") || $0.contains("bgloc record") }
            && !commands.contains { $0.hasPrefix("gpsfake ") }
        let wrapper = try folder.write("run.sh", """
            ip link set lo up || exit 99
            if [ -n "\(needsGPSD ? "yes" : "")" ]; then
                setsid gpsfake -q -P 2947 -c 0.01 Traces/walk-through-region.nmea >/dev/null 2>&1 &
                gpsfake=$!
                for i in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/2947) 2>/dev/null && break; sleep 0.1; done
            fi
            setsid timeout -k 5 240 bash -e \(script) &
            example=$!
            wait $example
            status=$?
            kill -9 -- -$example 2>/dev/null
            [ -n "$gpsfake" ] && kill -9 -- -$gpsfake 2>/dev/null
            exit $status
            """)
        let bin = URL(fileURLWithPath: TestSupport.executable("bgloc")).deletingLastPathComponent().path
        let path = "\(bin):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"):/usr/sbin:/sbin"
        let unshare = try #require(TestSupport.which("unshare"))
        return try await TestSupport.run(
            unshare, ["-n", "bash", wrapper], environment: ["PATH": path, "COLUMNS": "80"], currentDirectory: folder.path,
            // Beyond the example's own limit (`timeout -k 5 240` above).
            timeLimit: .seconds(300))
    }
}
