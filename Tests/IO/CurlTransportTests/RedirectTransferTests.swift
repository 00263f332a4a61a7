import BackgroundTestKit
import BackgroundTransfers
import CurlTransport
import Foundation
import Testing

/// Redirects, followed as a background URLSession follows them: the fault server answers 3xx (to nginx,
/// to another fault server, or to itself), nginx holds the bytes that arrive.
@Suite(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
struct RedirectTransferTests {
    let transport = CurlTransport()
    let content = pattern(1_000_000)
    /// Where downloads go, and where redirects lead to.
    let (folder, nginx): (TemporaryFolder, NginxServer)

    init() async throws {
        (folder, nginx) = (try TemporaryFolder(prefix: "bgkit-transfer"), try await NginxServer.start())
    }

    @Test(arguments: [301, 302, 307, 308])
    func anUploadRedirectedKeepsItsMethodAndSendsTheWholeBodyAgain(status: Int) async throws {
        let file = try folder.write("visits.bin", Data(content))
        let moved = try FaultyHTTPServer([.init(status: status, headers: ["Location": nginx.url("moved/visits.bin")], body: Array("moved".utf8))])
        defer { moved.stop() }
        let progress = ProgressLog()
        let response = try await transport.perform(.upload(file, to: moved.url("visits.bin")), progress: progress.callback)
        #expect(response.status == 201)
        #expect(bytes(at: nginx.root + "/moved/visits.bin") == content)
        #expect(response.bytesSent == Int64(content.count))
        #expect(moved.requests.count == 1)
        #expect(moved.requests.first?.hasPrefix("PUT /visits.bin HTTP/1.1\r\n") == true)
        #expect(moved.requests.first?.contains("\r\nContent-Length: \(content.count)") == true)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aDownloadFollowsToTheFileAndKeepsNoneOfTheRedirectsBody(status: Int) async throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let moved = try FaultyHTTPServer([.init(status: status, headers: ["Location": nginx.url("tour.bin")], body: Array("moved".utf8))])
        defer { moved.stop() }
        let destination = folder.path + "/tour.bin"
        let response = try await transport.perform(.download(from: moved.url("old/tour.bin"), to: destination)) { _ in }
        #expect(response.status == 200)
        #expect(response.validator != nil)
        #expect(bytes(at: destination) == content)
        #expect(folder.files == ["tour.bin"])
    }

    @Test func a303TurnsAnUploadIntoAGetOfTheNewLocation() async throws {
        let file = try folder.write("visits.bin", Data(content))
        let receipt = try FaultyHTTPServer([.init(status: 200, body: Array("thanks".utf8))])
        defer { receipt.stop() }
        let moved = try FaultyHTTPServer([.init(status: 303, headers: ["Location": receipt.url("receipt")])])
        defer { moved.stop() }
        let response = try await transport.perform(.upload(file, to: moved.url("visits.bin"))) { _ in }
        #expect(response.status == 200)
        #expect(moved.requests.first?.hasPrefix("PUT /visits.bin ") == true)
        #expect(receipt.requests.count == 1)
        #expect(receipt.requests.first?.hasPrefix("GET /receipt HTTP/1.1\r\n") == true)
    }

    @Test func aRedirectLoopStopsAfterSixteenWithHTTPTooManyRedirects() async throws {
        let loop = try FaultyHTTPServer([.init(status: 302, headers: ["Location": "/again"])])
        defer { loop.stop() }
        let error = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: loop.url("start"), to: folder.path + "/never.bin")) { _ in }
        }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(loop.requests.count == 17)
        #expect(folder.files.isEmpty)
    }

    @Test(arguments: ["ftp://127.0.0.1/visits.bin", "file:///etc/passwd", "gopher://127.0.0.1/"])
    func aRedirectOutOfHTTPIsRefusedAsAnUnsupportedURL(location: String) async throws {
        let moved = try FaultyHTTPServer([.init(status: 301, headers: ["Location": location])])
        defer { moved.stop() }
        let destination = folder.path + "/passwd"
        let error = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: moved.url("passwd"), to: destination)) { _ in }
        }
        #expect(error?.code == .unsupportedURL)
        #expect(moved.requests.count == 1)
        #expect(folder.files.isEmpty)
    }

    @Test func aRedirectWithoutLocationCompletesWithItsStatus() async throws {
        let moved = try FaultyHTTPServer([.init(status: 302, body: Array("nowhere".utf8))])
        defer { moved.stop() }
        let response = try await transport.perform(.download(from: moved.url("x"), to: folder.path + "/x")) { _ in }
        #expect(response.status == 302)
        #expect(response.bytesReceived == 7)
        #expect(folder.files.isEmpty)
    }
}
