// fuzz-seeds: $SHARED/gpx/*.gpx Traces/*.gpx Examples/*/*.gpx Tests/Regressions/GPX/*
import BackgroundLocation
import FuzzSupport

/// Fuzzes the GPX reader (its items and `bgloc info`'s summary): any bytes give fixes or an `InputError`,
/// never a crash, a hang or unbounded memory.
@main enum FuzzGPX {
    static func main() {
        FuzzDriver.run(asFileNamed: "fuzz.gpx") { path in
            guard let reader = try? GPXReader(path: path) else { return }
            while (try? reader.next()) != nil {}  // pull every item, as a replay does
            _ = try? TraceSummary(path: path)  // and as `bgloc info` does: the parser driven in place
        }
    }
}
