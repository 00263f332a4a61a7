#ifndef BGKIT_CGPS_SHIM_H
#define BGKIT_CGPS_SHIM_H
#include <gps.h>

/// Swift cannot call the variadic gps_send; this fixed-arity wrapper sends one command string.
static inline int cgps_send(struct gps_data_t *data, const char *command) {
    return gps_send(data, "%s", command);
}
#endif
