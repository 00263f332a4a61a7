import BackgroundTestKit
import Foundation
import Testing

/// Issue 28, "the first hour of a new user": each point as a new user meets it, end to end through the
/// built tools (`BGKIT_TOOLS=DIR` runs them against another build, to see them fail before the fix).
@Suite struct FirstHourTests {
    static var bgtask: String { TestSupport.executable("bgtask") }
    static var bgloc: String { TestSupport.executable("bgloc") }
    static var bgaudio: String { TestSupport.executable("bgaudio") }
    static let root = TestSupport.packageRoot

    static func simulate(_ manifest: String, _ options: [String] = ["--for", "1h"]) async throws -> TestSupport.Result {
        try await TestSupport.run(bgtask, ["simulate", manifest] + options)
    }

    /// `bgtask simulate` of the manifest `text`, written to app.yaml in a folder of its own.
    static func simulate(yaml text: String, _ options: [String] = ["--for", "1h"]) async throws -> TestSupport.Result {
        let folder = try TemporaryFolder()
        return try await simulate(try folder.write("app.yaml", text), options)
    }

    // MARK: 1. Unknown background modes are named, and a rejection says why

    @Test func aMisspeltBackgroundModeIsNamedWithItsLineAndTheNearestMode() async throws {
        let result = try await Self.simulate(yaml: """
            app: com.example.typo
            backgroundModes: [fecth, location]
            permittedIdentifiers: [com.example.typo.refresh]
            tasks:
              com.example.typo.refresh: {kind: refresh, work: 2s}
            submitAtLaunch: [com.example.typo.refresh]
            """)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("app.yaml:2: backgroundModes[0]: unknown background mode 'fecth' (did you mean 'fetch'?"), "\(result.stderr)")
    }

    @Test func aRejectedSubmissionNamesTheMissingModeOrIdentifier() async throws {
        let result = try await Self.simulate(yaml: """
            app: com.example.nomode
            backgroundModes: [location]
            permittedIdentifiers: [com.example.nomode.refresh]
            tasks:
              com.example.nomode.refresh: {kind: refresh, work: 2s}
              com.example.nomode.other: {kind: refresh, work: 2s}
            submitAtLaunch: [com.example.nomode.refresh, com.example.nomode.other]
            """, ["--for", "1h", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""event":"task.rejected","task":"com.example.nomode.refresh","error":"notPermitted","reason":"refresh tasks need the 'fetch' background mode (UIBackgroundModes)""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""task":"com.example.nomode.other","error":"notPermitted","reason":"com.example.nomode.other is not in the permitted identifiers"#))
    }

    // MARK: 3. `bgtask push` fails when the app rejects the push (FirstHourLiveTests)

    // MARK: 5. The text timeline shows what happened, not every fix

    @Test func aWalkThroughOneRegionPrintsItsCrossingsNotEveryFix() async throws {
        let walk = Self.root + "/Traces/walk-through-region.gpx"
        let text = try await TestSupport.run(Self.bgloc, ["replay", walk, "--region", "lindenhof=47.37297,8.54069,150", "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count < 20, "\(lines.count) lines")
        #expect(lines.contains { $0.contains(" enter ") } && lines.contains { $0.contains(" exit ") })
        #expect(!lines.contains { $0.contains("  location  ") })
        #expect(lines.last?.contains("location updates not shown (--events 'location' shows them)") == true, "\(lines.last ?? "")")

        let picked = try await TestSupport.run(
            Self.bgloc, ["replay", walk, "--region", "lindenhof=47.37297,8.54069,150", "--format", "jsonl", "--events", "enter,ex*"])
        let names = picked.stdout.split(separator: "\n").map { $0.split(separator: "\"")[7] }
        #expect(names == ["enter", "exit"], "\(picked.stdout)\(picked.stderr)")
    }

    // MARK: 6. Every run says how it ended

    @Test func aReplayOfAnAppWithoutLifecycleSaysHowItEndedAndThatTheAppStayedInTheForeground() async throws {
        let folder = try TemporaryFolder()
        let manifest = try folder.write("app.yaml", """
            app: com.example.walk
            backgroundModes: [location]
            regions:
              - {id: lindenhof, lat: 47.37297, lon: 8.54069, radius: 150}
            """)
        let result = try await TestSupport.run(
            Self.bgloc, ["replay", Self.root + "/Traces/walk-through-region.gpx", "--app", manifest, "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = String(result.stdout.split(separator: "\n").last ?? "")
        #expect(last.hasPrefix("— ended: the trace ended"), "\(last)")
        #expect(last.contains("the app stayed in the foreground"), "\(last)")
    }

    @Test func aSimulationSaysItReachedItsEndAndWhatIsPending() async throws {
        let result = try await Self.simulate(Self.root + "/Examples/DailyRefresh/app.yaml", ["--for", "1h", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("— ended: --for 1h reached at 2026-01-01 01:00:00; pending: task com.example.daily.upload, task com.example.daily.refresh\n"),
                "\(result.stdout.suffix(200))")
    }

    // MARK: 8. Options agree

    @Test func recordAndLiveTakeDurationsWithUnits() async throws {
        // No gpsd listens on port 1: a duration accepted gets as far as gpsd, a refused one stops at 64.
        for command in ["record", "live"] {
            let arguments = command == "record" ? ["record", "/dev/null"] : ["live"]
            let result = try await TestSupport.run(Self.bgloc, arguments + ["--gpsd", "127.0.0.1:1", "--duration", "1s"])
            #expect(result.status != 64, "\(command): \(result.stderr)")
        }
    }

    @Test func anUnknownOptionIsNamedBeforeAMissingOne() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.root + "/Examples/DailyRefresh/app.yaml", "--bogus", "x"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option '--bogus'"), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing expected argument"))
    }

    @Test func aReportPathThatCannotBeWrittenIsRefusedBeforeTheRun() async throws {
        let result = try await Self.simulate(
            Self.root + "/Examples/DailyRefresh/app.yaml", ["--for", "365d", "--format", "text", "--report", "/nonexistent/folder/r.html"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "the year was printed before the report's path was checked")
        #expect(result.stderr.contains("/nonexistent/folder"))
    }

    // MARK: 9. Things that can be tried

    @Test func aSecondRunWithStateStartsWhereTheFirstEnded() async throws {
        let folder = try TemporaryFolder()
        let state = folder.path + "/day.db"
        let example = Self.root + "/Examples/DailyRefresh/app.yaml"
        let first = try await Self.simulate(example, ["--for", "1h", "--state", state, "--format", "jsonl"])
        let second = try await Self.simulate(example, ["--for", "1h", "--state", state, "--format", "jsonl"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(first.stdout.hasPrefix(#"{"time":"2026-01-01T00:00:00Z""#))
        #expect(second.stdout.hasPrefix(#"{"time":"2026-01-01T01:00:00Z""#), "\(second.stdout.prefix(200))")
        #expect(first.stdout != second.stdout)
    }

    @Test func playingOnTheNullDeviceTakesTheAudiosOwnTime() async throws {
        let start = ContinuousClock.now
        let result = try await TestSupport.run(
            Self.bgaudio, ["play", Self.root + "/Examples/AudioTour/audio/lindenhof.wav", "--device", "null", "--format", "jsonl"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 0, "\(result.stderr)")
        // The clip is 0.75 s long: played in real time, the run cannot be shorter (a lower bound, never a timing limit).
        #expect(elapsed >= .milliseconds(700), "\(elapsed)")
    }

    @Test(arguments: ["bgloc", "bgaudio", "bgtask"])
    func helpPointsToAManualThatExistsWithoutInstalling(_ tool: String) async throws {
        let help = try await TestSupport.run(TestSupport.executable(tool), ["--help"])
        #expect(help.status == 0)
        for line in help.stdout.split(separator: "\n") where line.contains("man \(tool)") {
            #expect(line.contains("make install"), "\(line)")
        }
        #expect(help.stdout.contains("docs/"))
    }

    // MARK: 10. Smaller things

    @Test func textTimesKeepTheirColumns() async throws {
        let result = try await TestSupport.run(
            Self.bgloc, ["replay", Self.root + "/Examples/AudioTour/tour.gpx", "--app", Self.root + "/Examples/AudioTour/app.yaml",
                         "--audio-device", "null", "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("2") }  // not the closing line
        #expect(lines.count > 10)
        for line in lines {
            // `YYYY-MM-DD hh:mm:ss.mmm` padded to 23 characters, then two spaces and the event's name.
            let scalars = Array(line.unicodeScalars)
            #expect(scalars.count > 25 && scalars[23] == " " && scalars[24] == " " && scalars[25] != " ", "\(line)")
        }
    }

    @Test func aYesNoValueListsYesAndNo() async throws {
        let result = try await Self.simulate(yaml: """
            app: com.example.yesno
            tasks: {com.example.yesno.refresh: {kind: refresh, work: 2s, resubmit: 1}}
            """)
        #expect(result.status == 1)
        #expect(result.stderr.contains("(expected true, false, yes, no, on or off)"), "\(result.stderr)")
    }

    @Test func aMissingPayloadFileNamesTheManifestsLine() async throws {
        let result = try await Self.simulate(yaml: """
            app: com.example.push
            backgroundModes: [remote-notification]
            pushes:
              - {at: 1m, payload: push/missing.apns}
            onPush: {work: 1s}
            """)
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.yaml:4: pushes[0].payload: "), "\(result.stderr)")
        #expect(result.stderr.contains("missing.apns: cannot be read"))
    }

    @Test func anAppThatIsNotABundleIdentifierIsRefused() async throws {
        let result = try await Self.simulate(yaml: """
            app: my app!
            backgroundModes: [fetch]
            """)
        #expect(result.status == 1)
        #expect(result.stderr.contains("app.yaml:1: app: 'my app!' is not a bundle identifier"), "\(result.stderr)")
    }
}
