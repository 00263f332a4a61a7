import BackgroundCore
import BackgroundLocation
import CGPS
import Glibc

/// One open connection to gpsd: the `gps_data_t` that libgps fills, with one owner and an explicit close.
///
/// Each operation has a `Result`-returning form (the C boundary, where return codes and errno become
/// ``GPSDError``) and a throwing one over it.
///
/// - Warning: Not thread-safe, and not `Sendable` on purpose: open, read and close it on one thread
///   (the reader thread).
struct GPSDConnection: ~Copyable {
    private let data: UnsafeMutablePointer<gps_data_t>
    /// The raw text of the last report (libgps copies each line here), checked before its content is trusted.
    private let line: UnsafeMutableBufferPointer<UInt8>
    /// The length of the last report, without its newline.
    private var lineLength = 0

    private init(data: UnsafeMutablePointer<gps_data_t>) {
        self.data = data
        line = .allocate(capacity: Self.lineCapacity)
        line.initialize(repeating: 0)
    }

    /// libgps keeps at most this many bytes of a report (its private buffer is twice
    /// `GPS_JSON_RESPONSE_MAX`, 4096); a longer one it cannot read at all.
    static let lineCapacity = 8192 + 1

    /// Connects to gpsd at `host`:`port`.
    static func open(host: String, port: String) -> Result<GPSDConnection, GPSDError> {
        let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
        memset(data, 0, MemoryLayout<gps_data_t>.size)
        let opened = host.withCString { host in
            port.withCString { port in gpsdResult("gps_open") { gpsd_open(host, port, data) } }
        }
        switch opened {
        case .success: return .success(GPSDConnection(data: data))
        case .failure(let error):
            data.deallocate()
            return .failure(error)
        }
    }

    /// Asks gpsd to stream its reports as JSON.
    func _watch() -> Result<Void, GPSDError> {
        gpsdResult("gps_stream") { gpsd_stream(data, CUnsignedInt(WATCH_ENABLE | WATCH_JSON)) }.map { _ in }
    }

    /// Asks gpsd to stream its reports as JSON.
    func watch() throws(GPSDError) { try _watch().get() }

    /// The socket to gpsd, to sleep on until it has bytes (``waiting(timeout:)`` first: libgps may hold a
    /// whole report already).
    var descriptor: CInt { data.pointee.gps_fd }

    /// True when a report is waiting, within `timeout`: one libgps has buffered counts at once.
    func waiting(timeout: Duration) -> Bool {
        gpsd_waiting(data, CInt(clamping: timeout.nanoseconds / 1000))
    }

    /// Reads one report; its content is then in ``currentFix``. Retries `EINTR` unless told not to.
    ///
    /// `gps_read` fails without errno both when gpsd closed the connection and when a report is longer than
    /// libgps's buffer (it then can never read another); a look at the socket tells the two apart, the second
    /// becoming ``GPSDError/Code/reportTooLong``.
    mutating func _read(retryOnInterrupt: Bool = true) -> Result<Void, GPSDError> {
        // A TPV sets the mask afresh but other reports only add to it; clearing it first tells this report's
        // content from what earlier reports left in `data`.
        data.pointee.set = 0
        line[0] = 0
        let (data, line) = (data, line)
        let result = gpsdResult("gps_read", retryOnInterrupt: retryOnInterrupt) {
            line.withMemoryRebound(to: CChar.self) { gpsd_read(data, $0.baseAddress!, CInt($0.count)) }
        }
        switch result {
        case .success(let length):
            // gps_read returns the length with the newline, or 0 when no whole line has arrived yet.
            lineLength = min(Int(max(length - 1, 0)), Self.lineCapacity - 1)
            return .success(())
        case .failure(let error) where error.code == .connectionClosed && gpsd_peek(data.pointee.gps_fd) != 0:
            return .failure(GPSDError(code: .reportTooLong, function: "gps_read"))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Reads one report; its content is then in ``currentReport``. Retries `EINTR` unless told not to.
    mutating func read(retryOnInterrupt: Bool = true) throws(GPSDError) {
        try _read(retryOnInterrupt: retryOnInterrupt).get()
    }

    /// What the report just read holds: a fix, nothing of interest, or something wrong with it.
    var currentReport: GPSDReport {
        guard lineLength > 0 else { return .other }
        let text = UnsafeBufferPointer(rebasing: line[..<lineLength])
        if let offset = JSONLineValidator.firstError(in: text) {
            return .malformed(byte: offset, excerpt: GPSDReport.excerpt(of: text))
        }
        guard data.pointee.set & gps_mask_t(LATLON_SET) != 0 else { return .other }
        let fix = data.pointee.fix
        guard fix.mode >= MODE_2D else { return .other }
        if let problem = GPSDReport.implausibility(latitude: fix.latitude, longitude: fix.longitude) {
            return .implausible(problem, excerpt: GPSDReport.excerpt(of: text))
        }
        guard let located = LocationFix(fix, satellitesUsed: data.pointee.satellites_used, hdop: data.pointee.dop.hdop) else {
            return .other
        }
        return .fix(located)
    }

    /// Closes the connection and frees its memory.
    consuming func close() {
        _ = gpsd_close(data)
        data.deallocate()
        line.deallocate()
        discard self
    }

    deinit {
        _ = gpsd_close(data)
        data.deallocate()
        line.deallocate()
    }
}

/// Runs one libgps call and turns its return code into a `Result`, reading errno straight after the call.
///
/// libgps reports failure as -1 with errno set, or -1 with errno 0 when gpsd closed the connection.
/// The model is swift-system's `valueOrErrno(retryOnInterrupt:_:)`; as in NIO, `EBADF` and `EFAULT`
/// (programmer errors) trap instead of being returned.
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
