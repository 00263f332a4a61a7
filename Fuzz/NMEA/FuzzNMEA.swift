// fuzz-seeds: $SHARED/nmea/*.log Traces/*.nmea Tests/Regressions/NMEA/*
import BackgroundLocation
import FuzzSupport

/// Fuzzes the NMEA reader: any bytes give fixes, skipped sentences or an `InputError`, never a crash, a hang
/// or unbounded memory.
@main enum FuzzNMEA {
    static func main() {
        FuzzDriver.run(asFileNamed: "fuzz.nmea") { path in
            guard let reader = try? NMEAReader(path: path) else { return }
            while (try? reader.next()) != nil {}  // pull every item, as a replay does
        }
    }
}
