import CDBus

/// A D-Bus value of the few types MPRIS uses, written into a message as libdbus's iterators write them.
enum BusValue: Equatable {
    case string(String)
    case objectPath(String)
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    case strings([String])
    /// `a{sv}`, in order.
    case dictionary([(String, BusValue)])

    static func == (a: BusValue, b: BusValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.objectPath(let x), .objectPath(let y)): x == y
        case (.int64(let x), .int64(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.strings(let x), .strings(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x.map(\.0) == y.map(\.0) && zip(x, y).allSatisfy { $0.1 == $1.1 }
        default: false
        }
    }

    /// The value's D-Bus signature.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int64: "x"
        case .double: "d"
        case .bool: "b"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }

    /// Appends the value at `iterator`.
    func append(to iterator: inout cdbus_iter) {
        switch self {
        case .string(let text): Self.appendString(text, type: UInt8(ascii: "s"), to: &iterator)
        case .objectPath(let path): Self.appendString(path, type: UInt8(ascii: "o"), to: &iterator)
        case .int64(var value): _ = system_dbus_message_iter_append_basic(&iterator, UInt8(ascii: "x"), &value)
        case .double(var value): _ = system_dbus_message_iter_append_basic(&iterator, UInt8(ascii: "d"), &value)
        case .bool(let flag):
            var value: UInt32 = flag ? 1 : 0
            _ = system_dbus_message_iter_append_basic(&iterator, UInt8(ascii: "b"), &value)
        case .strings(let texts):
            var inner = cdbus_iter()
            _ = system_dbus_message_iter_open_container(&iterator, UInt8(ascii: "a"), "s", &inner)
            for text in texts { Self.appendString(text, type: UInt8(ascii: "s"), to: &inner) }
            _ = system_dbus_message_iter_close_container(&iterator, &inner)
        case .dictionary(let entries):
            Self.appendDictionary(entries, to: &iterator)
        }
    }

    /// Appends `a{sv}`.
    static func appendDictionary(_ entries: [(String, BusValue)], to iterator: inout cdbus_iter) {
        var array = cdbus_iter()
        _ = system_dbus_message_iter_open_container(&iterator, UInt8(ascii: "a"), "{sv}", &array)
        for (key, value) in entries {
            var entry = cdbus_iter()
            _ = system_dbus_message_iter_open_container(&array, UInt8(ascii: "e"), nil, &entry)
            appendString(key, type: UInt8(ascii: "s"), to: &entry)
            value.appendVariant(to: &entry)
            _ = system_dbus_message_iter_close_container(&array, &entry)
        }
        _ = system_dbus_message_iter_close_container(&iterator, &array)
    }

    /// Appends the value wrapped in a variant (`v`).
    func appendVariant(to iterator: inout cdbus_iter) {
        var variant = cdbus_iter()
        _ = system_dbus_message_iter_open_container(&iterator, UInt8(ascii: "v"), signature, &variant)
        append(to: &variant)
        _ = system_dbus_message_iter_close_container(&iterator, &variant)
    }

    private static func appendString(_ text: String, type: UInt8, to iterator: inout cdbus_iter) {
        text.withCString { pointer in
            var value: UnsafePointer<CChar>? = pointer
            _ = system_dbus_message_iter_append_basic(&iterator, type, &value)
        }
    }

    /// The basic value (string, object path, int64, double, boolean) at `iterator`, looking inside a
    /// variant; nil for anything else.
    static func read(_ iterator: inout cdbus_iter) -> BusValue? {
        let type = system_dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case UInt8(ascii: "v"):
            var inner = cdbus_iter()
            system_dbus_message_iter_recurse(&iterator, &inner)
            return read(&inner)
        case UInt8(ascii: "s"), UInt8(ascii: "o"):
            var pointer: UnsafePointer<CChar>?
            system_dbus_message_iter_get_basic(&iterator, &pointer)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == UInt8(ascii: "s") ? .string(text) : .objectPath(text)
        case UInt8(ascii: "x"):
            var value: Int64 = 0
            system_dbus_message_iter_get_basic(&iterator, &value)
            return .int64(value)
        case UInt8(ascii: "d"):
            var value = 0.0
            system_dbus_message_iter_get_basic(&iterator, &value)
            return .double(value)
        case UInt8(ascii: "b"):
            var value: UInt32 = 0
            system_dbus_message_iter_get_basic(&iterator, &value)
            return .bool(value != 0)
        default:
            return nil
        }
    }
}
