import Glibc

/// Runs a fuzz target's body over its inputs: under libFuzzer when the target is built for fuzzing,
/// otherwise over the files named on the command line.
///
/// A fuzz target is one file with an `@main` type that hands its body to ``run(_:)``:
///
/// ```swift
/// @main enum FuzzManifest {
///     static func main() {
///         FuzzDriver.run { bytes in _ = try? AppManifest(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml") }
///     }
/// }
/// ```
///
/// `tools/fuzz/run` builds it with `-DFUZZING`, ASan and coverage instrumentation and links libFuzzer's
/// `fuzzer_no_main` runtime, so the `main` above starts libFuzzer (`LLVMFuzzerRunDriver`) and takes
/// libFuzzer's options (`-max_total_time=60 corpus/`). A normal `swift build` builds the same target as a
/// replayer: `FuzzManifest crash-1234 Tests/BackgroundAppTests/Regressions/` runs each file (each file of
/// a folder) once and prints its name, so a finding can be rerun under a debugger without libFuzzer.
public enum FuzzDriver {
    /// Runs `body` on every input and exits; the body must not throw or keep state between inputs.
    public static func run(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        #if FUZZING
        target = body
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in
            FuzzDriver.target?(UnsafeRawBufferPointer(start: data, count: count))
            return 0
        })
        #else
        var status: Int32 = 0
        for path in CommandLine.arguments.dropFirst() {
            for file in files(at: path) {
                guard let bytes = contents(of: file) else {
                    print("\(file): cannot be read")
                    status = 1
                    continue
                }
                bytes.withUnsafeBytes(body)
                print("\(file): ok")
            }
        }
        exit(status)
        #endif
    }

    /// Runs `body` on every input written to a file (one per process, in `/dev/shm` when there is one),
    /// for readers that take a path; `name` gives the file its extension (`fuzz.gpx`).
    public static func run(asFileNamed name: String, _ body: @escaping (String) -> Void) -> Never {
        let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = "\(folder)/bgkit-\(getpid())-\(name)"
        run { bytes in
            guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
            fwrite(bytes.baseAddress, 1, bytes.count, file)
            fclose(file)
            body(path)
            unlink(path)
        }
    }

    #if FUZZING
    /// The body libFuzzer's callback (a C function, so without captures) runs.
    nonisolated(unsafe) private static var target: ((UnsafeRawBufferPointer) -> Void)?
    #else
    /// `path` itself, or the files in it (sorted) when it is a folder.
    private static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    private static func contents(of file: String) -> [UInt8]? {
        guard let stream = fopen(file, "rb") else { return nil }
        defer { fclose(stream) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, stream)
            bytes += chunk[0..<n]
            if n < chunk.count { return ferror(stream) == 0 ? bytes : nil }
        }
    }
    #endif
}

#if FUZZING
/// libFuzzer's entry point for programs with a `main` of their own (the `fuzzer_no_main` runtime).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
