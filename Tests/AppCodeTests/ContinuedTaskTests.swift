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
        #expect(progress.count >= 3, "\(device.events.joined(separator: "\n"))")
        #expect(progress.contains { $0.contains(#""time":"2026-01-01T00:00:20Z""#) }, "\(progress)")
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
