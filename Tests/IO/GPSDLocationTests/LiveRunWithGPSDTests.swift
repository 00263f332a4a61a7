import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import GPSDLocation
import Testing

/// One live engine, two sources at once: a real gpsd (gpsfake) and a second source on a task of its own.
@Suite(.enabled(if: TestSupport.toolsAvailable("gpsfake", "gpsd"), "install gpsd and gpsd-clients (tools/install-deps)"))
struct LiveRunWithGPSDTests {
    /// What reached the engine, with the engine's time when it did.
    enum Arrival: Equatable {
        case fix(SimTime?)
        case echo(Int)
    }

    @Test func takesGpsdsFixesAndAnotherSourcesInputsOnOneEngine() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let engine = EventEngine(start: .now())
        // The duration only keeps a broken run from hanging: the run ends when both sources have ended.
        let run = LiveRun(engine: engine, until: engine.now + .seconds(30))
        let (requests, request) = AsyncStream<Int>.makeStream()
        var arrivals: [(Arrival, SimTime)] = []
        var fixes = 0
        run.add(
            GPSDSource(configuration: .init(host: "127.0.0.1", port: "\(gpsd.port)", fixes: 8)), whenFinished: .keepRunning
        ) { event in
            guard case .fix(let fix) = event else { return }
            arrivals.append((.fix(fix.time), engine.now))
            fixes += 1
            request.yield(fixes)  // the other source answers each fix, from its own task
        }
        run.add(Echo(requests: requests, count: 8), whenFinished: .keepRunning) { n in
            arrivals.append((.echo(n), engine.now))
        }

        try await run.run()

        let times = arrivals.map(\.1)
        #expect(times == times.sorted(), "each input at the live time it was taken, in order")
        #expect(arrivals.compactMap { if case .echo(let n) = $0.0 { n } else { nil } } == Array(1...8))
        let fixTimes = arrivals.compactMap { if case .fix(let time) = $0.0 { time } else { nil } }
        #expect(fixes == 8, "no fix lost")
        #expect(fixTimes.compactMap { $0 } == fixTimes.compactMap { $0 }.sorted(), "gpsd's fixes in their order")
        let expected = Set(log.points.map { SimTime(rfc3339: $0.time)! })
        #expect(fixTimes.compactMap { $0 }.allSatisfy(expected.contains))
        for n in 1...8 {
            let fix = try #require(Self.index(ofFix: n, in: arrivals.map(\.0)))
            let echo = try #require(arrivals.firstIndex { $0.0 == .echo(n) })
            #expect(fix < echo, "echo \(n) answers fix \(n), so it comes after it")
        }
    }

    /// The index of the `n`th fix (from 1).
    private static func index(ofFix n: Int, in arrivals: [Arrival]) -> Int? {
        arrivals.indices.filter { if case .fix = arrivals[$0] { true } else { false } }.dropFirst(n - 1).first
    }
}

/// A second source: posts `n` each time it is asked to, from its own task, and ends after `count`.
private struct Echo: LiveSource {
    let requests: AsyncStream<Int>
    let count: Int

    func run(posting input: EngineInput<Int>) async throws {
        for await n in requests {
            input.post(n)
            if n == count { return }
        }
        try Task.checkCancellation()
    }
}
