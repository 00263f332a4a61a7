import BackgroundCore
import Glibc

/// The engine alone: schedule and run a million timed actions on virtual time.
enum EngineBenchmark {
    static func run(_ arguments: [String]) throws {
        let count = arguments.first.flatMap(Int.init) ?? 1_000_000
        let engine = EventEngine(start: .defaultStart)
        var ran = 0
        let start = BenchClock.cpu()
        for i in 0..<count { engine.schedule(after: .milliseconds(i % 10_000)) { ran += 1 } }
        engine.run()
        let seconds = BenchClock.cpu() - start
        precondition(ran == count)
        print("engine.events_per_cpu_second\t\(Int(Double(count) / seconds))\tevents/s")
    }
}

/// Seconds for benchmarks: monotonic wall time, and the process's CPU time, which stays comparable on a
/// busy machine.
enum BenchClock {
    static func now() -> Double { seconds(CLOCK_MONOTONIC) }

    static func cpu() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
