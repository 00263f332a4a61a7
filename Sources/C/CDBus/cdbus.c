#include "cdbus.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// libdbus's functions.
typedef struct {
    cdbus_bool_t (*threads_init_default)(void);
    void (*error_init)(cdbus_error *error);
    void (*error_free)(cdbus_error *error);
    DBusConnection * (*bus_get_private)(int type, cdbus_error *error);
    int (*bus_request_name)(DBusConnection *connection, const char *name, unsigned int flags, cdbus_error *error);
    void (*connection_set_exit_on_disconnect)(DBusConnection *connection, cdbus_bool_t exit_on_disconnect);
    cdbus_bool_t (*connection_try_register_object_path)(DBusConnection *connection, const char *path, const cdbus_vtable *vtable, void *user_data, cdbus_error *error);
    cdbus_bool_t (*connection_get_unix_fd)(DBusConnection *connection, int *fd);
    cdbus_bool_t (*connection_read_write_dispatch)(DBusConnection *connection, int timeout_milliseconds);
    int (*connection_get_dispatch_status)(DBusConnection *connection);
    int (*connection_dispatch)(DBusConnection *connection);
    cdbus_bool_t (*connection_send)(DBusConnection *connection, DBusMessage *message, uint32_t *serial);
    void (*connection_flush)(DBusConnection *connection);
    void (*connection_close)(DBusConnection *connection);
    void (*connection_unref)(DBusConnection *connection);
    DBusMessage * (*message_new_method_return)(DBusMessage *method_call);
    DBusMessage * (*message_new_error)(DBusMessage *reply_to, const char *error_name, const char *error_message);
    DBusMessage * (*message_new_signal)(const char *path, const char *interface, const char *name);
    void (*message_unref)(DBusMessage *message);
    int (*message_get_type)(DBusMessage *message);
    const char * (*message_get_interface)(DBusMessage *message);
    const char * (*message_get_member)(DBusMessage *message);
    cdbus_bool_t (*message_iter_init)(DBusMessage *message, cdbus_iter *iter);
    int (*message_iter_get_arg_type)(cdbus_iter *iter);
    void (*message_iter_get_basic)(cdbus_iter *iter, void *value);
    cdbus_bool_t (*message_iter_next)(cdbus_iter *iter);
    void (*message_iter_recurse)(cdbus_iter *iter, cdbus_iter *sub);
    void (*message_iter_init_append)(DBusMessage *message, cdbus_iter *iter);
    cdbus_bool_t (*message_iter_append_basic)(cdbus_iter *iter, int type, const void *value);
    cdbus_bool_t (*message_iter_open_container)(cdbus_iter *iter, int type, const char *contained_signature, cdbus_iter *sub);
    cdbus_bool_t (*message_iter_close_container)(cdbus_iter *iter, cdbus_iter *sub);
} cdbus_table;

/// The table the wrappers call through. Written once, under `lock`, by the first `cdbus_load` that succeeds;
/// read without the lock afterwards, by callers that saw that success (bgkit keeps it in a Swift `static let`).
static cdbus_table dbus;
static int loaded;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int cdbus_load(const char *name, char *why, size_t why_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(why, why_size, "%s", reason ? reason : "dlopen failed");
        return -1;
    }
    cdbus_table found;
    const char *missing = NULL;
    found.threads_init_default = dlsym(library, "dbus_threads_init_default");
    if (!found.threads_init_default) missing = "dbus_threads_init_default";
    found.error_init = dlsym(library, "dbus_error_init");
    if (!found.error_init) missing = "dbus_error_init";
    found.error_free = dlsym(library, "dbus_error_free");
    if (!found.error_free) missing = "dbus_error_free";
    found.bus_get_private = dlsym(library, "dbus_bus_get_private");
    if (!found.bus_get_private) missing = "dbus_bus_get_private";
    found.bus_request_name = dlsym(library, "dbus_bus_request_name");
    if (!found.bus_request_name) missing = "dbus_bus_request_name";
    found.connection_set_exit_on_disconnect = dlsym(library, "dbus_connection_set_exit_on_disconnect");
    if (!found.connection_set_exit_on_disconnect) missing = "dbus_connection_set_exit_on_disconnect";
    found.connection_try_register_object_path = dlsym(library, "dbus_connection_try_register_object_path");
    if (!found.connection_try_register_object_path) missing = "dbus_connection_try_register_object_path";
    found.connection_get_unix_fd = dlsym(library, "dbus_connection_get_unix_fd");
    if (!found.connection_get_unix_fd) missing = "dbus_connection_get_unix_fd";
    found.connection_read_write_dispatch = dlsym(library, "dbus_connection_read_write_dispatch");
    if (!found.connection_read_write_dispatch) missing = "dbus_connection_read_write_dispatch";
    found.connection_get_dispatch_status = dlsym(library, "dbus_connection_get_dispatch_status");
    if (!found.connection_get_dispatch_status) missing = "dbus_connection_get_dispatch_status";
    found.connection_dispatch = dlsym(library, "dbus_connection_dispatch");
    if (!found.connection_dispatch) missing = "dbus_connection_dispatch";
    found.connection_send = dlsym(library, "dbus_connection_send");
    if (!found.connection_send) missing = "dbus_connection_send";
    found.connection_flush = dlsym(library, "dbus_connection_flush");
    if (!found.connection_flush) missing = "dbus_connection_flush";
    found.connection_close = dlsym(library, "dbus_connection_close");
    if (!found.connection_close) missing = "dbus_connection_close";
    found.connection_unref = dlsym(library, "dbus_connection_unref");
    if (!found.connection_unref) missing = "dbus_connection_unref";
    found.message_new_method_return = dlsym(library, "dbus_message_new_method_return");
    if (!found.message_new_method_return) missing = "dbus_message_new_method_return";
    found.message_new_error = dlsym(library, "dbus_message_new_error");
    if (!found.message_new_error) missing = "dbus_message_new_error";
    found.message_new_signal = dlsym(library, "dbus_message_new_signal");
    if (!found.message_new_signal) missing = "dbus_message_new_signal";
    found.message_unref = dlsym(library, "dbus_message_unref");
    if (!found.message_unref) missing = "dbus_message_unref";
    found.message_get_type = dlsym(library, "dbus_message_get_type");
    if (!found.message_get_type) missing = "dbus_message_get_type";
    found.message_get_interface = dlsym(library, "dbus_message_get_interface");
    if (!found.message_get_interface) missing = "dbus_message_get_interface";
    found.message_get_member = dlsym(library, "dbus_message_get_member");
    if (!found.message_get_member) missing = "dbus_message_get_member";
    found.message_iter_init = dlsym(library, "dbus_message_iter_init");
    if (!found.message_iter_init) missing = "dbus_message_iter_init";
    found.message_iter_get_arg_type = dlsym(library, "dbus_message_iter_get_arg_type");
    if (!found.message_iter_get_arg_type) missing = "dbus_message_iter_get_arg_type";
    found.message_iter_get_basic = dlsym(library, "dbus_message_iter_get_basic");
    if (!found.message_iter_get_basic) missing = "dbus_message_iter_get_basic";
    found.message_iter_next = dlsym(library, "dbus_message_iter_next");
    if (!found.message_iter_next) missing = "dbus_message_iter_next";
    found.message_iter_recurse = dlsym(library, "dbus_message_iter_recurse");
    if (!found.message_iter_recurse) missing = "dbus_message_iter_recurse";
    found.message_iter_init_append = dlsym(library, "dbus_message_iter_init_append");
    if (!found.message_iter_init_append) missing = "dbus_message_iter_init_append";
    found.message_iter_append_basic = dlsym(library, "dbus_message_iter_append_basic");
    if (!found.message_iter_append_basic) missing = "dbus_message_iter_append_basic";
    found.message_iter_open_container = dlsym(library, "dbus_message_iter_open_container");
    if (!found.message_iter_open_container) missing = "dbus_message_iter_open_container";
    found.message_iter_close_container = dlsym(library, "dbus_message_iter_close_container");
    if (!found.message_iter_close_container) missing = "dbus_message_iter_close_container";
    if (missing) {
        snprintf(why, why_size, "%s lacks %s, which bgkit needs", name, missing);
        dlclose(library);
        return -1;
    }
    pthread_mutex_lock(&lock);
    int first = !loaded;
    if (first) {
        dbus = found;
        loaded = 1;
    }
    pthread_mutex_unlock(&lock);
    if (!first) dlclose(library);  // loaded before: the table keeps the first library's functions
    return 0;
}

cdbus_bool_t cdbus_threads_init_default(void) { return dbus.threads_init_default(); }

void cdbus_error_init(cdbus_error *error) { dbus.error_init(error); }

void cdbus_error_free(cdbus_error *error) { dbus.error_free(error); }

DBusConnection * cdbus_bus_get_private(int type, cdbus_error *error) { return dbus.bus_get_private(type, error); }

int cdbus_bus_request_name(DBusConnection *connection, const char *name, unsigned int flags, cdbus_error *error) { return dbus.bus_request_name(connection, name, flags, error); }

void cdbus_connection_set_exit_on_disconnect(DBusConnection *connection, cdbus_bool_t exit_on_disconnect) { dbus.connection_set_exit_on_disconnect(connection, exit_on_disconnect); }

cdbus_bool_t cdbus_connection_try_register_object_path(DBusConnection *connection, const char *path, const cdbus_vtable *vtable, void *user_data, cdbus_error *error) { return dbus.connection_try_register_object_path(connection, path, vtable, user_data, error); }

cdbus_bool_t cdbus_connection_get_unix_fd(DBusConnection *connection, int *fd) { return dbus.connection_get_unix_fd(connection, fd); }

cdbus_bool_t cdbus_connection_read_write_dispatch(DBusConnection *connection, int timeout_milliseconds) { return dbus.connection_read_write_dispatch(connection, timeout_milliseconds); }

int cdbus_connection_get_dispatch_status(DBusConnection *connection) { return dbus.connection_get_dispatch_status(connection); }

int cdbus_connection_dispatch(DBusConnection *connection) { return dbus.connection_dispatch(connection); }

cdbus_bool_t cdbus_connection_send(DBusConnection *connection, DBusMessage *message, uint32_t *serial) { return dbus.connection_send(connection, message, serial); }

void cdbus_connection_flush(DBusConnection *connection) { dbus.connection_flush(connection); }

void cdbus_connection_close(DBusConnection *connection) { dbus.connection_close(connection); }

void cdbus_connection_unref(DBusConnection *connection) { dbus.connection_unref(connection); }

DBusMessage * cdbus_message_new_method_return(DBusMessage *method_call) { return dbus.message_new_method_return(method_call); }

DBusMessage * cdbus_message_new_error(DBusMessage *reply_to, const char *error_name, const char *error_message) { return dbus.message_new_error(reply_to, error_name, error_message); }

DBusMessage * cdbus_message_new_signal(const char *path, const char *interface, const char *name) { return dbus.message_new_signal(path, interface, name); }

void cdbus_message_unref(DBusMessage *message) { dbus.message_unref(message); }

int cdbus_message_get_type(DBusMessage *message) { return dbus.message_get_type(message); }

const char * cdbus_message_get_interface(DBusMessage *message) { return dbus.message_get_interface(message); }

const char * cdbus_message_get_member(DBusMessage *message) { return dbus.message_get_member(message); }

cdbus_bool_t cdbus_message_iter_init(DBusMessage *message, cdbus_iter *iter) { return dbus.message_iter_init(message, iter); }

int cdbus_message_iter_get_arg_type(cdbus_iter *iter) { return dbus.message_iter_get_arg_type(iter); }

void cdbus_message_iter_get_basic(cdbus_iter *iter, void *value) { dbus.message_iter_get_basic(iter, value); }

cdbus_bool_t cdbus_message_iter_next(cdbus_iter *iter) { return dbus.message_iter_next(iter); }

void cdbus_message_iter_recurse(cdbus_iter *iter, cdbus_iter *sub) { dbus.message_iter_recurse(iter, sub); }

void cdbus_message_iter_init_append(DBusMessage *message, cdbus_iter *iter) { dbus.message_iter_init_append(message, iter); }

cdbus_bool_t cdbus_message_iter_append_basic(cdbus_iter *iter, int type, const void *value) { return dbus.message_iter_append_basic(iter, type, value); }

cdbus_bool_t cdbus_message_iter_open_container(cdbus_iter *iter, int type, const char *contained_signature, cdbus_iter *sub) { return dbus.message_iter_open_container(iter, type, contained_signature, sub); }

cdbus_bool_t cdbus_message_iter_close_container(cdbus_iter *iter, cdbus_iter *sub) { return dbus.message_iter_close_container(iter, sub); }
