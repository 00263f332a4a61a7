import BackgroundTestKit
import BackgroundTransfers
import MockingScripts
import CurlTransport
import Foundation
import Testing

/// The libcurl transport against a real nginx: uploads and downloads of real bytes, a resumed download.
@Suite(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
struct NginxTransferTests {
    let transport = CurlTransport()
    let folder: TemporaryFolder
    let nginx: NginxServer
    let content = pattern(5_000_000)

    init() async throws {
        folder = try TemporaryFolder(prefix: "bgkit-transfer")
        nginx = try await NginxServer.start()
    }

    @Test func anUploadIsByteIdenticalOnTheServer() async throws {
        let file = try folder.write("visits.bin", Data(content))
        let progress = ProgressLog()
        let response = try await transport.perform(.upload(file, to: nginx.url("visits/today.bin")), progress: progress.callback)
        #expect(response.status == 201)
        #expect(response.bytesSent == Int64(content.count))
        #expect(progress.latest?.bytesSent == Int64(content.count))
        #expect(bytes(at: nginx.root + "/visits/today.bin") == content)
    }

    @Test func aDownloadIsByteIdenticalAndAppearsOnlyWhenComplete() async throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let destination = folder.path + "/cache/tour.bin"
        try FileManager.default.createDirectory(atPath: folder.path + "/cache", withIntermediateDirectories: true)
        let progress = ProgressLog()
        let response = try await transport.perform(.download(from: nginx.url("tour.bin"), to: destination), progress: progress.callback)
        #expect(response.status == 200)
        #expect(response.bytesReceived == Int64(content.count))
        #expect(response.validator != nil)
        #expect(progress.latest?.bytesReceived == Int64(content.count))
        #expect(bytes(at: destination) == content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache") == ["tour.bin"])
    }

    /// A `to:` in a folder that does not exist yet: the folders are made, as `curl --create-dirs` does (issue 28).
    @Test func aDownloadIntoFoldersNotYetMadeMakesThem() async throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let destination = folder.path + "/cache/audio/tour.bin"
        let response = try await transport.perform(.download(from: nginx.url("tour.bin"), to: destination)) { _ in }
        #expect(response.status == 200)
        #expect(bytes(at: destination) == content)
    }

    @Test func aDownloadCutShortResumesWithRangeAndEndsByteIdentical() async throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let reference = try await transport.perform(.download(from: nginx.url("tour.bin"), to: folder.path + "/reference.bin")) { _ in }
        let etag = try #require(reference.validator)
        // The same file with nginx's validator, from a server that drops the connection at byte 1 000 000.
        let cutting = try FaultyHTTPServer([.init(status: 200, headers: ["ETag": etag], body: content, ending: .dropAfter(1_000_000))])
        defer { cutting.stop() }
        let destination = folder.path + "/tour.bin"

        let cut = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: cutting.url("tour.bin"), to: destination)) { _ in }
        }
        #expect(cut?.code == .networkConnectionLost)
        #expect(cut?.resume == ResumePoint(offset: 1_000_000, validator: etag))
        #expect(!FileManager.default.fileExists(atPath: destination))

        let resumed = try await transport.perform(.download(from: nginx.url("tour.bin"), to: destination, resume: cut?.resume)) { _ in }
        #expect(resumed.status == 206)
        #expect(resumed.resumedFrom == 1_000_000)
        #expect(resumed.bytesReceived == Int64(content.count - 1_000_000))
        #expect(bytes(at: destination) == content)
    }

    @Test func aStaleValidatorGetsTheWholeFileAgain() async throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let other = pattern(2_000_000, seed: 7)
        let cutting = try FaultyHTTPServer([.init(status: 200, headers: ["ETag": "\"old\""], body: other, ending: .dropAfter(700_000))])
        defer { cutting.stop() }
        let destination = folder.path + "/tour.bin"
        let cut = await failure { () async throws(TransportError) in
            try await transport.perform(.download(from: cutting.url("tour.bin"), to: destination)) { _ in }
        }
        #expect(cut?.resume?.offset == 700_000)

        let restarted = try await transport.perform(.download(from: nginx.url("tour.bin"), to: destination, resume: cut?.resume)) { _ in }
        #expect(restarted.status == 200)
        #expect(restarted.resumedFrom == 0)
        #expect(bytes(at: destination) == content)
    }

    @Test func aMissingFileIsACompleted404AndLeavesNoFile() async throws {
        let destination = folder.path + "/missing.json"
        let response = try await transport.perform(.download(from: nginx.url("nothing/here.json"), to: destination)) { _ in }
        #expect(response.status == 404)
        #expect(folder.files.isEmpty)
    }

    @Test func aFullDiskIsAnErrorNamingThePartialFile() async throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let destination = folder.path + "/tour.bin"
        let mock = CurlMock(["pwrite": [ENOSPC]])
        let error = await CurlMocking.$current.withValue(mock) {
            await failure { () async throws(TransportError) in
                try await transport.perform(.download(from: nginx.url("tour.bin"), to: destination)) { _ in }
            }
        }
        #expect(error?.code == .cannotWriteToFile)
        #expect(error?.detail == "cannot write \(folder.path)/.tour.bin.partial: No space left on device")
        #expect(!FileManager.default.fileExists(atPath: destination))
        #expect(mock.calls.contains("curl_easy_perform"))
    }

    /// Every 8 MB written, the kernel is asked to start writing it to the disk (`posix_fadvise`).
    @Test func aLargeDownloadAsksForTheDiskEveryEightMegabytesAndEndsByteIdentical() async throws {
        let large = try writeLarge()
        let destination = folder.path + "/large.bin"
        let mock = CurlMock([:])
        let progress = ProgressLog()
        let response = try await CurlMocking.$current.withValue(mock) {
            try await transport.perform(.download(from: nginx.url("large.bin"), to: destination), progress: progress.callback)
        }
        #expect(response.status == 200)
        #expect(bytes(at: destination) == large)
        // 20,000,000 bytes hold two whole 8 MiB stretches; the tail is left to the final fsync.
        #expect(mock.calls.filter { $0 == "posix_fadvise" }.count == 2)
        #expect(mock.calls.last { $0 == "posix_fadvise" || $0 == "fsync" } == "fsync")
        #expect(progress.latest?.bytesReceived == Int64(large.count))
    }

    @Test func writeBehindAdviceThatFailsChangesNothing() async throws {
        let large = try writeLarge()
        let destination = folder.path + "/large.bin"
        let mock = CurlMock(["posix_fadvise": [EIO, EBADF]])
        let response = try await CurlMocking.$current.withValue(mock) {
            try await transport.perform(.download(from: nginx.url("large.bin"), to: destination)) { _ in }
        }
        #expect(response.status == 200)
        #expect(bytes(at: destination) == large)
        #expect(folder.files == ["large.bin"])
    }

    /// Puts 20 MB on the server as `large.bin` and returns them.
    private func writeLarge() throws -> [UInt8] {
        let large = pattern(20_000_000)
        try Data(large).write(to: URL(fileURLWithPath: nginx.root + "/large.bin"))
        return large
    }
}
