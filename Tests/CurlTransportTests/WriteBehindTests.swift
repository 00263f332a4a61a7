import BackgroundTestKit
import BackgroundTransfers
import CallScripts
import CurlTransport
import Foundation
import Glibc
import Testing

/// A large download from nginx starts the disk's work every 8 MB (`posix_fadvise`), and that advice
/// failing changes nothing but the speed.
@Suite(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
struct WriteBehindTests {
    let transport = CurlTransport()
    let folder: TemporaryFolder
    let nginx: NginxServer
    let content = pattern(20_000_000)

    init() async throws {
        folder = try TemporaryFolder(prefix: "bgkit-transfer")
        nginx = try await NginxServer.start()
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/large.bin"))
    }

    @Test func aLargeDownloadAsksForTheDiskEveryEightMegabytesAndEndsByteIdentical() async throws {
        let destination = folder.path + "/large.bin"
        let mock = CurlMock([:])
        let progress = ProgressLog()
        let response = try await CurlMocking.$current.withValue(mock) {
            try await transport.perform(.download(from: nginx.url("large.bin"), to: destination), progress: progress.callback)
        }
        #expect(response.status == 200)
        #expect(bytes(at: destination) == content)
        // 20,000,000 bytes hold two whole 8 MiB stretches; the tail is left to the final fsync.
        #expect(mock.calls.filter { $0 == "posix_fadvise" }.count == 2)
        #expect(mock.calls.last { $0 == "posix_fadvise" || $0 == "fsync" } == "fsync")
        #expect(progress.latest?.bytesReceived == Int64(content.count))
    }

    @Test func adviceThatFailsChangesNothing() async throws {
        let destination = folder.path + "/large.bin"
        let mock = CurlMock(["posix_fadvise": [EIO, EBADF]])
        let response = try await CurlMocking.$current.withValue(mock) {
            try await transport.perform(.download(from: nginx.url("large.bin"), to: destination)) { _ in }
        }
        #expect(response.status == 200)
        #expect(bytes(at: destination) == content)
        #expect(folder.files == ["large.bin"])
    }
}
