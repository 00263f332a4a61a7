package import Glibc

/// Ports on 127.0.0.1 for the servers the tests start (nginx, gpsd, the fault-injecting server).
package enum LoopbackPort {
    /// A port that nothing listens on: bind port 0 and read what the kernel chose.
    package static func free() throws(Failure) -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot find a free loopback port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True when something accepts connections on `port`.
    package static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        return connect(descriptor, port: port) == 0
    }

    /// Connects `descriptor` to 127.0.0.1:`port`; returns what `connect` returns.
    package static func connect(_ descriptor: Int32, port: Int) -> Int32 {
        var address = address(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// 127.0.0.1:`port`.
    package static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// Why a port could not be had.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }
}
