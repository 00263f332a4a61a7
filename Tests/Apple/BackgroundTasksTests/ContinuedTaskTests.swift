import BackgroundTestKit
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct ContinuedTaskTests {
    static let manifest = """
        app: com.example.feed
        permittedIdentifiers: [com.example.feed.export.*]
        lifecycle: [{at: 30s, app: background}]
        """

    /// Each change of the progress's counts is a report, at the moment the code sets it.
    @Test func progressTheCodeSetsIsReportedAndKeepsTheTaskAlive() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = ExportApp()
        try await device.launch(app)
        try await device.run(for: .seconds(120))
        let progress = device.events.filter { $0.contains(#""event":"task.progress""#) }
        #expect(progress.count == 4, "\(device.events.joined(separator: "\n"))")
        // Each report is recorded when the code sets it: the total at the launch, then a part every 20 s.
        let times = progress.compactMap { line in
            line.split(separator: "\"").dropFirst(3).first.flatMap { ISO8601DateFormatter().date(from: String($0)) }
        }
        #expect(times.first.map { first in times.map { $0.timeIntervalSince(first) } } == [0, 20, 40, 60], "\(progress)")
        #expect(device.events.contains { $0.contains(#""event":"task.completed""#) && $0.contains(ExportApp.identifier) })
        #expect(!app.expired)
    }

    /// A task that reports nothing for the stall limit (60 s) is expired: Apple, BGContinuedProcessingTask:
    /// the system expires a task that does not report progress.
    @Test func aTaskThatReportsNoProgressIsExpiredAtTheStallLimit() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = ExportApp()
        app.reportsProgress = false
        app.secondsPerPart = 30
        try await device.launch(app)
        try await device.run(for: .seconds(120))
        #expect(app.expired, "\(device.events.joined(separator: "\n"))")
    }
}
