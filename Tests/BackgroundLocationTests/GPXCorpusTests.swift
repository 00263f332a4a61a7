import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// `bgloc info` on every GPX file of the shared corpus agrees with gpxpy: counts, first and last time, and
/// the 2D length within 1 %. gpxpy is no test dependency: tools/gpxpy-expected.py wrote what it says into
/// Fixtures/gpxpy-expected.json (numbers only).
@Suite struct GPXCorpusTests {
    static let expectedPath = TestSupport.packageRoot + "/Tests/BackgroundLocationTests/Fixtures/gpxpy-expected.json"

    static var files: [String] {
        guard let data = FileManager.default.contents(atPath: expectedPath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [String: Any]
        else { return [] }
        return files.keys.sorted()
    }

    static func expected(_ name: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: expectedPath))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require((object["files"] as? [String: Any])?[name] as? [String: Any])
    }

    @Test func everyCorpusFileHasExpectations() throws {
        #expect(Self.files.count >= 20)
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"), arguments: files)
    func infoAgreesWithGpxpy(_ name: String) async throws {
        let path = try #require(TestSupport.sharedTestdata) + "/gpx/" + name
        let expected = try Self.expected(name)
        let result = try await TestSupport.run(TestSupport.executable("bgloc"), ["info", path, "--format", "json"])
        #expect(!result.signalled)
        if let error = expected["error"] as? String {
            // gpxpy refuses it: so must we, with a located message and no crash.
            #expect(result.status == 1, "gpxpy: \(error)")
            #expect(result.stderr.contains(name))
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["tracks", "segments", "points", "waypoints", "routes", "routePoints"] {
            #expect(info[key] as? Int == expected[key] as? Int, "\(name): \(key)")
        }
        #expect(info["version"] as? String == expected["version"] as? String, "\(name): version")
        for key in ["start", "end"] {
            let ours = (info[key] as? String).flatMap { SimTime(rfc3339: $0) }
            let theirs = (expected[key] as? String).flatMap { SimTime(rfc3339: $0) }
            #expect((ours == nil) == (theirs == nil), "\(name): \(key)")
            if let ours, let theirs {
                // gpxpy keeps microseconds; we keep nanoseconds.
                #expect(abs((ours - theirs).nanoseconds) < 1000, "\(name): \(key) \(ours) vs \(theirs)")
            }
        }
        let distance = try #require(info["distanceMeters"] as? Double)
        let gpxpyDistance = try #require(expected["distanceMeters"] as? Double)
        #expect(abs(distance - gpxpyDistance) <= 0.01 * gpxpyDistance, "\(name): \(distance) m vs gpxpy \(gpxpyDistance) m")
    }
}
