// fuzz-seeds: Fuzz/Manifest/Seeds/* Examples/*/*.yaml Tests/Regressions/Manifest/*
import BackgroundApp
import FuzzSupport

/// Fuzzes the app manifest loader (`AppManifest(yaml:file:)`): any bytes must give a manifest or an
/// `InputError`, never a crash, a hang or unbounded memory.
@main enum FuzzManifest {
    static func main() {
        FuzzDriver.run { bytes in
            _ = try? AppManifest(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
        }
    }
}
