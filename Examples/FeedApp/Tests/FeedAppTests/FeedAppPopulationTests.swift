import BackgroundApp
import BackgroundCore
import BackgroundPopulation
import BackgroundTasks
import Foundation
import Testing
import UIKit
import BackgroundTestKit
@testable import FeedApp

/// The feed app's own code for a population (CONTRACTS §15): beside the manifest that describes it
/// (Examples/FeedApp/app.yaml, as `bgtask simulate --users` runs it), with the classic bug of a refresh that
/// never asks for the next, and with a user whose code traps.
///
/// The users run in child processes of this test executable (EmulatedPopulation): each test runs its
/// population first, so that a child, which runs the test again, reaches it before anything else.
@Suite(.serialized, .disabled(if: dlsym(nil, "__asan_init") != nil, "AddressSanitizer intercepts the clock")) @MainActor
struct FeedAppPopulationTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    static let refresh = "com.example.feed.refresh"
    static let users = 200
    static let days = 7

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The population of the manifest `name` as `bgtask simulate --users` runs it.
    static func manifestPopulation(_ name: String, users: Int, days: Int, seed: UInt64) throws -> RunStatistics {
        let manifest = try AppRecipe.standard.manifest(yaml: text(name), file: name)
        let run = PopulationRun(
            recipe: .standard, manifest: manifest, start: .defaultStart, end: .defaultStart + Duration.seconds(days * 86_400), seed: seed, users: users)
        return try #require(run.run(workers: 2) { manifest in
            var options = AppRecipe.Options()
            options.configuration.chooseLaunch(for: manifest)
            return options
        })
    }

    @Test func theAppsCodeAndItsManifestAgree() async throws {
        let code = try await EmulatedPopulation(manifest: Self.text("population.yaml"), users: Self.users, days: Self.days, seed: 1)
            .run { AppDelegate.self }.statistics
        let manifest = try Self.manifestPopulation("app.yaml", users: Self.users, days: Self.days, seed: 1)
        #expect(code.users == Self.users && code.crashCount == 0)
        // The same users open the app at the same times: the usage and its draws are --users'.
        #expect(code.opens == manifest.opens)
        // The system launches the refreshes of the code about as often as the manifest's, within a quarter:
        // the policy's draws have the same seeds, but the code also submits each time the user leaves the app
        // (replacing the pending request, its earliest begin 15 minutes on), which the manifest cannot say,
        // and which costs it about a sixth of the launches (4,862 against 5,856 with seed 1).
        let (mine, theirs) = (code.tasks[Self.refresh]!.launches, manifest.tasks[Self.refresh]!.launches)
        #expect(mine > Self.users * Self.days && abs(mine - theirs) * 4 <= theirs, "code \(mine), manifest \(theirs) refresh launches")
        #expect(code.tasks[Self.refresh]!.launchesPerDay.count == Self.users)
        // And the content is about as fresh when the users open the app.
        let (age, expected) = (code.contentAgeAtOpen.percentile(50), manifest.contentAgeAtOpen.percentile(50))
        #expect(code.contentAgeAtOpen.count == manifest.contentAgeAtOpen.count)
        #expect(abs(age - expected) * 4 <= expected, "content age at open p50: code \(age) s, manifest \(expected) s")
        let (p90, expected90) = (code.contentAgeAtOpen.percentile(90), manifest.contentAgeAtOpen.percentile(90))
        #expect(abs(p90 - expected90) * 4 <= expected90, "content age at open p90: code \(p90) s, manifest \(expected90) s")
    }

    @Test func aRefreshThatNeverAsksForTheNextLeavesTheContentStale() async throws {
        let forgetful = try await EmulatedPopulation(manifest: Self.text("population.yaml"), users: Self.users, days: Self.days, seed: 1)
            .run { ForgetfulFeedApp.self }.statistics
        let manifest = try Self.manifestPopulation("app.yaml", users: Self.users, days: Self.days, seed: 1)
        #expect(forgetful.opens == manifest.opens)
        // One refresh after each time the user leaves the app, where the manifest says every refresh asks for
        // the next: fewer launches, and content older at the next open. (The realistic policy places the one
        // launch ahead of the open it predicts, which spares the median open much of the bug; the worst opens
        // are those after a prediction missed.)
        let (mine, theirs) = (forgetful.tasks[Self.refresh]!.launches, manifest.tasks[Self.refresh]!.launches)
        #expect(mine * 2 < theirs, "forgetful \(mine), manifest \(theirs) refresh launches")
        let (age, expected) = (forgetful.contentAgeAtOpen, manifest.contentAgeAtOpen)
        #expect(age.percentile(50) * 4 > expected.percentile(50) * 5 && age.percentile(90) > expected.percentile(90),
                "content age at open p50, p90: forgetful code \(age.percentile(50)) s, \(age.percentile(90)) s; manifest \(expected.percentile(50)) s, \(expected.percentile(90)) s")
    }

    @Test func aUserWhoseCodeTrapsEndsAsACrashAndThePopulationGoesOn() async throws {
        let text = try Self.text("population.yaml").replacingOccurrences(
            of: #"""
                population:
                  - {weight: 3, usage: [{at: "07:30", for: 5m, jitter: 20m}, {at: "19:00", for: 10m, jitter: 1h}]}
                  - {weight: 1, usage: [{at: "12:30", for: 3m, jitter: 15m}]}
                """#,
            with: #"""
                population:
                  - {weight: 49, usage: [{at: "08:00", for: 5m}]}
                  - {weight: 1, usage: [{at: "03:00", for: 1m}, {at: "08:00", for: 5m}]}
                """#)
        // The first seed with exactly one of the 50 users opening the app at night, when NightTrap traps.
        let seed = try #require(try (UInt64(1)...100).first { seed in try Self.nightUsers(text, seed: seed) == 1 })
        let summary = try await EmulatedPopulation(manifest: text, users: 50, days: 1, seed: seed).run { NightTrap.self }
        let s = summary.statistics
        #expect(s.users == 50)
        #expect(s.crashCount == 1)
        #expect(s.crashes.keys.first?.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value") == true, "\(s.crashes)")
        // The 49 others opened the app at 08:00, and each counts in the refresh's launches per day.
        #expect(s.opens == 49)
        #expect(s.tasks[Self.refresh]!.launchesPerDay.count == 49)
        #expect(summary.jsonText.contains(#""crashes":{"count":1,"reasons":{"#))
        #expect(summary.table.contains("crashes: 1 of 50 users"))
    }

    /// A task of a Slurm job array (SlurmOwnCodeTests): the population, or the shard `BGKIT_SHARD` names, to
    /// the summary file `BGKIT_POPULATION_SUMMARY` names.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BGKIT_POPULATION_SUMMARY"] != nil, "run by SlurmOwnCodeTests"))
    func aPopulationToTheSummaryFileTheEnvironmentNames() async throws {
        let summary = try await EmulatedPopulation(manifest: Self.text("population.yaml"), users: 12, days: 2, seed: 5).run { AppDelegate.self }
        try summary.write(to: ProcessInfo.processInfo.environment["BGKIT_POPULATION_SUMMARY"]!)
    }

    /// How many of 50 users of `text` with `seed` draw the profile that opens the app at night: those whose
    /// manifest differs from the most users'.
    static func nightUsers(_ text: String, seed: UInt64) throws -> Int {
        let manifest = try AppRecipe.standard.manifest(yaml: text, file: "night")
        let run = PopulationRun(recipe: .standard, manifest: manifest, start: .defaultStart, end: .defaultStart + Duration.seconds(86_400), seed: seed, users: 50)
        let groups = Dictionary(grouping: (0..<50).map(run.manifest(ofUser:)), by: { $0 }).values.map(\.count)
        return groups.count == 2 ? groups.min()! : 0
    }
}

/// The classic bug: the refresh's handler fetches and completes, but never submits the next request; the
/// app asks for one only when the user leaves it.
final class ForgetfulFeedApp: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: FeedAppPopulationTests.refresh, using: nil) { task in
            Task {
                try? await Task.sleep(for: .seconds(3))
                task.setTaskCompleted(success: true)
            }
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: FeedAppPopulationTests.refresh)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}

/// An app whose code traps (a forced unwrap of nil) when the user opens it between midnight and 05:00.
final class NightTrap: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: FeedAppPopulationTests.refresh, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        let feed: String? = Int(Date().timeIntervalSince1970) % 86_400 < 5 * 3600 ? nil : "feed"
        print(feed!.count)
    }
}
