/// A link message of rtnetlink (`RTM_NEWLINK`, `RTM_DELLINK`), as the kernel multicasts it to
/// `RTMGRP_LINK` when an interface appears, goes, or changes (its operational state among others).
///
/// A datagram holds one or more messages, each a 16-byte `nlmsghdr` (length, type, flags, sequence, port),
/// a 16-byte `ifinfomsg` (family, type, index, flags, change) and attributes (`rtattr`: length, type,
/// value, padded to 4 bytes). Every length is checked against the bytes there: a malformed message ends
/// the parse, and what was parsed before it is kept. Numbers are in the host's byte order.
///
/// ```swift
/// LinkMessage.parse(datagram).contains { $0.name != "lo" }
/// ```
struct LinkMessage: Equatable {
    enum Kind: Equatable { case new, deleted }

    var kind: Kind
    /// The interface's index.
    var index: Int32
    /// The `IFF_*` flags (`IFF_UP` 0x1, `IFF_LOOPBACK` 0x8…).
    var flags: UInt32
    /// `IFLA_IFNAME`, when given.
    var name: String?
    /// `IFLA_OPERSTATE` (RFC 2863: 6 is up, 2 down), when given.
    var operationalState: UInt8?
    /// True when the message carries `IFLA_WIRELESS`: a wireless extensions event (a scan's results…),
    /// not a change of the link.
    var isWirelessEvent: Bool

    static let newLink: UInt16 = 16  // RTM_NEWLINK
    static let deletedLink: UInt16 = 17  // RTM_DELLINK
    static let loopbackFlag: UInt32 = 0x8  // IFF_LOOPBACK
    static let headerSize = 16  // nlmsghdr
    static let infoSize = 16  // ifinfomsg

    /// The link messages in one rtnetlink datagram, others (and whatever follows a malformed one) skipped.
    static func parse(_ bytes: [UInt8]) -> [LinkMessage] {
        var found: [LinkMessage] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let length = Int(read32(bytes, offset))
            guard length >= headerSize, length <= bytes.count - offset else { break }
            let type = read16(bytes, offset + 4)
            if type == newLink || type == deletedLink,
               let message = link(bytes[(offset + headerSize)..<(offset + length)], kind: type == newLink ? .new : .deleted) {
                found.append(message)
            }
            offset += align(length)
        }
        return found
    }

    /// The `ifinfomsg` and attributes of one message's payload.
    private static func link(_ payload: ArraySlice<UInt8>, kind: Kind) -> LinkMessage? {
        guard payload.count >= infoSize else { return nil }
        let start = payload.startIndex
        var message = LinkMessage(
            kind: kind, index: Int32(bitPattern: read32(payload, start + 4)), flags: read32(payload, start + 8),
            name: nil, operationalState: nil, isWirelessEvent: false)
        var offset = start + infoSize
        while offset + 4 <= payload.endIndex {
            let length = Int(read16(payload, offset))
            guard length >= 4, length <= payload.endIndex - offset else { break }
            let value = payload[(offset + 4)..<(offset + length)]
            switch read16(payload, offset + 2) & 0x3FFF {  // without NLA_F_NESTED and NLA_F_NET_BYTEORDER
            case 3: message.name = String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)  // IFLA_IFNAME
            case 11: message.isWirelessEvent = true  // IFLA_WIRELESS
            case 16: message.operationalState = value.first  // IFLA_OPERSTATE
            default: break
            }
            offset += align(length)
        }
        return message
    }

    private static func align(_ length: Int) -> Int { (length + 3) & ~3 }

    private static func read16<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ offset: Bytes.Index) -> UInt16
    where Bytes.Index == Int {
        UInt16(littleEndian: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)  // memory order to host order
    }

    private static func read32<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ offset: Bytes.Index) -> UInt32
    where Bytes.Index == Int {
        let memory = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        return UInt32(littleEndian: memory)
    }
}
