import BackgroundCore
import Foundation
package import Glibc

/// A real nginx (Debian's `nginx-light` has what is needed) on a free loopback port, for the transfer
/// tests: its files are served from ``root``, `PUT` stores a file there (the DAV module), byte ranges are
/// on (as always in nginx). Its configuration, pid, logs and temporary files are in a temporary folder of
/// its own; it runs in the foreground as one process in a group of its own, killed with SIGKILL by
/// ``stop()`` (or when the last reference goes).
///
/// ```swift
/// let nginx = try await NginxServer.start()
/// defer { nginx.stop() }
/// _ = try await transport.perform(.upload(file, to: nginx.url("visits.log"))) { _ in }
/// #expect(try Data(contentsOf: URL(fileURLWithPath: nginx.root + "/visits.log")) == sent)
/// ```
package final class NginxServer: @unchecked Sendable {
    /// The nginx program, or nil when it is not installed.
    package static var program: String? {
        TestSupport.which("nginx") ?? (FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") ? "/usr/sbin/nginx" : nil)
    }

    /// The port it listens on (127.0.0.1).
    package let port: Int
    /// The folder it serves and stores uploads in.
    package let root: String
    /// nginx's process, the leader of a process group of its own (a benchmark script kills that group).
    package let processID: pid_t
    private let folder: TemporaryFolder
    private var stopped = false

    /// Starts nginx and waits until it accepts connections (on a thread of its own, off the cooperative
    /// pool).
    package static func start() async throws -> NginxServer {
        try await withCheckedThrowingContinuation { continuation in
            DedicatedThread.start {
                continuation.resume(with: Result { try NginxServer() })
            }
        }
    }

    private init() throws {
        guard let program = Self.program else { throw Failure(description: "nginx is not installed (tools/install-deps)") }
        folder = try TemporaryFolder(prefix: "bgkit-nginx")
        port = try LoopbackPort.free()
        root = folder.path + "/www"
        for name in ["www", "logs", "tmp"] {
            try FileManager.default.createDirectory(atPath: "\(folder.path)/\(name)", withIntermediateDirectories: true)
        }
        let configuration = try folder.write("nginx.conf", Self.configuration(prefix: folder.path, port: port))
        do {
            processID = try ProcessSpawn.inNewGroup(
                program, arguments: [program, "-p", folder.path + "/", "-c", configuration, "-e", folder.path + "/logs/error.log"],
                descriptors: [
                    .open(0, path: "/dev/null", flags: O_RDONLY),
                    .open(1, path: folder.path + "/logs/stdout", flags: O_WRONLY | O_CREAT | O_TRUNC),
                    .open(2, path: folder.path + "/logs/stdout", flags: O_WRONLY | O_CREAT | O_APPEND),
                ])
        } catch {
            throw Failure(description: "cannot start nginx: \(error)")
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while !LoopbackPort.accepts(port) {
            var status: Int32 = 0
            if waitpid(processID, &status, WNOHANG) == processID || ContinuousClock.now > deadline {
                stop()
                throw Failure(description: "nginx did not start on port \(port): \(log)")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// The URL of `path` (no leading slash) on this server.
    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// What nginx wrote to its error log and standard error so far.
    package var log: String {
        ["error.log", "stdout"].map { (try? String(contentsOfFile: "\(folder.path)/logs/\($0)", encoding: .utf8)) ?? "" }.joined()
    }

    /// Kills nginx's process group with SIGKILL and reaps it; calling it again does nothing.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        kill(-processID, SIGKILL)
        var status: Int32 = 0
        waitpid(processID, &status, 0)
    }

    /// One foreground process (no master, so no worker switching to another user when run as root), every
    /// path in `prefix`, `PUT` on, no body size limit.
    private static func configuration(prefix: String, port: Int) -> String {
        """
        daemon off;
        master_process off;
        pid \(prefix)/logs/nginx.pid;
        error_log \(prefix)/logs/error.log warn;
        events { worker_connections 64; }
        http {
            access_log \(prefix)/logs/access.log;
            client_body_temp_path \(prefix)/tmp/body;
            proxy_temp_path \(prefix)/tmp/proxy;
            fastcgi_temp_path \(prefix)/tmp/fastcgi;
            uwsgi_temp_path \(prefix)/tmp/uwsgi;
            scgi_temp_path \(prefix)/tmp/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(prefix)/www;
                location / {
                    dav_methods PUT;
                    create_full_put_path on;
                    client_max_body_size 0;
                }
            }
        }

        """
    }

    /// Why nginx could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }
}
