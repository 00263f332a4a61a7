import BackgroundCore

/// An engine and its timeline for a benchmark on virtual time, with the clocks started: it counts the
/// events of one name, as a script counts them (by the event name), and says the CPU and wall seconds
/// since it was made.
final class CountingRun {
    let engine = EventEngine(start: .defaultStart)
    let timeline: Timeline
    /// The events named as given so far.
    private(set) var count = 0
    private let wallStart = BenchClock.now()
    private let cpuStart = BenchClock.cpu()

    init(counting name: String) {
        timeline = Timeline(engine: engine)
        timeline.addEventListener { [unowned self] event in
            if event.kind.name == name { count += 1 }
        }
    }

    var cpuSeconds: Double { BenchClock.cpu() - cpuStart }
    var wallSeconds: Double { BenchClock.now() - wallStart }
}
