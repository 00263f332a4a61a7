import CDBus

// One wrapper per libdbus function: `system_dbus_connection_send` is bgkit's wrapper for
// `dbus_connection_send`. Every other file goes through these; none calls libdbus directly. libdbus itself is
// loaded on first use (see CDBus's cdbus.h): nothing here may be called before `DBusLibrary.unavailable` has
// said it is loaded. Those that can fail return the typed ``DBusError``.

/// libdbus, loaded on first use.
enum DBusLibrary {
    /// Why libdbus cannot be loaded, or nil once it is: loaded once, whoever asks first.
    static let unavailable: DBusError? = load("libdbus-1.so.3")

    /// Loads the shared library `name` as libdbus; nil when it is loaded (now or before).
    static func load(_ name: String) -> DBusError? {
        var why = [CChar](repeating: 0, count: 512)
        guard cdbus_load(name, &why, why.count) == 0 else {
            let reason = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return DBusError(function: "dlopen", name: "bgkit.NoLibDBus", message: "libdbus is not available (\(reason)); install it (Debian: apt-get install libdbus-1-3)")
        }
        _ = cdbus_threads_init_default()
        return nil
    }
}

/// Calls `body` with a fresh `DBusError`, and throws it as a ``DBusError`` when `body` set it.
private func checked<T>(_ function: StaticString, _ body: (UnsafeMutablePointer<cdbus_error>) -> T) throws(DBusError) -> T {
    var error = cdbus_error()
    cdbus_error_init(&error)
    let result = body(&error)
    guard let name = error.name else { return result }
    let thrown = DBusError(function: "\(function)", name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "")
    cdbus_error_free(&error)
    throw thrown
}

/// A private connection to the session bus (closed with ``system_dbus_connection_close(_:)``).
///
/// The corresponding C function is `dbus_bus_get_private`.
func system_dbus_bus_get_private_session() throws(DBusError) -> OpaquePointer {
    let connection = try checked("dbus_bus_get_private") { cdbus_bus_get_private(Int32(CDBUS_BUS_SESSION), $0) }
    guard let connection else { throw DBusError(function: "dbus_bus_get_private", name: "bgkit.NoConnection", message: "no connection") }
    return connection
}

/// Asks for `name`, not queueing behind another owner; the reply code.
///
/// The corresponding C function is `dbus_bus_request_name`.
func system_dbus_bus_request_name(_ connection: OpaquePointer, _ name: String, flags: UInt32) throws(DBusError) -> Int32 {
    try checked("dbus_bus_request_name") { cdbus_bus_request_name(connection, name, flags, $0) }
}

/// The corresponding C function is `dbus_connection_set_exit_on_disconnect` (libdbus exits the process when
/// a bus connection drops, unless told not to).
func system_dbus_connection_set_exit_on_disconnect(_ connection: OpaquePointer, _ exit: Bool) {
    cdbus_connection_set_exit_on_disconnect(connection, exit ? 1 : 0)
}

/// The corresponding C function is `dbus_connection_try_register_object_path`.
func system_dbus_connection_try_register_object_path(
    _ connection: OpaquePointer, _ path: String, _ vtable: UnsafePointer<cdbus_vtable>, _ context: UnsafeMutableRawPointer
) throws(DBusError) {
    _ = try checked("dbus_connection_try_register_object_path") { cdbus_connection_try_register_object_path(connection, path, vtable, context, $0) }
}

/// The connection's socket, to poll.
///
/// The corresponding C function is `dbus_connection_get_unix_fd`.
func system_dbus_connection_get_unix_fd(_ connection: OpaquePointer) -> Int32? {
    var descriptor: Int32 = -1
    return cdbus_connection_get_unix_fd(connection, &descriptor) != 0 ? descriptor : nil
}

/// Reads and writes what can be without waiting longer than `timeout` ms; false once disconnected.
///
/// The corresponding C function is `dbus_connection_read_write_dispatch`.
func system_dbus_connection_read_write_dispatch(_ connection: OpaquePointer, _ timeout: Int32) -> Bool {
    cdbus_connection_read_write_dispatch(connection, timeout) != 0
}

/// Whether messages wait to be dispatched.
///
/// The corresponding C function is `dbus_connection_get_dispatch_status`.
func system_dbus_connection_get_dispatch_status(_ connection: OpaquePointer) -> Bool {
    cdbus_connection_get_dispatch_status(connection) == Int32(CDBUS_DISPATCH_DATA_REMAINS)
}

/// Dispatches one message to its handler.
///
/// The corresponding C function is `dbus_connection_dispatch`.
func system_dbus_connection_dispatch(_ connection: OpaquePointer) {
    _ = cdbus_connection_dispatch(connection)
}

/// Queues `message`; false when out of memory.
///
/// The corresponding C function is `dbus_connection_send`.
func system_dbus_connection_send(_ connection: OpaquePointer, _ message: OpaquePointer) -> Bool {
    cdbus_connection_send(connection, message, nil) != 0
}

/// Blocks until the queued messages are written.
///
/// The corresponding C function is `dbus_connection_flush`.
func system_dbus_connection_flush(_ connection: OpaquePointer) {
    cdbus_connection_flush(connection)
}

/// The corresponding C function is `dbus_connection_close`.
func system_dbus_connection_close(_ connection: OpaquePointer) {
    cdbus_connection_close(connection)
}

/// The corresponding C function is `dbus_connection_unref`.
func system_dbus_connection_unref(_ connection: OpaquePointer) {
    cdbus_connection_unref(connection)
}

/// The corresponding C function is `dbus_message_new_method_return`.
func system_dbus_message_new_method_return(_ call: OpaquePointer) -> OpaquePointer? {
    cdbus_message_new_method_return(call)
}

/// The corresponding C function is `dbus_message_new_error`.
func system_dbus_message_new_error(_ call: OpaquePointer, _ name: String, _ text: String) -> OpaquePointer? {
    cdbus_message_new_error(call, name, text)
}

/// The corresponding C function is `dbus_message_new_signal`.
func system_dbus_message_new_signal(_ path: String, _ interface: String, _ name: String) -> OpaquePointer? {
    cdbus_message_new_signal(path, interface, name)
}

/// The corresponding C function is `dbus_message_unref`.
func system_dbus_message_unref(_ message: OpaquePointer) {
    cdbus_message_unref(message)
}

/// Whether `message` is a method call.
///
/// The corresponding C function is `dbus_message_get_type`.
func system_dbus_message_get_type(_ message: OpaquePointer) -> Bool {
    cdbus_message_get_type(message) == Int32(CDBUS_MESSAGE_TYPE_METHOD_CALL)
}

/// The corresponding C function is `dbus_message_get_interface`.
func system_dbus_message_get_interface(_ message: OpaquePointer) -> String? {
    cdbus_message_get_interface(message).map { String(cString: $0) }
}

/// The corresponding C function is `dbus_message_get_member`.
func system_dbus_message_get_member(_ message: OpaquePointer) -> String? {
    cdbus_message_get_member(message).map { String(cString: $0) }
}

/// Starts reading `message`'s arguments; false when it has none.
///
/// The corresponding C function is `dbus_message_iter_init`.
func system_dbus_message_iter_init(_ message: OpaquePointer, _ iterator: inout cdbus_iter) -> Bool {
    cdbus_message_iter_init(message, &iterator) != 0
}

/// The type code of the argument at `iterator` (0 past the last).
///
/// The corresponding C function is `dbus_message_iter_get_arg_type`.
func system_dbus_message_iter_get_arg_type(_ iterator: inout cdbus_iter) -> UInt8 {
    UInt8(truncatingIfNeeded: cdbus_message_iter_get_arg_type(&iterator))
}

/// Reads the basic value at `iterator` into `value` (a string's is a C string pointer).
///
/// The corresponding C function is `dbus_message_iter_get_basic`.
func system_dbus_message_iter_get_basic(_ iterator: inout cdbus_iter, _ value: UnsafeMutableRawPointer) {
    cdbus_message_iter_get_basic(&iterator, value)
}

/// The corresponding C function is `dbus_message_iter_next`.
func system_dbus_message_iter_next(_ iterator: inout cdbus_iter) -> Bool {
    cdbus_message_iter_next(&iterator) != 0
}

/// The corresponding C function is `dbus_message_iter_recurse`.
func system_dbus_message_iter_recurse(_ iterator: inout cdbus_iter, _ inner: inout cdbus_iter) {
    cdbus_message_iter_recurse(&iterator, &inner)
}

/// The corresponding C function is `dbus_message_iter_init_append`.
func system_dbus_message_iter_init_append(_ message: OpaquePointer, _ iterator: inout cdbus_iter) {
    cdbus_message_iter_init_append(message, &iterator)
}

/// Appends the basic value at `value` of type `type`; false when out of memory.
///
/// The corresponding C function is `dbus_message_iter_append_basic`.
func system_dbus_message_iter_append_basic(_ iterator: inout cdbus_iter, _ type: UInt8, _ value: UnsafeRawPointer) -> Bool {
    cdbus_message_iter_append_basic(&iterator, Int32(type), value) != 0
}

/// The corresponding C function is `dbus_message_iter_open_container`.
func system_dbus_message_iter_open_container(
    _ iterator: inout cdbus_iter, _ type: UInt8, _ signature: String?, _ inner: inout cdbus_iter
) -> Bool {
    cdbus_message_iter_open_container(&iterator, Int32(type), signature, &inner) != 0
}

/// The corresponding C function is `dbus_message_iter_close_container`.
func system_dbus_message_iter_close_container(_ iterator: inout cdbus_iter, _ inner: inout cdbus_iter) -> Bool {
    cdbus_message_iter_close_container(&iterator, &inner) != 0
}
