import BackgroundCore
import BackgroundLocation
import Dispatch

/// Region monitoring at scale (CPU time, so that a busy machine does not inflate it): the cost of one fix
/// with 20, 1,000 and 100,000 regions through the location manager (spatial index) against a straight
/// scan of every region, and the throughput of a whole replay (1 M fixes, 100 regions, continuous
/// updates on) on virtual time.
///
/// `bgkit-bench regions [FIXES]` — FIXES per measurement (default 200,000);
/// `bgkit-bench replay [FIXES] [plain|jsonl]` — the replay (default 1,000,000 fixes, both forms).
enum RegionBenchmark {
    /// Switzerland's bounding box: regions and the walk stay inside it.
    static let latitudes = 45.8...47.8
    static let longitudes = 5.9...10.5

    static func run(_ arguments: [String]) throws {
        let fixes = arguments.first.flatMap(Int.init) ?? 200_000
        for count in [20, 1_000, 100_000] {
            let regions = randomRegions(count)
            print("regions.index_ns_per_fix.\(count)\t\(format(indexed(regions, fixes: fixes)))\tns/fix")
            // The scan's cost per fix is steady: fewer fixes at many regions keep the run short.
            let scanFixes = min(fixes, max(2_000, 200_000_000 / count))
            print("regions.scan_ns_per_fix.\(count)\t\(format(scanned(regions, fixes: scanFixes)))\tns/fix")
        }
    }

    /// `bgkit-bench replay [FIXES] [plain|jsonl]`: the replay throughput (default 1,000,000 fixes).
    static func runReplay(_ arguments: [String]) {
        let fixes = arguments.first.flatMap(Int.init) ?? 1_000_000
        let forms = arguments.dropFirst().first.map { [$0 == "jsonl"] } ?? [false, true]
        for rendering in forms {
            let name = rendering ? "replay_jsonl" : "replay"
            let wall = BenchClock.now()
            let cpuSeconds = replay(fixes: fixes, rendering: rendering)
            let wallSeconds = BenchClock.now() - wall
            print("\(name).fixes_per_cpu_second.100_regions\t\(Int(Double(fixes) / cpuSeconds))\tfixes/s")
            print("\(name).fixes_per_wall_second.100_regions\t\(Int(Double(fixes) / wallSeconds))\tfixes/s")
        }
    }

    /// Nanoseconds per fix through `LocationManager` monitoring `regions`.
    static func indexed(_ regions: [CircularRegion], fixes: Int) -> Double {
        let engine = EventEngine(start: .defaultStart)
        var configuration = LocationManagerConfiguration()
        configuration.regionLimit = regions.count
        let manager = LocationManager(engine: engine, timeline: Timeline(engine: engine), configuration: configuration)
        for region in regions { manager.startMonitoring(for: region) }
        var walk = Walk()
        manager.receive(.fix(walk.next(at: engine.now)))  // determines every region's state: not measured
        let start = BenchClock.cpu()
        for _ in 0..<fixes {
            engine.advance(by: .seconds(1))
            manager.receive(.fix(walk.next(at: engine.now)))
        }
        return (BenchClock.cpu() - start) / Double(fixes) * 1e9
    }

    /// Nanoseconds per fix testing every region (by squared chord, the cheapest exact test) for entry
    /// and exit: what the manager would cost without its index.
    static func scanned(_ regions: [CircularRegion], fixes: Int) -> Double {
        let centers = regions.map { Geodesy.unitVector(latitude: $0.latitude, longitude: $0.longitude) }
        let entry = regions.map { Geodesy.squaredChord(forDistance: $0.radius - 10) }
        let exit = regions.map { Geodesy.squaredChord(forDistance: $0.radius + 20) }
        var inside = [Bool](repeating: false, count: regions.count)
        var walk = Walk()
        var changes = 0
        let start = BenchClock.cpu()
        for i in 0..<fixes {
            let fix = walk.next(at: .defaultStart + .seconds(i))
            let p = Geodesy.unitVector(latitude: fix.latitude, longitude: fix.longitude)
            for r in centers.indices {
                let d2 = centers[r].squaredDistance(to: p)
                if inside[r] ? d2 > exit[r] : d2 <= entry[r] {
                    inside[r].toggle()
                    changes += 1
                }
            }
        }
        let elapsed = BenchClock.cpu() - start
        precondition(changes >= 0)
        return elapsed / Double(fixes) * 1e9
    }

    /// CPU seconds of a virtual-time replay through the manager with 100 regions along the walk (the
    /// replay runs on a task while the main thread waits, so the process's CPU time is the replay's).
    static func replay(fixes count: Int, rendering: Bool) -> Double {
        final class Outcome: @unchecked Sendable { var seconds = 0.0 }  // written before the signal, read after
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            outcome.seconds = await replayOnce(fixes: count, rendering: rendering)
            done.signal()
        }
        done.wait()
        return outcome.seconds
    }

    private static func replayOnce(fixes count: Int, rendering: Bool) async -> Double {
        var walk = Walk()
        let fixes = (0..<count).lazy.map { i in walk.next(at: .defaultStart + .seconds(i)) }
        var regionWalk = Walk()
        let regions = (0..<100).map { i in
            let fix = regionWalk.next(at: .defaultStart)
            for _ in 0..<(count / 100) - 1 { _ = regionWalk.next(at: .defaultStart) }
            return CircularRegion(identifier: "r\(i)", latitude: fix.latitude, longitude: fix.longitude, radius: 150)
        }
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine)
        var bytes = 0
        if rendering {
            let renderer = JSONLinesRenderer()
            timeline.addEventListener { bytes += renderer.render($0).utf8.count + 1 }
        }
        var configuration = LocationManagerConfiguration()
        configuration.regionLimit = regions.count
        let manager = LocationManager(engine: engine, timeline: timeline, configuration: configuration)
        manager.startUpdatingLocation()
        for region in regions { manager.startMonitoring(for: region) }
        let start = BenchClock.cpu()
        do { try await manager.run(.replay(fixes)) } catch { preconditionFailure("replay failed: \(error)") }
        precondition(!rendering || bytes > 0)
        return BenchClock.cpu() - start
    }

    /// Random regions: centres uniform in the box, radii 50–500 m (seeded, repeatable).
    static func randomRegions(_ count: Int) -> [CircularRegion] {
        var random = SplitMix64(seed: UInt64(count))
        return (0..<count).map { i in
            CircularRegion(
                identifier: "r\(i)", latitude: Double.random(in: latitudes, using: &random),
                longitude: Double.random(in: longitudes, using: &random), radius: Double.random(in: 50...500, using: &random)
            )
        }
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// A walker zig-zagging through the box at ~10 m per fix, without trigonometry per step.
private struct Walk {
    var latitude = 46.8
    var longitude = 8.2
    var dLatitude = 0.00006
    var dLongitude = 0.00009

    mutating func next(at time: SimTime) -> LocationFix {
        latitude += dLatitude
        longitude += dLongitude
        if !RegionBenchmark.latitudes.contains(latitude) { dLatitude = -dLatitude }
        if !RegionBenchmark.longitudes.contains(longitude) { dLongitude = -dLongitude }
        return LocationFix(time: time, latitude: latitude, longitude: longitude, horizontalAccuracy: 5)
    }
}

