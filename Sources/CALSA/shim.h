#ifndef BGKIT_CALSA_SHIM_H
#define BGKIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/// Where ALSA's own diagnostics go instead of stderr: the source file, line and function inside alsa-lib,
/// the error code (0 or a negative errno) and the formatted message.
typedef void (*calsa_error_sink)(const char *file, int line, const char *function, int err, const char *message);

static calsa_error_sink calsa_current_sink = NULL;

/// ALSA's error handler is variadic, which Swift cannot implement: this one formats the message and
/// forwards it to a plain function pointer.
static void calsa_error_trampoline(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    char message[1024];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    if (calsa_current_sink) calsa_current_sink(file, line, function, err, message);
}

/// Sends ALSA's diagnostics to `sink` (NULL restores ALSA's default, printing to stderr).
static inline int calsa_set_error_sink(calsa_error_sink sink) {
    calsa_current_sink = sink;
    return snd_lib_error_set_handler(sink ? (snd_lib_error_handler_t)calsa_error_trampoline : NULL);
}

/// 1 when ALSA's configuration defines the PCM `name` (the part before any ':' or '{'), as `default`,
/// `hw` or `null` are; 0 for a name it does not know. Reads `snd_config`, a C global Swift cannot use.
static inline int calsa_pcm_is_defined(const char *name) {
    char key[256];
    size_t length = strcspn(name, ":{ ");
    if (length == 0 || length > 200) return 0;
    if (snd_config_update() < 0) return 0;
    snprintf(key, sizeof key, "pcm.%.*s", (int)length, name);
    snd_config_t *node = NULL;
    return snd_config_search(snd_config, key, &node) == 0;
}

#endif
