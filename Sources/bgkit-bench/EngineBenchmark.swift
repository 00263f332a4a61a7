import BackgroundCore
import Glibc

/// The engine alone: schedule and run a million timed actions on virtual time.
enum EngineBenchmark {
    static func run(_ arguments: [String]) throws {
        let count = arguments.first.flatMap(Int.init) ?? 1_000_000
        let engine = EventEngine(start: .defaultStart)
        var ran = 0
        let start = BenchClock.now()
        for i in 0..<count { engine.schedule(after: .milliseconds(i % 10_000)) { ran += 1 } }
        engine.run()
        let seconds = BenchClock.now() - start
        precondition(ran == count)
        print("engine.events_per_second\t\(Int(Double(count) / seconds))\tevents/s")
    }
}

/// Monotonic seconds, for benchmarks.
enum BenchClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
