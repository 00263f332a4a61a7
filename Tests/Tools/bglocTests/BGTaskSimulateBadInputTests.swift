import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// `bgtask simulate` on bad input, end to end, beyond the cases of ``BGTaskSimulateTests``: broken
/// manifests and bad option values. Each ends with status 1 (the input) or 64 (an option), one
/// `Error:` line naming the file and the place, no crash report, within 512 MiB of address space.
@Suite struct BGTaskSimulateBadInputTests {
    static var example: String { BGTaskSimulateTests.example }

    enum Manifest: Sendable {
        case text(String)
        case bytes([UInt8])
        case path(String)
        case example
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        let name: String
        var manifest: Manifest = .example
        var options: [String] = ["--for", "1d"]
        let status: Int32
        /// The `Error:` line's text; `$F` stands for the test's folder.
        let message: String
        var testDescription: String { name }
    }

    /// The example manifest's text.
    static let exampleText = (try? String(contentsOfFile: example, encoding: .utf8)) ?? ""

    /// The example manifest cut inside its first condition's flow mapping.
    static let truncated: String = {
        String(exampleText[..<(exampleText.range(of: "lowPower: false")?.lowerBound ?? exampleText.endIndex)])
    }()

    static let cases: [BadInput] = [
        BadInput(name: "empty file", manifest: .text(""), status: 1,
                 message: "$F/app.yaml: the manifest is empty (it needs at least app: and tasks:)"),
        BadInput(name: "only comments", manifest: .text("# nothing yet\n\n"), status: 1,
                 message: "$F/app.yaml: the manifest is empty (it needs at least app: and tasks:)"),
        BadInput(name: "truncated", manifest: .text(truncated), status: 1,
                 message: "$F/app.yaml:34:1: invalid YAML: did not find expected node content while parsing a flow node"),
        BadInput(name: "binary garbage", manifest: .bytes((0..<512).map { UInt8(($0 * 167 + 13) % 256) }), status: 1,
                 message: "$F/app.yaml: byte 1: is not UTF-8 text (a manifest is YAML text)"),
        BadInput(name: "a NUL byte", manifest: .text("app: x\u{0}\ntasks: {}\n"), status: 1,
                 message: "$F/app.yaml: byte 6: invalid YAML: control characters are not allowed"),
        BadInput(name: "an endless device", manifest: .path("/dev/zero"), status: 1,
                 message: "/dev/zero: is larger than 1 MiB; refusing it (a manifest is a few kilobytes: is it the right file?)"),
        BadInput(name: "billion laughs", manifest: .path(TestSupport.packageRoot + "/Tests/Regressions/Manifest/billion-laughs-key.yaml"),
                 status: 1, message: TestSupport.packageRoot + "/Tests/Regressions/Manifest/billion-laughs-key.yaml:4:10: '*a0' is a YAML alias"),
        BadInput(name: "no --for", options: [], status: 64, message: "Missing expected argument '--for <duration>'"),
        BadInput(name: "negative --for", options: ["--for=-1h"], status: 64,
                 message: "The value '-1h' is invalid for '--for <duration>'"),
        BadInput(name: "--for without a last unit", options: ["--for", "1h30"], status: 64, message: "The value '1h30' is invalid for '--for <duration>'"),
        BadInput(name: "--for in exponent notation", options: ["--for", "1e3s"], status: 64, message: "The value '1e3s' is invalid for '--for <duration>'"),
        BadInput(name: "--for of a century and a day", options: ["--for", "36501d"], status: 64,
                 message: "The value '36501d' is invalid for '--for <duration>'"),
        BadInput(name: "--for past the clock's end", options: ["--for", "99999999d"], status: 64, message: "The value '99999999d' is invalid for '--for <duration>'"),
        BadInput(name: "--for of zero", options: ["--for", "0"], status: 64, message: "--for '0': expected a duration greater than 0"),
        BadInput(name: "--start on 30 February", options: ["--for", "1d", "--start", "2026-02-30T00:00:00Z"], status: 64,
                 message: "--start '2026-02-30T00:00:00Z' is not an RFC 3339 time such as 2026-03-01T09:00:00Z."),
        BadInput(name: "--start too late for the clock", options: ["--for", "1d", "--start", "2200-01-01T00:00:00Z"], status: 64,
                 message: "--start '2200-01-01T00:00:00Z' is too late: the simulation must end by 2162"),
        BadInput(name: "--start and --for past 2162", options: ["--for", "36500d", "--start", "2100-01-01T00:00:00Z"], status: 64,
                 message: "--start '2100-01-01T00:00:00Z' is too late: the simulation must end by 2162"),
        BadInput(name: "--start in year 3000", options: ["--for", "1d", "--start", "3000-01-01T00:00:00Z"], status: 64,
                 message: "--start '3000-01-01T00:00:00Z' is not an RFC 3339 time"),
        BadInput(name: "empty --start", options: ["--for", "1d", "--start", ""], status: 64, message: "--start '' is not an RFC 3339 time"),
        BadInput(name: "--seed of letters", options: ["--for", "1d", "--seed", "abc"], status: 64, message: "The value 'abc' is invalid for '--seed <seed>'"),
        BadInput(name: "fractional --seed", options: ["--for", "1d", "--seed", "1.5"], status: 64, message: "The value '1.5' is invalid for '--seed <seed>'"),
        BadInput(name: "--seed of 2^64", options: ["--for", "1d", "--seed", "18446744073709551616"], status: 64,
                 message: "The value '18446744073709551616' is invalid for '--seed <seed>'"),
        BadInput(name: "--policy in capitals", options: ["--for", "1d", "--policy", "EAGER"], status: 64,
                 message: "The value 'EAGER' is invalid for '--policy <policy>'"),
        BadInput(name: "an unknown option", options: ["--for", "1d", "--frobnicate"], status: 64, message: "Unknown option '--frobnicate'"),
        BadInput(name: "a second manifest", options: ["--for", "1d", "other.yaml"], status: 64, message: "Unexpected argument 'other.yaml'"),
        BadInput(name: "--state is a directory", options: ["--for", "1d", "--state", "$F"], status: 1,
                 message: "$F: is a directory, not a state file; give the path of a file (it need not exist yet)"),
        BadInput(name: "--state in a missing folder", options: ["--for", "1h", "--state", "$F/missing/state.db"], status: 1,
                 message: "$F/missing/state.db: cannot open the state database: the folder $F/missing does not exist"),
        BadInput(name: "--state is not a database", manifest: .text(exampleText), options: ["--for", "1h", "--state", "$F/app.yaml"], status: 1,
                 message: "$F/app.yaml: cannot open the state database: file is not a database; moved it aside to $F/app.yaml.corrupt, and the next open starts an empty database"),
    ]

    @Test(arguments: cases)
    func endsWithOneClearError(_ c: BadInput) async throws {
        let folder = try TemporaryFolder()
        let manifest: String
        switch c.manifest {
        case .text(let text): manifest = try folder.write("app.yaml", text)
        case .bytes(let bytes):
            manifest = folder.path + "/app.yaml"
            try Data(bytes).write(to: URL(fileURLWithPath: manifest))
        case .path(let path): manifest = path
        case .example: manifest = Self.example
        }
        let options = c.options.map { $0.replacingOccurrences(of: "$F", with: folder.path) }
        let result = try await Self.runBounded(["simulate", manifest, "--format", "jsonl"] + options)
        let message = c.message.replacingOccurrences(of: "$F", with: folder.path)
        #expect(result.status == c.status, "\(result.stderr)")
        #expect(!result.signalled)
        #expect(result.stdout.isEmpty)
        Self.expectOneClearError(result.stderr, message, withUsage: c.status == 64)
    }

    /// chmod 000 stops everyone but root; tests may run as root, where the file is read as usual.
    @Test func anUnreadableManifest() async throws {
        let folder = try TemporaryFolder()
        let manifest = try folder.write("app.yaml", String(contentsOfFile: Self.example, encoding: .utf8))
        #expect(chmod(manifest, 0) == 0)
        let result = try await Self.runBounded(["simulate", manifest, "--for", "1h", "--format", "jsonl"])
        if access(manifest, R_OK) == 0 {  // root (CAP_DAC_OVERRIDE): the mode does not apply
            #expect(result.status == 0)
            #expect(result.stdout.contains("task.launched"))
        } else {
            #expect(result.status == 1)
            Self.expectOneClearError(result.stderr, "\(manifest): cannot be read: permission denied", withUsage: false)
        }
    }

    /// Exactly one `Error:` line with `message`, the usage after it for option errors, and no crash report.
    static func expectOneClearError(_ stderr: String, _ message: String, withUsage: Bool) {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first?.hasPrefix("Error: \(message)") == true, "\(stderr)")
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1, "\(stderr)")
        if !withUsage { #expect(lines.count == 1, "\(stderr)") }
        for crash in ["Fatal error", "Stack dump", "Current stack trace", "💣", "Thread 0", "at /", "#0 "] {
            #expect(!stderr.contains(crash), "\(stderr)")
        }
    }

    /// Runs bgtask within 512 MiB of address space (unless it is built with a sanitizer, whose shadow
    /// memory needs terabytes of it), so that unbounded memory shows as a failure, not a swapping machine.
    static func runBounded(_ arguments: [String]) async throws -> TestSupport.Result {
        let bgtask = TestSupport.executable("bgtask")
        guard !sanitized, let prlimit = TestSupport.which("prlimit") else {
            return try await TestSupport.run(bgtask, arguments)
        }
        return try await TestSupport.run(prlimit, ["--as=\(512 << 20)", bgtask] + arguments)
    }

    /// True in a `swift test --sanitize=…` build (the tests and bgtask are built alike).
    static let sanitized = !TestSupport.sanitizers.isEmpty
}
