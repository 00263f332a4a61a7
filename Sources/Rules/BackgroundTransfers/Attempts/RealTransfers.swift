public import BackgroundCore
import Glibc

/// Attempts over real HTTP(S), through any ``TransferTransport`` (`CurlTransport`).
///
/// - On virtual time (``Mode/virtual``) an attempt runs on the engine's owner while the clock stands still,
///   as a `run:` command does: its events come at once, inside ``begin(_:report:)``.
/// - In a live run (``Mode/live``) it runs off the engine, and its end comes back through the engine's
///   inbox at the live time it happens.
///
/// A data task's bytes go to a temporary file in ``scratchFolder`` (`$TMPDIR`, else `/tmp`), removed when
/// the attempt ends.
///
/// ```swift
/// let attempts = RealTransfers(transport: CurlTransport(), engine: engine, mode: .live)
/// ```
public final class RealTransfers: TransferAttempts {
    /// How attempts meet time.
    public enum Mode: Sendable {
        /// Each attempt blocks the engine's owner; virtual time does not move meanwhile.
        case virtual
        /// Each attempt runs in a task of its own; its end is posted to the engine's inbox.
        case live
    }

    /// The folder of the data tasks' temporary files.
    public let scratchFolder: String
    private let transport: any TransferTransport
    private let engine: EventEngine
    private let mode: Mode

    /// - Parameter scratchFolder: Where data tasks' bytes go while they arrive; nil: the process's
    ///   temporary folder, `$TMPDIR` or else `/tmp` (``temporaryFolder(tmpdir:)``).
    public init(transport: any TransferTransport, engine: EventEngine, mode: Mode, scratchFolder: String? = nil) {
        self.transport = transport
        self.engine = engine
        self.mode = mode
        self.scratchFolder = scratchFolder ?? Self.temporaryFolder(tmpdir: getenv("TMPDIR").map { String(cString: $0) })
    }

    /// The temporary folder by the POSIX rule, given the value of `TMPDIR`: that folder without a trailing
    /// slash, or `/tmp` when it is unset or empty.
    public static func temporaryFolder(tmpdir: String?) -> String {
        var folder = tmpdir ?? ""
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/tmp" : folder
    }

    public func begin(_ attempt: TransferAttempt, report: @escaping (TransferAttempt.Event) -> Void) -> () -> ResumePoint? {
        var request = attempt.request
        var scratch: String?
        if case .download(let file, let resume) = request.body, file.isEmpty {
            scratch = "\(scratchFolder)/.bgkit-data-\(getpid())-\(attempt.transfer)"
            request.body = .download(file: scratch!, resume: resume)
        }
        switch mode {
        case .virtual:
            let result: Result<TransferResponse, TransportError>
            do throws(TransportError) {
                result = .success(try transport.performBlocking(request) { _ in })
            } catch {
                result = .failure(error)
            }
            if let scratch { unlink(scratch) }
            report(.started(offset: (try? result.get())?.resumedFrom ?? attempt.resume?.offset ?? 0))
            report(.finished(result))
            return { nil }
        case .live:
            report(.started(offset: attempt.resume?.offset ?? 0))
            let reporter = EngineSideReporter(report)
            let inbox = engine.inbox
            let task = Task { [transport] in
                let result: Result<TransferResponse, TransportError>
                do throws(TransportError) {
                    result = .success(try await transport.perform(request) { _ in })
                } catch {
                    result = .failure(error)
                }
                if let scratch { unlink(scratch) }
                inbox.post { reporter.report(.finished(result)) }
            }
            return {
                task.cancel()
                return nil
            }
        }
    }
}

/// A session's report function carried through a live attempt's task to the engine's inbox.
private final class EngineSideReporter: @unchecked Sendable {
    // @unchecked: `report` touches the session, which is not thread-safe; it is only ever called from an
    // input of the engine's inbox, which the live run executes on the engine's owner.
    let report: (TransferAttempt.Event) -> Void
    init(_ report: @escaping (TransferAttempt.Event) -> Void) { self.report = report }
}
