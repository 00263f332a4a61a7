#ifndef BGKIT_CDBUS_H
#define BGKIT_CDBUS_H
#include <stddef.h>
#include <stdint.h>

// libdbus (libdbus-1.so.3) is loaded on first use (dlopen), not linked: a program that never finds a
// session bus never maps it, and runs where libdbus is not installed at all. Nothing of its header is
// needed to build: these are the few types of its stable ABI that bgkit uses, declared as libdbus declares
// them (`DBusError`, the `DBusObjectPathVTable`, the handler results), and room for a `DBusMessageIter`
// (72 bytes on a 64-bit system; 128 here). `LibDBusABITests` checks them against libdbus-1-dev's header.
// Each function below has the signature of the libdbus function it is named after (`cdbus_X` calls `dbus_X`)
// through the table that `cdbus_load` fills.

typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef uint32_t cdbus_bool_t;

/// `DBusError`: `name` is NULL while no error is set.
typedef struct {
    const char *name;
    const char *message;
    unsigned int dummy;
    void *padding1;
} cdbus_error;

/// Room for a `DBusMessageIter`, aligned as it is.
typedef struct {
    void *space[16];
} cdbus_iter;

/// `DBusHandlerResult`.
enum { CDBUS_HANDLER_RESULT_HANDLED = 0, CDBUS_HANDLER_RESULT_NOT_YET_HANDLED = 1 };
/// `DBusBusType`, `DBusDispatchStatus`, `DBusMessageType`, and the flags and replies of `dbus_bus_request_name`.
enum { CDBUS_BUS_SESSION = 0 };
enum { CDBUS_DISPATCH_DATA_REMAINS = 0 };
enum { CDBUS_MESSAGE_TYPE_METHOD_CALL = 1 };
enum { CDBUS_NAME_FLAG_DO_NOT_QUEUE = 4, CDBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER = 1 };

typedef int (*cdbus_message_function)(DBusConnection *connection, DBusMessage *message, void *user_data);

/// `DBusObjectPathVTable`.
typedef struct {
    void (*unregister_function)(DBusConnection *connection, void *user_data);
    cdbus_message_function message_function;
    void (*padding1)(void *);
    void (*padding2)(void *);
    void (*padding3)(void *);
    void (*padding4)(void *);
} cdbus_vtable;

/// Loads the library `name` (libdbus-1.so.3) and fills the table; returns 0, or -1 with the reason in `why`.
/// The first call that succeeds fills the table; the others leave it as it was.
int cdbus_load(const char *name, char *why, size_t why_size);

cdbus_bool_t cdbus_threads_init_default(void);
void cdbus_error_init(cdbus_error *error);
void cdbus_error_free(cdbus_error *error);
DBusConnection *cdbus_bus_get_private(int type, cdbus_error *error);
int cdbus_bus_request_name(DBusConnection *connection, const char *name, unsigned int flags, cdbus_error *error);
void cdbus_connection_set_exit_on_disconnect(DBusConnection *connection, cdbus_bool_t exit_on_disconnect);
cdbus_bool_t cdbus_connection_try_register_object_path(
    DBusConnection *connection, const char *path, const cdbus_vtable *vtable, void *user_data, cdbus_error *error);
cdbus_bool_t cdbus_connection_get_unix_fd(DBusConnection *connection, int *fd);
cdbus_bool_t cdbus_connection_read_write_dispatch(DBusConnection *connection, int timeout_milliseconds);
int cdbus_connection_get_dispatch_status(DBusConnection *connection);
int cdbus_connection_dispatch(DBusConnection *connection);
cdbus_bool_t cdbus_connection_send(DBusConnection *connection, DBusMessage *message, uint32_t *serial);
void cdbus_connection_flush(DBusConnection *connection);
void cdbus_connection_close(DBusConnection *connection);
void cdbus_connection_unref(DBusConnection *connection);
DBusMessage *cdbus_message_new_method_return(DBusMessage *method_call);
DBusMessage *cdbus_message_new_error(DBusMessage *reply_to, const char *error_name, const char *error_message);
DBusMessage *cdbus_message_new_signal(const char *path, const char *interface, const char *name);
void cdbus_message_unref(DBusMessage *message);
int cdbus_message_get_type(DBusMessage *message);
const char *cdbus_message_get_interface(DBusMessage *message);
const char *cdbus_message_get_member(DBusMessage *message);
cdbus_bool_t cdbus_message_iter_init(DBusMessage *message, cdbus_iter *iter);
int cdbus_message_iter_get_arg_type(cdbus_iter *iter);
void cdbus_message_iter_get_basic(cdbus_iter *iter, void *value);
cdbus_bool_t cdbus_message_iter_next(cdbus_iter *iter);
void cdbus_message_iter_recurse(cdbus_iter *iter, cdbus_iter *sub);
void cdbus_message_iter_init_append(DBusMessage *message, cdbus_iter *iter);
cdbus_bool_t cdbus_message_iter_append_basic(cdbus_iter *iter, int type, const void *value);
cdbus_bool_t cdbus_message_iter_open_container(cdbus_iter *iter, int type, const char *contained_signature, cdbus_iter *sub);
cdbus_bool_t cdbus_message_iter_close_container(cdbus_iter *iter, cdbus_iter *sub);
#endif
