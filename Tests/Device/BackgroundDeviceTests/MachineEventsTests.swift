import BackgroundCore
@testable import BackgroundDevice
import BackgroundTestKit
import Foundation
import Glibc
import Synchronization
import Testing

/// The kernel's announcements: byte fixtures for the parsing, and a real link coming up in a network
/// namespace of its own for the whole way to the conditions.
@Suite struct MachineEventsTests {
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// RTM_NEWLINK as the kernel sent it for veth `v1` coming up (index 2, flags UP|BROADCAST|RUNNING|
    /// MULTICAST|LOWER_UP, operstate 6, up), captured in a network namespace and trimmed after its third
    /// attribute (nlmsg_len set to the 56 bytes kept).
    static let vethUp = bytes("""
        38000000 1000 0000 00000000 00000000
        00 00 0100 02000000 43100100 00000000
        0700 0300 7631 0000
        0800 0d00 e8030000
        0500 1000 06 000000
        """)
    /// RTM_NEWLINK for loopback coming up (flags UP|LOOPBACK|RUNNING), trimmed the same way.
    static let loopbackUp = bytes("""
        28000000 1000 0000 00000000 00000000
        00 00 0403 01000000 49000100 01000000
        0700 0300 6c6f 0000
        """)
    /// RTM_DELLINK of `wlan0` (index 3), hand-made after the kernel's layout.
    static let wlanGone = bytes("""
        2c000000 1100 0000 00000000 00000000
        00 00 0100 03000000 02100000 00000000
        0a00 0300 776c616e3000 0000
        """)

    @Test func parsesTheKernelsLinkMessages() {
        #expect(LinkMessage.parse(Self.vethUp) == [LinkMessage(
            kind: .new, index: 2, flags: 0x11043, name: "v1", operationalState: 6, isWirelessEvent: false)])
        #expect(LinkMessage.parse(Self.wlanGone) == [LinkMessage(
            kind: .deleted, index: 3, flags: 0x1002, name: "wlan0", operationalState: nil, isWirelessEvent: false)])
        let both = LinkMessage.parse(Self.loopbackUp + Self.vethUp)
        #expect(both.map(\.name) == ["lo", "v1"], "a datagram of several messages")
    }

    @Test func onlyLinksOtherThanLoopbackAndNotWirelessEventsMatter() {
        #expect(MachineEvents.isRelevant(links: Self.vethUp))
        #expect(MachineEvents.isRelevant(links: Self.wlanGone))
        #expect(!MachineEvents.isRelevant(links: Self.loopbackUp))
        var scan = Self.vethUp  // the same link with an IFLA_WIRELESS attribute: a scan's results
        scan[0] += 8
        scan += [0x08, 0x00, 0x0b, 0x00, 0, 0, 0, 0]
        #expect(LinkMessage.parse(scan).first?.isWirelessEvent == true)
        #expect(!MachineEvents.isRelevant(links: scan))
    }

    struct Malformed: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = {
        var tooLong = vethUp
        tooLong[0] = 0xff  // nlmsg_len past the datagram
        var tooShort = vethUp
        tooShort[0] = 8  // nlmsg_len shorter than its own header
        var attributeTooLong = vethUp
        attributeTooLong[32] = 0x40  // IFLA_IFNAME's rta_len past the message
        var attributeZero = vethUp
        attributeZero[32] = 0  // rta_len 0: would never advance
        return [
            Malformed(name: "empty", bytes: []),
            Malformed(name: "a header cut short", bytes: Array(vethUp.prefix(10))),
            Malformed(name: "length past the datagram", bytes: tooLong),
            Malformed(name: "length shorter than the header", bytes: tooShort),
            Malformed(name: "ifinfomsg cut short", bytes: bytes("14000000 1000 0000 00000000 00000000 0000 0100")),
            Malformed(name: "attribute past the message", bytes: attributeTooLong),
            Malformed(name: "attribute of length 0", bytes: attributeZero),
        ]
    }()

    @Test(arguments: malformed)
    func aMalformedLinkDatagramIsIgnoredWithoutACrash(_ c: Malformed) {
        let parsed = LinkMessage.parse(c.bytes)
        #expect(parsed.allSatisfy { $0.name == nil || $0.name == "v1" }, "nothing is read past the bytes there")
        if c.name.hasPrefix("attribute") {
            #expect(parsed.first?.name == nil && parsed.first?.index == 2, "the message's own fields stand, its attributes stop")
        } else {
            #expect(parsed.isEmpty)
        }
    }

    @Test func parsesUEventsAndKeepsPowerSuppliesOnly() throws {
        // As the kernel sends them: a power supply's change (its driver's power_supply_changed()), and a
        // network device added (captured in a namespace).
        let battery = Array("change@/devices/LNXSYSTM:00/device:00/PNP0C0A:00/power_supply/BAT0\0ACTION=change\0DEVPATH=/devices/LNXSYSTM:00/device:00/PNP0C0A:00/power_supply/BAT0\0SUBSYSTEM=power_supply\0POWER_SUPPLY_NAME=BAT0\0POWER_SUPPLY_STATUS=Discharging\0POWER_SUPPLY_CAPACITY=57\0SEQNUM=2451\0".utf8)
        let veth = Array("add@/devices/virtual/net/v1\0ACTION=add\0DEVPATH=/devices/virtual/net/v1\0SUBSYSTEM=net\0INTERFACE=v1\0IFINDEX=2\0SEQNUM=843\0".utf8)
        let event = try #require(UEvent(battery))
        #expect(event.action == "change" && event.devicePath.hasSuffix("/power_supply/BAT0"))
        #expect(event.fields["POWER_SUPPLY_CAPACITY"] == "57")
        #expect(MachineEvents.isRelevant(uevent: battery))
        #expect(UEvent(veth)?.subsystem == "net")
        #expect(!MachineEvents.isRelevant(uevent: veth), "links come from rtnetlink")
        for bad in ["", "no header\0SUBSYSTEM=power_supply\0", "change@/x\0SUBSYSTEM\0", "@/x\0SUBSYSTEM=power_supply\0",
                    "libudev\0\u{FE}\u{ED}\u{CA}\u{FE}SUBSYSTEM=power_supply\0"] {
            #expect(UEvent(Array(bad.utf8)) == nil, "\(bad.debugDescription)")
            #expect(!MachineEvents.isRelevant(uevent: Array(bad.utf8)))
        }
        #expect(UEvent(Array(battery.prefix(40)) + [0xFF, 0xFE]) == nil, "not text")
    }

    /// Something that is not Sendable, handed to the namespace's thread and back while only one uses it.
    final class Handed<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// A network namespace of its own (so the machine's network is left alone), sysfs mounted for it in a
    /// temporary folder, the source started there with no poll at all: a veth pair coming up must reach
    /// the conditions, which only the kernel's link messages can tell.
    @Test(.enabled(if: getuid() == 0 || TestSupport.integrationRequired,
                   "needs root for a network namespace and a sysfs mount (CI runs as root)"))
    func aLinkComingUpReachesTheConditionsWithoutAPoll() async throws {
        let folder = try TemporaryFolder()
        let sys = folder.path + "/sys"
        try FileManager.default.createDirectory(atPath: sys, withIntermediateDirectories: true)
        let engine = EventEngine(start: .now())
        let seen = Mutex<[DeviceConditions.Network]>([])
        let handed = Handed((engine: engine, source: LinuxDeviceConditions?.none))
        let namespace: Result<Int32, any Error> = await withCheckedContinuation { done in
            DedicatedThread.start {
                // unshare(CLONE_NEWNET) moves this thread alone; the sockets opened here stay in its namespace.
                guard Self.unshare(Self.newNetworkNamespace) == 0 else { return done.resume(returning: .failure(Errno("unshare(CLONE_NEWNET)"))) }
                guard mount("sysfs", sys, "sysfs", 0, nil) == 0 else { return done.resume(returning: .failure(Errno("mount sysfs on \(sys)"))) }
                let descriptor = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)
                let source = LinuxDeviceConditions(root: folder.path, pollInterval: nil)
                source.start(on: handed.value.engine) { conditions in seen.withLock { $0.append(conditions.network) } }
                handed.value.source = source
                done.resume(returning: .success(descriptor))
            }
        }
        let descriptor = try namespace.get()
        defer {
            umount2(sys, Int32(MNT_DETACH))
            close(descriptor)
        }
        #expect(seen.withLock { $0 } == [DeviceConditions.Network.none], "only a loopback, down, at the start")
        let run = Task { try await LiveRun(engine: engine, until: engine.now + .seconds(30)).run() }
        let link = try await TestSupport.run("/usr/bin/nsenter", [
            "--net=/proc/\(getpid())/fd/\(descriptor)", "sh", "-c",
            "ip link add v0 type veth peer name v1 && ip link set v0 up && ip link set v1 up"])
        #expect(link.status == 0, "\(link.stderr)")
        for _ in 0..<300 where seen.withLock({ $0.last }) != .wifi { try await Task.sleep(for: .milliseconds(50)) }
        run.cancel()
        _ = try? await run.value
        #expect(seen.withLock { $0 } == [DeviceConditions.Network.none, .wifi], "the link's message, not a poll, brought the change")
        withExtendedLifetime(handed) {}
    }

    /// unshare(2), which Swift's Glibc leaves out (it needs _GNU_SOURCE), and its CLONE_NEWNET.
    static let unshare = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare"), to: (@convention(c) (Int32) -> Int32).self)
    static let newNetworkNamespace: Int32 = 0x4000_0000

    struct Errno: Error, CustomStringConvertible {
        let description: String
        init(_ call: String) { description = "\(call): \(String(cString: strerror(errno)))" }
    }
}
