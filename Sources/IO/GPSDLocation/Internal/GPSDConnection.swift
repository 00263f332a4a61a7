import BackgroundCore
import BackgroundLocation
import Glibc

/// One open connection to gpsd: its socket, the bytes received and not yet read as reports, and what
/// gpsd's last SKY report said, with one owner and an explicit close.
///
/// gpsd speaks JSON over TCP, one report a line (gpsd_json(5)): the connection asks it to stream with the
/// `?WATCH` command libgps's `gps_stream(WATCH_ENABLE | WATCH_JSON)` sends, and reads the reports line by
/// line, each through ``GPSDReport/decode(_:sky:)``. Each operation has a `Result`-returning form (the
/// system-call boundary, where return codes and errno become ``GPSDError``) and a throwing one over it.
///
/// - Warning: Not thread-safe, and not `Sendable` on purpose: open, read and close it on one thread
///   (the reader thread).
struct GPSDConnection: ~Copyable {
    private let socket: CInt
    /// Bytes received from gpsd; those in `unread` are not read as a report yet.
    private let buffer: UnsafeMutableRawBufferPointer
    private var unread = 0..<0
    /// The satellites and dilution of gpsd's last SKY report on this connection, which fixes carry.
    private var sky = GPSDSky()

    private init(socket: CInt) {
        self.socket = socket
        buffer = .allocate(byteCount: Self.lineCapacity, alignment: 1)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// The longest report read: libgps's size (its buffer is twice `GPS_JSON_RESPONSE_MAX`, 4096). A longer
    /// line ends the connection (``GPSDError/Code/reportTooLong``), as it ends libgps's.
    static let lineCapacity = 8192

    /// The command that starts the stream of JSON reports: `gps_stream(WATCH_ENABLE | WATCH_JSON)`'s.
    static let watchCommand = #"?WATCH={"enable":true,"json":true};"#

    /// Connects to gpsd at `host`:`port`.
    static func open(host: String, port: String) -> Result<GPSDConnection, GPSDError> {
        host.withCString { host in
            port.withCString { port in gpsdResult("connect") { gpsd_open(host, port) } }
        }.map { GPSDConnection(socket: $0) }
    }

    /// Asks gpsd to stream its reports as JSON.
    func _watch() -> Result<Void, GPSDError> {
        let socket = socket
        var command = Self.watchCommand
        return command.withUTF8 { bytes in
            var sent = 0
            while sent < bytes.count {
                let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[sent...])
                switch gpsdResult("send", { gpsd_send(socket, rest) }) {
                case .success(let count): sent += Int(count)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(())
        }
    }

    /// Asks gpsd to stream its reports as JSON.
    func watch() throws(GPSDError) { try _watch().get() }

    /// The socket to gpsd, to sleep on until it has bytes (``hasReport`` first: a whole report may be
    /// received already).
    var descriptor: CInt { socket }

    /// True when a whole report has been received and not read yet.
    var hasReport: Bool {
        UnsafeRawBufferPointer(rebasing: buffer[unread]).contains(UInt8(ascii: "\n"))
    }

    /// Reads one report: a received one, else what one `recv` brings (waiting for it), which may not finish
    /// a report yet (``GPSDReport/other``). Retries `EINTR` unless told not to.
    mutating func _read(retryOnInterrupt: Bool = true) -> Result<GPSDReport, GPSDError> {
        if let report = nextReport() { return .success(report) }
        if unread.lowerBound > 0 {  // the start of a report to the front, the rest of the buffer free
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + unread.lowerBound, byteCount: unread.count)
            unread = 0..<unread.count
        }
        guard unread.upperBound < buffer.count else { return .failure(GPSDError(code: .reportTooLong, function: "recv")) }
        let (socket, free) = (socket, UnsafeMutableRawBufferPointer(rebasing: buffer[unread.upperBound...]))
        switch gpsdResult("recv", retryOnInterrupt: retryOnInterrupt, { gpsd_recv(socket, free) }) {
        case .success(0): return .failure(GPSDError(code: .connectionClosed, function: "recv"))
        case .success(let count): unread = unread.lowerBound..<unread.upperBound + Int(count)
        case .failure(let error): return .failure(error)
        }
        return .success(nextReport() ?? .other)
    }

    /// Reads one report (see ``_read(retryOnInterrupt:)``).
    mutating func read(retryOnInterrupt: Bool = true) throws(GPSDError) -> GPSDReport {
        try _read(retryOnInterrupt: retryOnInterrupt).get()
    }

    /// The next whole report received, decoded, or nil when none is whole yet.
    private mutating func nextReport() -> GPSDReport? {
        let received = UnsafeRawBufferPointer(rebasing: buffer[unread])
        guard let newline = received.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(received[..<newline])
        unread = unread.lowerBound + newline + 1..<unread.upperBound
        return GPSDReport.decode(line, sky: &sky)
    }

    /// Closes the connection and frees its memory.
    consuming func close() {
        _ = gpsd_close(socket)
        buffer.deallocate()
        discard self
    }

    deinit {
        _ = gpsd_close(socket)
        buffer.deallocate()
    }
}

/// Runs one system call and turns its return code into a `Result`, reading errno straight after the call.
///
/// The calls report failure as -1 with errno set. The model is swift-system's
/// `valueOrErrno(retryOnInterrupt:_:)`; as in NIO, `EBADF` and `EFAULT` (programmer errors) trap instead of
/// being returned.
@inline(__always)
func gpsdResult(
    _ function: StaticString, retryOnInterrupt: Bool = true, _ call: () -> CInt
) -> Result<CInt, GPSDError> {
    while true {
        Glibc.errno = 0
        let returnCode = call()
        let error = Glibc.errno
        if returnCode >= 0 { return .success(returnCode) }
        if retryOnInterrupt && error == EINTR { continue }
        // A bad descriptor or address is bgkit's bug (a closed handle), not a condition to report.
        precondition(error != EBADF && error != EFAULT, "\(function) on an invalid gpsd handle")
        return .failure(GPSDError(code: GPSDError.Code(rawValue: error), function: "\(function)"))
    }
}
