import BackgroundTestKit
import BackgroundTransfers
import MockingScripts
import CurlTransport
import Foundation
import Glibc
import Testing

/// The libcurl transport against faults: a server that ignores ranges, scripted statuses, a stall, TLS to
/// a plain server, a refused connection, an unknown host, and requests refused before libcurl runs.
struct FaultTransferTests {
    let transport = CurlTransport()
    let folder: TemporaryFolder
    let content = pattern(300_000)

    init() throws {
        folder = try TemporaryFolder(prefix: "bgkit-transfer")
    }

    @Test func aServerIgnoringRangeRestartsTheDownloadFromZero() async throws {
        let server = try FaultyHTTPServer([
            .init(status: 200, headers: ["ETag": "\"v1\""], body: content, ending: .dropAfter(100_000)),
            .init(status: 200, headers: ["ETag": "\"v1\""], body: content),
        ])
        defer { server.stop() }
        let destination = folder.path + "/data.bin"
        let cut = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: server.url("data.bin"), to: destination)) { _ in }
        }
        #expect(cut?.resume == ResumePoint(offset: 100_000, validator: "\"v1\""))

        let again = try await transport.perform(.download(from: server.url("data.bin"), to: destination, resume: cut?.resume)) { _ in }
        #expect(again.status == 200)
        #expect(again.resumedFrom == 0)
        #expect(bytes(at: destination) == content)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.contains("Range: bytes=100000-\r\n") == true)
        #expect(server.requests.last?.contains("If-Range: \"v1\"") == true)
    }

    @Test func statusesAreCompletedAttemptsAndOnlyA2xxBodyIsKept() async throws {
        let server = try FaultyHTTPServer([
            .init(status: 503, body: Array("busy".utf8)), .init(status: 503, body: Array("busy".utf8)),
            .init(status: 200, body: content),
        ])
        defer { server.stop() }
        let destination = folder.path + "/data.bin"
        var statuses: [Int] = []
        for _ in 1...3 {
            statuses.append(try await transport.perform(.download(from: server.url("data.bin"), to: destination)) { _ in }.status)
            if statuses.last == 503 { #expect(!FileManager.default.fileExists(atPath: destination)) }
        }
        #expect(statuses == [503, 503, 200])
        #expect(folder.files == ["data.bin"])
        #expect(bytes(at: destination) == content)
    }

    @Test func anUploadSendsTheFileAndGetsTheStatus() async throws {
        let server = try FaultyHTTPServer([.init(status: 503)])
        defer { server.stop() }
        let file = try folder.write("log.txt", Data(content))
        let response = try await transport.perform(.upload(file, to: server.url("log.txt"), method: "POST")) { _ in }
        #expect(response.status == 503)
        #expect(response.bytesSent == Int64(content.count))
        #expect(server.requests.first?.hasPrefix("POST /log.txt HTTP/1.1\r\n") == true)
        #expect(server.requests.first?.contains("Content-Length: \(content.count)") == true)
    }

    @Test func aStalledAnswerTimesOutAndCanResume() async throws {
        let server = try FaultyHTTPServer([.init(status: 200, headers: ["ETag": "\"s\""], body: content, ending: .stallAfter(1_000))])
        defer { server.stop() }
        var request = TransferRequest.download(from: server.url("data.bin"), to: folder.path + "/data.bin")
        request.timeout = .seconds(1)
        let error = await failure { () async throws(TransportError) in try await transport.perform(request) { _ in } }
        #expect(error?.code == .timedOut)
        #expect(error?.resume == ResumePoint(offset: 1_000, validator: "\"s\""))
    }

    @Test func cancellingTheTaskCancelsTheAttempt() async throws {
        let server = try FaultyHTTPServer([.init(status: 200, body: content, ending: .stallAfter(10))])
        defer { server.stop() }
        let request = TransferRequest.download(from: server.url("data.bin"), to: folder.path + "/data.bin")
        let attempt = Task { [transport] in
            await failure { () async throws(TransportError) in try await transport.perform(request) { _ in } }
        }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        attempt.cancel()
        #expect(await attempt.value?.code == .cancelled)
    }

    @Test func tlsToAPlainServerFailsTheSecureConnection() async throws {
        let server = try FaultyHTTPServer([.init(status: 200)])
        defer { server.stop() }
        let error = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: server.url("x", scheme: "https"), to: folder.path + "/x")) { _ in }
        }
        #expect(error?.code == .secureConnectionFailed)
    }

    @Test func aClosedPortIsCannotConnectToHost() async throws {
        let port = try LoopbackPort.free()
        let error = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: "http://127.0.0.1:\(port)/x", to: folder.path + "/x")) { _ in }
        }
        #expect(error?.code == .cannotConnectToHost)
        #expect(error?.detail.contains("\(port)") == true)
        #expect(folder.files.isEmpty)
    }

    @Test func anInvalidHostIsCannotFindHost() async throws {
        let error = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: "http://bgkit-test.invalid/x", to: folder.path + "/x")) { _ in }
        }
        #expect(error?.code == .cannotFindHost)
    }

    @Test(arguments: ["ftp://127.0.0.1/x", "file:///etc/passwd", "127.0.0.1/x", "http:"])
    func aURLThatIsNotHTTPIsRefusedBeforeLibcurl(url: String) async throws {
        let mock = CurlMock([:])
        let error = await CurlMocking.$current.withValue(mock) {
            await failure { () async throws(TransportError) in
                try await transport.perform(.download(from: url, to: folder.path + "/x")) { _ in }
            }
        }
        #expect(error == TransportError(.unsupportedURL, "\(url): not an http(s) URL"))
        #expect(mock.calls.isEmpty)
    }

    @Test func aMissingUploadFileIsFileDoesNotExist() async throws {
        let error = await failure { () async throws(TransportError) in
            try await transport.perform(.upload(folder.path + "/gone.log", to: "http://127.0.0.1:9/gone.log")) { _ in }
        }
        #expect(error == TransportError(.fileDoesNotExist, "cannot read \(folder.path)/gone.log: No such file or directory"))
    }

    @Test func libcurlsCodeBecomesTheURLErrorName() async throws {
        let file = try folder.write("log.txt", "visit")
        let mock = CurlMock(["curl_easy_perform": [60]])  // CURLE_PEER_FAILED_VERIFICATION
        let error = await CurlMocking.$current.withValue(mock) {
            await failure { () async throws(TransportError) in
                try await transport.perform(.upload(file, to: "https://example.org/log.txt")) { _ in }
            }
        }
        #expect(error?.code == .serverCertificateUntrusted)
        #expect(error?.detail == "curl_easy_perform: SSL peer certificate or SSH remote key was not OK")
    }
}
