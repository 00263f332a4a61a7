import BackgroundTestKit
import Foundation
import Testing

/// CDBus declares the few types of libdbus's ABI that bgkit uses instead of including its header (so that
/// building needs no libdbus-1-dev); this checks them against the header, with the C compiler.
@Suite struct LibDBusABITests {
    @Test(.enabled(if: TestSupport.toolsAvailable("cc", "pkg-config"), "needs cc and pkg-config (and libdbus-1-dev)"))
    func cdbusMatchesLibdbusHeader() async throws {
        let flags = try await TestSupport.run(TestSupport.which("pkg-config") ?? "pkg-config", ["--cflags", "dbus-1"])
        #expect(flags.status == 0, "pkg-config finds no dbus-1: install libdbus-1-dev (tools/install-deps)")
        let folder = try TemporaryFolder()
        let source = try folder.write("abi.c", """
            #include <dbus/dbus.h>
            #include <stddef.h>
            #include "cdbus.h"
            _Static_assert(sizeof(cdbus_iter) >= sizeof(DBusMessageIter), "cdbus_iter holds a DBusMessageIter");
            _Static_assert(_Alignof(cdbus_iter) >= _Alignof(DBusMessageIter), "cdbus_iter is aligned as a DBusMessageIter");
            _Static_assert(sizeof(cdbus_error) == sizeof(DBusError), "cdbus_error is a DBusError");
            _Static_assert(offsetof(cdbus_error, name) == offsetof(DBusError, name), "DBusError.name");
            _Static_assert(offsetof(cdbus_error, message) == offsetof(DBusError, message), "DBusError.message");
            _Static_assert(sizeof(cdbus_vtable) == sizeof(DBusObjectPathVTable), "cdbus_vtable is a DBusObjectPathVTable");
            _Static_assert(offsetof(cdbus_vtable, message_function) == offsetof(DBusObjectPathVTable, message_function), "message_function");
            _Static_assert(CDBUS_HANDLER_RESULT_HANDLED == DBUS_HANDLER_RESULT_HANDLED, "handled");
            _Static_assert(CDBUS_HANDLER_RESULT_NOT_YET_HANDLED == DBUS_HANDLER_RESULT_NOT_YET_HANDLED, "not yet handled");
            _Static_assert(CDBUS_BUS_SESSION == DBUS_BUS_SESSION, "session bus");
            _Static_assert(CDBUS_DISPATCH_DATA_REMAINS == DBUS_DISPATCH_DATA_REMAINS, "data remains");
            _Static_assert(CDBUS_MESSAGE_TYPE_METHOD_CALL == DBUS_MESSAGE_TYPE_METHOD_CALL, "method call");
            _Static_assert(CDBUS_NAME_FLAG_DO_NOT_QUEUE == DBUS_NAME_FLAG_DO_NOT_QUEUE, "do not queue");
            _Static_assert(CDBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER, "primary owner");
            """)
        let arguments = flags.stdout.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            + ["-I", TestSupport.packageRoot + "/Sources/C/CDBus/include", "-fsyntax-only", source]
        let compiled = try await TestSupport.run(TestSupport.which("cc") ?? "cc", arguments)
        #expect(compiled.status == 0, "\(compiled.stderr)")
    }
}
