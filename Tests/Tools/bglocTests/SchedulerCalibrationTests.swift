import BackgroundTestKit
import Testing

/// The realistic policy against real devices' logs of background refresh (issue 35, item 7): each log of
/// Tests/Calibration runs through `bgtask simulate --policy realistic` with the usage derived from it, and
/// each figure it reports must agree with bgkit's within the figure's tolerance — or, where the corpus
/// records a known gap (with the reason in the file and in docs/SCHEDULER.md), must still disagree. Either
/// way bgkit's figure must stay in the range the corpus and the doc's table state, so a material change of
/// the model fails here until the table is measured again.
@Suite struct SchedulerCalibrationTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    @Test func theCorpusHoldsTenDeviceLogsEachWithItsSource() throws {
        let logs = try CalibrationLog.all()
        #expect(logs.filter { $0.kind == "log" }.count >= 10)
        for log in logs {
            #expect(["log", "statement"].contains(log.kind), "\(log.file)")
            #expect(log.source.hasPrefix("https://"), "\(log.file)")
            #expect(!log.quote.isEmpty && !log.device.isEmpty && !log.figures.isEmpty, "\(log.file)")
        }
    }

    /// Issue 35 asks for ten logs from real iPhones: a log whose `device` names no device, or an iPad, does
    /// not count.
    @Test func tenOfTheLogsAreFromIPhones() throws {
        let phones = try CalibrationLog.all().filter { $0.kind == "log" && $0.device.hasPrefix("iPhone") }
        #expect(phones.count >= 10, "\(phones.map(\.file))")
    }

    @Test(arguments: try CalibrationLog.all())
    func theRealisticPolicyAgreesWithTheLogOrRecordsTheGap(_ log: CalibrationLog) async throws {
        let folder = try TemporaryFolder(prefix: "calibration")
        let manifest = try folder.write("app.yaml", log.manifest)
        let run = try await TestSupport.run(
            Self.bgtask,
            ["simulate", manifest, "--for", "\(log.days)d", "--policy", "realistic", "--seed", "1", "--format", "jsonl"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let measured = try CalibrationFigure.measure(jsonl: run.stdout, days: log.days)
        for figure in log.figures {
            let value = try #require(measured[figure.name], "\(log.file): no \(figure.name) in the run")
            #expect(figure.bgkit.contains(value), "\(log.file): bgkit's \(figure.name) is \(value), the table says \(figure.bgkit)")
            #expect(
                figure.name.agrees(value, with: figure.real) == figure.agrees,
                "\(log.file): \(figure.name) \(value) against the real \(figure.real): agreement is recorded as \(figure.agrees)")
        }
        #expect((log.gap != nil) == log.figures.contains { !$0.agrees }, "\(log.file): a gap needs its reason, and only a gap")
    }
}
