/// An error libdbus reported (a `DBusError`: its name, such as `org.freedesktop.DBus.Error.NoServer`, and
/// its message), with the libdbus function that set it: "dbus_bus_get_private:
/// org.freedesktop.DBus.Error.NoServer: Failed to connect to socket /tmp/x: No such file or directory".
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The libdbus function (or `dlopen`).
    public var function: String
    /// The error's D-Bus name.
    public var name: String
    public var message: String

    public init(function: String, name: String, message: String) {
        self.function = function
        self.name = name
        self.message = message
    }

    public var description: String { "\(function): \(name): \(message)" }
}
