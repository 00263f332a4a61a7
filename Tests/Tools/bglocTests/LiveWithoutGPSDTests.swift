import BackgroundTestKit
import Foundation
import Testing

/// `bgloc live --app` of a manifest without regions or significant changes runs with no gpsd (issue 25):
/// the README's `bgloc live --app Examples/DailyRefresh/app.yaml --state day.db`.
@Suite struct LiveWithoutGPSDTests {
    @Test func anAppWithoutRegionsNeedsNoGPSD() async throws {
        let folder = try TemporaryFolder()
        // gpsd's own port when nothing listens there, as on a machine without gpsd; else one nothing listens on.
        let port = LoopbackPort.accepts(2947) ? try LoopbackPort.free() : 2947
        #expect(!LoopbackPort.accepts(port))
        let result = try await TestSupport.run(TestSupport.executable("bgloc"), [
            "live", "--app", TestSupport.packageRoot + "/Examples/DailyRefresh/app.yaml", "--state", folder.path + "/day.db",
            "--gpsd", "127.0.0.1:\(port)", "--duration", "1", "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("gpsd"), "\(result.stderr)")
        let events = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
        }
        #expect(Array(events.prefix(4)) == ["conditions", "lifecycle", "task.submitted", "task.submitted"], "\(result.stdout)")
        #expect(!events.contains("error"), "\(result.stdout)")
    }
}
