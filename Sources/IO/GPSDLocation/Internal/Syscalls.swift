import Glibc

// One wrapper per system call the gpsd connection makes: "`gpsd_recv` is GPSDLocation's wrapper for `recv`".
// They are the mocking seam (see MockingDriver): in debug builds a test can script each call's return code
// and errno. Every other file goes through these; none calls the socket functions directly.

/// Connects a stream socket to gpsd at `host`:`port` (a name or address, a number or a service), trying
/// each address `getaddrinfo` gives in turn, as libgps's `netlib_connectsock` does.
///
/// Returns the connected socket (close-on-exec, blocking), or -1 with errno set to a negative code of
/// ``GPSDError/Code`` (`unknownService`, `unknownHost`, `cannotCreateSocket`, `cannotConnect`).
@inline(never)
func gpsd_open(_ host: UnsafePointer<CChar>, _ port: UnsafePointer<CChar>) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.open) }
    #endif
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var addresses: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, port, &hints, &addresses)
    guard resolved == 0 else {
        errno = resolved == EAI_SERVICE ? GPSDError.Code.unknownService.rawValue : GPSDError.Code.unknownHost.rawValue
        return -1
    }
    defer { freeaddrinfo(addresses) }
    var failure = GPSDError.Code.cannotConnect.rawValue
    var next = addresses
    while let address = next {
        next = address.pointee.ai_next
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.ai_protocol)
        guard descriptor >= 0 else {
            failure = GPSDError.Code.cannotCreateSocket.rawValue
            continue
        }
        var connected: CInt
        repeat { connected = connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) } while connected != 0 && errno == EINTR
        if connected == 0 { return descriptor }
        failure = GPSDError.Code.cannotConnect.rawValue
        close(descriptor)
    }
    errno = failure
    return -1
}

/// Closes the socket.
///
/// The corresponding C function is `close`.
@inline(never)
func gpsd_close(_ descriptor: CInt) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.close) }
    #endif
    return close(descriptor)
}

/// Sends `bytes` to gpsd (a command such as `?WATCH`), without raising SIGPIPE when gpsd has gone.
///
/// Returns the number of bytes sent, or -1 with errno set.
/// The corresponding C function is `send(…, MSG_NOSIGNAL)`.
@inline(never)
func gpsd_send(_ descriptor: CInt, _ bytes: UnsafeRawBufferPointer) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.send) }
    #endif
    return CInt(send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)))
}

/// Receives what gpsd has sent into `buffer`, waiting for at least one byte.
///
/// Returns the number of bytes received, 0 when gpsd closed the connection, or -1 with errno set.
/// The corresponding C function is `recv`.
@inline(never)
func gpsd_recv(_ descriptor: CInt, _ buffer: UnsafeMutableRawBufferPointer) -> CInt {
    #if DEBUG
    if let driver = MockingDriver.current { return driver.mock(.recv) }
    #endif
    return CInt(recv(descriptor, buffer.baseAddress, buffer.count, 0))
}
