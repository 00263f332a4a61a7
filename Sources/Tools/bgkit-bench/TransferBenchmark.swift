import BackgroundTestKit
import BackgroundTransfers
import CurlTransport
import Dispatch
import Glibc
import Synchronization

/// The libcurl transport as a program of its own, so that `tools/bench/50-transfers.sh` can time it and
/// read its peak memory beside `curl` the same way (GNU time, one process each), against the same nginx.
///
/// - `bgkit-bench nginx`: starts the test kit's ``NginxServer`` and prints `port<TAB>root<TAB>pid` (pid
///   is nginx's, the leader of its process group: the script kills that group hard), then keeps it until
///   standard input ends.
/// - `bgkit-bench upload FILE URL`: one `PUT` of FILE with `CurlTransport`.
/// - `bgkit-bench download URL FILE`: one `GET` into FILE with `CurlTransport`.
///
/// The transfers print `transfer.status`, `transfer.bytes` and `transfer.progress_reports` lines and exit
/// with status 1 unless the answer was 2xx.
enum TransferBenchmark {
    static func runNginx(_ arguments: [String]) throws {
        let nginx = try wait { try await NginxServer.start() }
        print("\(nginx.port)\t\(nginx.root)\t\(nginx.processID)")
        fflush(nil)  // every stream: the script reads the line before standard input ends
        while getchar() != EOF {}
        nginx.stop()
    }

    static func runUpload(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw Usage(text: "usage: bgkit-bench upload FILE URL") }
        try transfer(.upload(arguments[0], to: arguments[1]))
    }

    static func runDownload(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw Usage(text: "usage: bgkit-bench download URL FILE") }
        try transfer(.download(from: arguments[0], to: arguments[1]))
    }

    private static func transfer(_ request: TransferRequest) throws {
        let reports = Counter()
        let response = try wait {
            try await CurlTransport().perform(request) { _ in reports.count.add(1, ordering: .relaxed) }
        }
        print("transfer.status\t\(response.status)\t")
        print("transfer.bytes\t\(response.bytesSent + response.bytesReceived)\tbytes")
        print("transfer.progress_reports\t\(reports.count.load(ordering: .relaxed))\tcalls")
        if !(200..<300).contains(response.status) { exit(1) }
    }

    /// Runs `work` on Swift's pool and blocks this (the main) thread until it ends.
    private static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        Task.detached {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }

    /// How many times progress was reported.
    private final class Counter: Sendable {
        let count = Atomic(0)
    }

    struct Usage: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}
