import CGPS
import Glibc

// One wrapper per libgps function: "`gpsd_read` is GPSDLocation's wrapper for `gps_read`". They are the
// mocking seam (see MockingDriver): in debug builds a test can script each call's return code and errno.
// Every other file goes through these; none calls libgps directly.

/// Connects to gpsd at `host`:`port` and fills `data`'s private part.
///
/// Returns 0, or -1 with errno set to a negative `NL_` code (gps_errstr explains it) or a system errno.
/// The corresponding C function is `gps_open`.
@inline(never)
func gpsd_open(_ host: UnsafePointer<CChar>, _ port: UnsafePointer<CChar>, _ data: UnsafeMutablePointer<gps_data_t>) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.open) }
    #endif
    return gps_open(host, port, data)
}

/// Closes the connection and frees `data`'s private part.
///
/// The corresponding C function is `gps_close`.
@inline(never)
func gpsd_close(_ data: UnsafeMutablePointer<gps_data_t>) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.close) }
    #endif
    return gps_close(data)
}

/// Asks gpsd to stream reports (`?WATCH`).
///
/// The corresponding C function is `gps_stream`.
@inline(never)
func gpsd_stream(_ data: UnsafeMutablePointer<gps_data_t>, _ flags: CUnsignedInt) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.stream) }
    #endif
    return gps_stream(data, flags, nil)
}

/// True when a report is waiting, within `timeout` microseconds; false on timeout and on every error.
///
/// The corresponding C function is `gps_waiting`.
@inline(never)
func gpsd_waiting(_ data: UnsafeMutablePointer<gps_data_t>, _ timeout: CInt) -> Bool {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.waiting) != 0 }
    #endif
    return gps_waiting(data, timeout)
}

/// Reads and unpacks one report into `data`, copying its text (NUL-terminated) into `message`.
///
/// Returns the report's length, 0 when no complete report is there yet, or -1: with errno set on an error,
/// with errno 0 when gpsd closed the connection.
/// The corresponding C function is `gps_read`.
@inline(never)
func gpsd_read(_ data: UnsafeMutablePointer<gps_data_t>, _ message: UnsafeMutablePointer<CChar>, _ length: CInt) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.read) }
    #endif
    return gps_read(data, message, length)
}

/// Whether gpsd's socket is still open after `gps_read` failed without errno: 0 when gpsd closed it,
/// otherwise the connection is alive (bytes wait, or none yet) and the failure was a report too long for
/// libgps's buffer.
///
/// The corresponding C function is `recv(fd, …, MSG_PEEK | MSG_DONTWAIT)`.
@inline(never)
func gpsd_peek(_ descriptor: CInt) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.peek) }
    #endif
    var byte: UInt8 = 0
    let received = recv(descriptor, &byte, 1, CInt(MSG_PEEK | MSG_DONTWAIT))
    if received > 0 { return 1 }
    return received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? 1 : 0
}

/// The English text of a libgps error code (a negative `NL_` code).
///
/// The corresponding C function is `gps_errstr`.
func gpsd_errstr(_ code: CInt) -> String {
    String(cString: gps_errstr(code))
}
