/// An error libdbus reported (a `DBusError`: its name, such as `org.freedesktop.DBus.Error.NoServer`, and
/// its message), with the libdbus function that set it: "dbus_bus_get_private:
/// org.freedesktop.DBus.Error.NoServer: Failed to connect to socket /tmp/x: No such file or directory".
package struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The libdbus function (or `dlopen`).
    package var function: String
    /// The error's D-Bus name.
    package var name: String
    package var message: String

    package init(function: String, name: String, message: String) {
        self.function = function
        self.name = name
        self.message = message
    }

    package var description: String { "\(function): \(name): \(message)" }
}
