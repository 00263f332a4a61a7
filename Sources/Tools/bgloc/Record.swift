import ArgumentParser
import BackgroundCore
import BackgroundLocation
import CommandLineSupport
import GPSDLocation
import Glibc

/// `bgloc record OUT.gpx [--gpsd HOST:PORT] [--duration SECONDS] [--fixes N]`: gpsd's fixes into a GPX file.
struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the fixes of a running gpsd into a GPX file.",
        discussion: """
            Each fix is written as it arrives, and the file is a complete GPX 1.1 document after every \
            one: stopping with Ctrl-C (exit 130), SIGTERM (143), --duration or --fixes leaves a valid, \
            closed file. Progress shows on standard error when it is a terminal; losing and regaining \
            gpsd is reported there too.

            Example:
              bgloc record walk.gpx --duration 10s
              bgloc replay walk.gpx --format jsonl
            """
    )

    @Argument(help: ArgumentHelp("The GPX file to write (replaced if it exists).", valueName: "out.gpx"))
    var output: String

    @OptionGroup var gpsd: GPSDOptions

    func run() async throws {
        let recording = Recording(path: output, source: gpsd.configuration(), showsProgress: StandardOutput.errorIsTerminal)
        try await Interruption.run { try await recording.record() }
    }
}

/// One recording, as plain values that can cross into the interruptible task.
private struct Recording: Sendable {
    var path: String
    var source: GPSDSource.Configuration
    var showsProgress: Bool

    func record() async throws {
        let writer = try GPXWriter(path: path, creator: "bgloc record")
        let engine = EventEngine(start: .now())
        let started = engine.now
        var writeError: (any Error)?
        do {
            try await GPSDSource(configuration: source).run(on: engine) { event in
                switch event {
                case .fix(let fix):
                    guard writeError == nil else { return }
                    do {
                        try writer.append(fix)
                    } catch {
                        // Stop following gpsd; the error is thrown below.
                        writeError = error
                        withUnsafeCurrentTask { $0?.cancel() }
                    }
                    if showsProgress { Self.progress(writer.count, elapsed: engine.now - started) }
                case .problem(let message, _):
                    if showsProgress { Self.progress(nil, elapsed: nil) }
                    StandardOutput.writeError("bgloc record: \(message)")
                }
            }
        } catch let error as GPSDConnectionError {
            // gpsd was never reached: leave no empty recording behind.
            try writer.close()
            unlink(path)
            throw error
        } catch {
            try finish(writer)
            throw writeError ?? error
        }
        try finish(writer)
    }

    /// Clears the progress line, closes the file and says what it holds.
    private func finish(_ writer: GPXWriter) throws {
        if showsProgress { Self.progress(nil, elapsed: nil) }
        try writer.close()
        StandardOutput.writeError("bgloc record: \(writer.count) \(writer.count == 1 ? "fix" : "fixes") written to \(path)")
    }

    /// Rewrites the progress line on the terminal ("12 fixes, 00:31"); nil clears it.
    private static func progress(_ count: Int?, elapsed: Duration?) {
        var line = "\r\u{1B}[K"
        if let count, let elapsed {
            let seconds = Int(elapsed.seconds)
            line += "\(count) \(count == 1 ? "fix" : "fixes"), \(seconds / 60):\(String(seconds % 60).leftPadded(to: 2))"
        }
        var bytes = line
        bytes.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
