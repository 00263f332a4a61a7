import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// `bgloc info` on every GPX file of the shared corpora (`gpx/` and `more/gpx/`) agrees with gpxpy: counts,
/// the earliest and latest time, whether the times are in order, and the 2D length within 1 %. gpxpy is
/// no test dependency: tools/gpxpy-expected.py wrote what it says into Fixtures/gpxpy-expected*.json
/// (numbers only).
@Suite struct GPXCorpusTests {
    /// One file of one corpus, named after both.
    struct CorpusFile: CustomTestStringConvertible, Sendable {
        /// The folder under the shared testdata, and the expectations written for it.
        let folder: String
        let fixture: String
        let name: String
        var testDescription: String { folder + "/" + name }
    }

    static let corpora = [("gpx", "gpxpy-expected.json"), ("more/gpx", "gpxpy-expected-more.json")]

    static func expectations(_ fixture: String) -> [String: Any] {
        let path = TestSupport.packageRoot + "/Tests/Rules/BackgroundLocationTests/Fixtures/" + fixture
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [String: Any]
        else { return [:] }
        return files
    }

    static var files: [CorpusFile] {
        corpora.flatMap { folder, fixture in
            expectations(fixture).keys.sorted().map { CorpusFile(folder: folder, fixture: fixture, name: $0) }
        }
    }

    @Test func everyCorpusFileHasExpectations() throws {
        #expect(Self.expectations("gpxpy-expected.json").count >= 20)
        #expect(Self.expectations("gpxpy-expected-more.json").count >= 36)
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"), arguments: files)
    func infoAgreesWithGpxpy(_ file: CorpusFile) async throws {
        let path = try #require(TestSupport.sharedTestdata) + "/" + file.folder + "/" + file.name
        let expected = try #require(Self.expectations(file.fixture)[file.name] as? [String: Any])
        let result = try await TestSupport.run(TestSupport.executable("bgloc"), ["info", path, "--format", "json"])
        #expect(!result.signalled)
        let name = file.name
        if let error = expected["error"] as? String {
            // gpxpy refuses it. The first corpus's refusals are broken files: so must we refuse them, with a
            // located message and no crash. The second corpus's two are only an odd <fix> value, which a
            // lenient reader may read: then it must read it whole, else refuse it with a located message.
            if result.status == 0, file.folder == "more/gpx" { return }
            #expect(result.status == 1, "gpxpy: \(error)")
            #expect(result.stderr.contains(path + ":"), "\(result.stderr)")
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["tracks", "segments", "points", "waypoints", "routes", "routePoints"] {
            #expect(info[key] as? Int == expected[key] as? Int, "\(name): \(key)")
        }
        #expect(info["version"] as? String == expected["version"] as? String, "\(name): version")
        // gpxpy drops times padded with white space, which xsd:dateTime allows (tools/gpxpy-expected.py):
        // for those files, what gpxpy says once the padding is removed.
        let times = expected["paddedTimes"] as? [String: Any] ?? expected
        for key in ["start", "end"] {
            let ours = (info[key] as? String).flatMap { SimTime(rfc3339: $0) }
            let theirs = (times[key] as? String).flatMap { SimTime(rfc3339: $0) }
            #expect((ours == nil) == (theirs == nil), "\(name): \(key)")
            if let ours, let theirs {
                // gpxpy keeps microseconds; we keep nanoseconds.
                #expect(abs((ours - theirs).nanoseconds) < 1000, "\(name): \(key) \(ours) vs \(theirs)")
            }
        }
        if let duration = info["durationSeconds"] as? Double { #expect(duration >= 0, "\(name)") }
        let inOrder = try #require(times["inTimeOrder"] as? Bool)
        let stepBack = info["firstStepBack"] as? String
        #expect((stepBack == nil) == inOrder, "\(name): \(stepBack ?? "in time order")")
        if let stepBack {
            // file:line:column of the point where time goes back.
            #expect(stepBack.wholeMatch(of: /.+:\d+:\d+: time steps back from \S+ to \S+/) != nil, "\(stepBack)")
            #expect(stepBack.hasPrefix(path + ":"))
        }
        let distance = try #require(info["distanceMeters"] as? Double)
        let gpxpyDistance = try #require(expected["distanceMeters"] as? Double)
        #expect(abs(distance - gpxpyDistance) <= 0.01 * gpxpyDistance, "\(name): \(distance) m vs gpxpy \(gpxpyDistance) m")
    }

    static var malformed: [String] {
        guard let folder = TestSupport.sharedTestdata.map({ $0 + "/more/gpx/malformed" }) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
    }

    /// The files their own suites treat as broken end in one located error line, never a crash.
    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"), arguments: malformed)
    func malformedFilesFailClearly(_ name: String) async throws {
        let path = try #require(TestSupport.sharedTestdata) + "/more/gpx/malformed/" + name
        let result = try await TestSupport.run(TestSupport.executable("bgloc"), ["info", path, "--format", "json"])
        #expect(!result.signalled)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(message.contains(path + ":") && !message.contains("\n"), "\(message)")
        #expect(message.firstMatch(of: /:\d+:\d+:\s/) != nil, "names line and column: \(message)")
    }
}
