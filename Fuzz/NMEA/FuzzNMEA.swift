// fuzz-seeds: $SHARED/nmea/*.log Traces/*.nmea Tests/Regressions/NMEA/*
import BackgroundLocation
import FuzzSupport

/// Fuzzes the NMEA reader (its items and `bgloc info`'s summary): any bytes give fixes, skipped sentences
/// or an `InputError`, never a crash, a hang or unbounded memory.
@main enum FuzzNMEA {
    static func main() {
        FuzzDriver.run(asFileNamed: "fuzz.nmea") { path in
            guard let reader = try? NMEAReader(path: path) else { return }
            while (try? reader.next()) != nil {}  // pull every item, as a replay does
            _ = try? TraceSummary(path: path)  // and as `bgloc info` does: the parser driven in place
        }
    }
}
