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

    // MARK: 9. Things that can be tried

    @Test func playingOnTheNullDeviceTakesTheAudiosOwnTime() async throws {
        let start = ContinuousClock.now
        let result = try await TestSupport.run(
            Self.bgaudio, ["play", Self.root + "/Examples/AudioTour/audio/lindenhof.wav", "--device", "null", "--format", "jsonl"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 0, "\(result.stderr)")
        // The clip is 0.75 s long: played in real time, the run cannot be shorter (a lower bound, never a timing limit).
        #expect(elapsed >= .milliseconds(700), "\(elapsed)")
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
