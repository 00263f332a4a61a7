/// A kernel uevent as the kernel multicasts it on `NETLINK_KOBJECT_UEVENT` (group 1): a header
/// `ACTION@DEVPATH`, then `KEY=VALUE` fields, each ended by a NUL byte
/// (`add@/devices/.../power_supply/BAT0\0ACTION=add\0DEVPATH=...\0SUBSYSTEM=power_supply\0...`).
///
/// udev's own re-broadcasts (group 2) start with `libudev` and a binary header instead; they are not read.
///
/// ```swift
/// UEvent(Array("change@/x\0ACTION=change\0SUBSYSTEM=power_supply\0".utf8))?.subsystem   // "power_supply"
/// ```
struct UEvent: Equatable {
    /// `add`, `remove`, `change`, `online`…
    var action: String
    /// The device's path below /sys.
    var devicePath: String
    /// The `KEY=VALUE` fields, header aside.
    var fields: [String: String]

    /// The `SUBSYSTEM` field (`power_supply`, `net`…), if any.
    var subsystem: String? { fields["SUBSYSTEM"] }

    /// Parses one datagram; nil when it is not a kernel uevent (no `@` header, a field without `=`, or
    /// not text).
    init?(_ bytes: [UInt8]) {
        var parts = bytes.split(separator: 0, omittingEmptySubsequences: true).makeIterator()
        guard let header = parts.next(), let at = header.firstIndex(of: UInt8(ascii: "@")),
              let action = String(validating: header[..<at], as: UTF8.self),
              let path = String(validating: header[(at + 1)...], as: UTF8.self), !action.isEmpty
        else { return nil }
        var fields: [String: String] = [:]
        while let part = parts.next() {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")),
                  let key = String(validating: part[..<equals], as: UTF8.self),
                  let value = String(validating: part[(equals + 1)...], as: UTF8.self)
            else { return nil }
            fields[key] = value
        }
        self.action = action
        self.devicePath = path
        self.fields = fields
    }
}
