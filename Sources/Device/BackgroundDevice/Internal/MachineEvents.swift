import BackgroundCore
import Glibc

/// Watches the kernel's announcements of what ``LinuxDeviceConditions`` reads, so that sysfs is read again
/// when something changed and never on a timer: power supplies' uevents (`NETLINK_KOBJECT_UEVENT`, kernel
/// group 1, `SUBSYSTEM=power_supply`: a supply added, removed, or changed — plugged, unplugged, charging,
/// full, and a capacity change where the battery's driver reports one) and rtnetlink's link messages
/// (`RTMGRP_LINK`: an interface added, removed or changed, its operational state among others).
///
/// A ``DedicatedThread`` sleeps in `poll()` on both sockets and a ``StopSignal``, so an idle machine costs
/// no wake-up; on a relevant datagram it calls `changed` (from that thread), once per batch of datagrams.
/// Only the kernel's datagrams count (sender port 0). Loopback and wireless-extension events (IFLA_WIRELESS:
/// a Wi-Fi scan's results) are not changes of the network. When a socket overflowed (`ENOBUFS`: events
/// were lost) it counts as a change, so that sysfs is read again. Once the watcher is released, the thread
/// ends and closes its sockets.
///
/// ```swift
/// var events: MachineEvents? = try MachineEvents { inbox.post { readSysfsAgain() } }
/// events = nil   // the thread ends
/// ```
final class MachineEvents: Sendable {
    /// A socket or the thread's stop pipe could not be made.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let stopSignal: StopSignal

    /// Opens the two sockets in the calling thread's network namespace and starts the watching thread.
    ///
    /// - Throws: ``Failure`` when a socket cannot be opened or bound (a sandbox without netlink).
    init(changed: @escaping @Sendable () -> Void) throws(Failure) {
        do {
            stopSignal = try StopSignal()
        } catch {
            throw Failure(description: error.description)
        }
        let uevents = try Self.open(protocol: 15, groups: 1, name: "NETLINK_KOBJECT_UEVENT")
        let links: Int32
        do {
            links = try Self.open(protocol: 0, groups: 1, name: "NETLINK_ROUTE (RTMGRP_LINK)")
        } catch {
            close(uevents)
            throw error
        }
        DedicatedThread.start { [stopSignal] in
            while let ready = stopSignal.wait(readable: [uevents, links]) {
                var relevant = false
                for socket in ready {
                    relevant = Self.drain(socket, relevant: socket == uevents ? Self.isRelevant(uevent:) : Self.isRelevant(links:))
                        || relevant
                }
                if relevant { changed() }
            }
            close(uevents)
            close(links)
        }
    }

    deinit { stopSignal.signal() }

    /// A power supply's uevent.
    static func isRelevant(uevent bytes: [UInt8]) -> Bool {
        UEvent(bytes)?.subsystem == "power_supply"
    }

    /// A link message of an interface other than loopback, wireless-extension events aside.
    static func isRelevant(links bytes: [UInt8]) -> Bool {
        LinkMessage.parse(bytes).contains { link in
            link.flags & LinkMessage.loopbackFlag == 0 && link.name != "lo" && !link.isWirelessEvent
        }
    }

    /// Reads every datagram waiting on `socket`; true when one from the kernel is relevant or some were lost.
    private static func drain(_ socket: Int32, relevant: ([UInt8]) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        var found = false
        while true {
            var sender = sockaddr_storage()
            var senderLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let count = buffer.withUnsafeMutableBytes { bytes in
                withUnsafeMutablePointer(to: &sender) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(socket, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT), $0, &senderLength)
                    }
                }
            }
            if count < 0 {
                if errno == EINTR { continue }
                return found || errno == ENOBUFS  // ENOBUFS: the kernel dropped some for want of room
            }
            let port = withUnsafeBytes(of: &sender) { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) }  // nl_pid
            if port == 0, !found, relevant(Array(buffer[..<min(count, buffer.count)])) { found = true }
        }
    }

    /// A netlink socket of `protocol` bound to the multicast `groups`, non-blocking, closed on exec.
    private static func open(protocol number: Int32, groups: UInt32, name: String) throws(Failure) -> Int32 {
        let socket = Glibc.socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), number)
        guard socket >= 0 else {
            throw Failure(description: "cannot open a \(name) socket: \(Errno(errno).description)")
        }
        var address = sockaddr_storage()  // sockaddr_nl: family, pad, port (0: the kernel picks), groups
        withUnsafeMutableBytes(of: &address) { bytes in
            bytes.storeBytes(of: UInt16(AF_NETLINK), toByteOffset: 0, as: UInt16.self)
            bytes.storeBytes(of: groups, toByteOffset: 8, as: UInt32.self)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, 12) }
        }
        guard bound == 0 else {
            let reason = Errno(errno).description
            close(socket)
            throw Failure(description: "cannot listen to \(name): \(reason)")
        }
        return socket
    }
}
