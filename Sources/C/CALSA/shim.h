#ifndef BGKIT_CALSA_SHIM_H
#define BGKIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/// alsa-lib is loaded on first use (dlopen), not linked: `bgloc live --app` for an app without audio, the
/// always-on daemon, never maps it (0.28 MB of its peak memory, docs/PERFORMANCE.md), and runs where alsa-lib
/// is not installed. The functions bgkit calls, each with alsa-lib's own prototype, and its configuration tree.
typedef struct {
    __typeof__(snd_card_get_longname) *card_get_longname;
    __typeof__(snd_card_get_name) *card_get_name;
    __typeof__(snd_card_next) *card_next;
    __typeof__(snd_config_search) *config_search;
    __typeof__(snd_config_update) *config_update;
    __typeof__(snd_device_name_free_hint) *device_name_free_hint;
    __typeof__(snd_device_name_get_hint) *device_name_get_hint;
    __typeof__(snd_device_name_hint) *device_name_hint;
    __typeof__(snd_lib_error_set_handler) *lib_error_set_handler;
    __typeof__(snd_pcm_close) *pcm_close;
    __typeof__(snd_pcm_delay) *pcm_delay;
    __typeof__(snd_pcm_drain) *pcm_drain;
    __typeof__(snd_pcm_drop) *pcm_drop;
    __typeof__(snd_pcm_hw_params) *pcm_hw_params;
    __typeof__(snd_pcm_hw_params_any) *pcm_hw_params_any;
    __typeof__(snd_pcm_hw_params_can_pause) *pcm_hw_params_can_pause;
    __typeof__(snd_pcm_hw_params_free) *pcm_hw_params_free;
    __typeof__(snd_pcm_hw_params_get_buffer_size) *pcm_hw_params_get_buffer_size;
    __typeof__(snd_pcm_hw_params_get_buffer_time_max) *pcm_hw_params_get_buffer_time_max;
    __typeof__(snd_pcm_hw_params_get_period_size) *pcm_hw_params_get_period_size;
    __typeof__(snd_pcm_hw_params_malloc) *pcm_hw_params_malloc;
    __typeof__(snd_pcm_hw_params_set_access) *pcm_hw_params_set_access;
    __typeof__(snd_pcm_hw_params_set_buffer_time_near) *pcm_hw_params_set_buffer_time_near;
    __typeof__(snd_pcm_hw_params_set_channels) *pcm_hw_params_set_channels;
    __typeof__(snd_pcm_hw_params_set_format) *pcm_hw_params_set_format;
    __typeof__(snd_pcm_hw_params_set_period_time_near) *pcm_hw_params_set_period_time_near;
    __typeof__(snd_pcm_hw_params_set_rate_near) *pcm_hw_params_set_rate_near;
    __typeof__(snd_pcm_nonblock) *pcm_nonblock;
    __typeof__(snd_pcm_open) *pcm_open;
    __typeof__(snd_pcm_pause) *pcm_pause;
    __typeof__(snd_pcm_prepare) *pcm_prepare;
    __typeof__(snd_pcm_resume) *pcm_resume;
    __typeof__(snd_pcm_state) *pcm_state;
    __typeof__(snd_pcm_sw_params) *pcm_sw_params;
    __typeof__(snd_pcm_sw_params_current) *pcm_sw_params_current;
    __typeof__(snd_pcm_sw_params_free) *pcm_sw_params_free;
    __typeof__(snd_pcm_sw_params_malloc) *pcm_sw_params_malloc;
    __typeof__(snd_pcm_sw_params_set_avail_min) *pcm_sw_params_set_avail_min;
    __typeof__(snd_pcm_sw_params_set_start_threshold) *pcm_sw_params_set_start_threshold;
    __typeof__(snd_pcm_wait) *pcm_wait;
    __typeof__(snd_pcm_writei) *pcm_writei;
    __typeof__(snd_strerror) *strerror;
    snd_config_t **config;
} calsa_api;

#define CALSA_FIND(field, symbol) \
    if (!(api->field = (__typeof__(api->field)) dlsym(library, #symbol)) && !missing) missing = #symbol

/// Loads the library `name` (libasound.so.2) and fills `api`; returns 0, or -1 with the reason in `why`.
/// Call it once (bgkit keeps the result in a Swift `static let`); it keeps no state of its own.
static inline int calsa_load(const char *name, calsa_api *api, char *why, size_t why_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(why, why_size, "%s", reason ? reason : "dlopen failed");
        return -1;
    }
    const char *missing = NULL;
    CALSA_FIND(card_get_longname, snd_card_get_longname);
    CALSA_FIND(card_get_name, snd_card_get_name);
    CALSA_FIND(card_next, snd_card_next);
    CALSA_FIND(config_search, snd_config_search);
    CALSA_FIND(config_update, snd_config_update);
    CALSA_FIND(device_name_free_hint, snd_device_name_free_hint);
    CALSA_FIND(device_name_get_hint, snd_device_name_get_hint);
    CALSA_FIND(device_name_hint, snd_device_name_hint);
    CALSA_FIND(lib_error_set_handler, snd_lib_error_set_handler);
    CALSA_FIND(pcm_close, snd_pcm_close);
    CALSA_FIND(pcm_delay, snd_pcm_delay);
    CALSA_FIND(pcm_drain, snd_pcm_drain);
    CALSA_FIND(pcm_drop, snd_pcm_drop);
    CALSA_FIND(pcm_hw_params, snd_pcm_hw_params);
    CALSA_FIND(pcm_hw_params_any, snd_pcm_hw_params_any);
    CALSA_FIND(pcm_hw_params_can_pause, snd_pcm_hw_params_can_pause);
    CALSA_FIND(pcm_hw_params_free, snd_pcm_hw_params_free);
    CALSA_FIND(pcm_hw_params_get_buffer_size, snd_pcm_hw_params_get_buffer_size);
    CALSA_FIND(pcm_hw_params_get_buffer_time_max, snd_pcm_hw_params_get_buffer_time_max);
    CALSA_FIND(pcm_hw_params_get_period_size, snd_pcm_hw_params_get_period_size);
    CALSA_FIND(pcm_hw_params_malloc, snd_pcm_hw_params_malloc);
    CALSA_FIND(pcm_hw_params_set_access, snd_pcm_hw_params_set_access);
    CALSA_FIND(pcm_hw_params_set_buffer_time_near, snd_pcm_hw_params_set_buffer_time_near);
    CALSA_FIND(pcm_hw_params_set_channels, snd_pcm_hw_params_set_channels);
    CALSA_FIND(pcm_hw_params_set_format, snd_pcm_hw_params_set_format);
    CALSA_FIND(pcm_hw_params_set_period_time_near, snd_pcm_hw_params_set_period_time_near);
    CALSA_FIND(pcm_hw_params_set_rate_near, snd_pcm_hw_params_set_rate_near);
    CALSA_FIND(pcm_nonblock, snd_pcm_nonblock);
    CALSA_FIND(pcm_open, snd_pcm_open);
    CALSA_FIND(pcm_pause, snd_pcm_pause);
    CALSA_FIND(pcm_prepare, snd_pcm_prepare);
    CALSA_FIND(pcm_resume, snd_pcm_resume);
    CALSA_FIND(pcm_state, snd_pcm_state);
    CALSA_FIND(pcm_sw_params, snd_pcm_sw_params);
    CALSA_FIND(pcm_sw_params_current, snd_pcm_sw_params_current);
    CALSA_FIND(pcm_sw_params_free, snd_pcm_sw_params_free);
    CALSA_FIND(pcm_sw_params_malloc, snd_pcm_sw_params_malloc);
    CALSA_FIND(pcm_sw_params_set_avail_min, snd_pcm_sw_params_set_avail_min);
    CALSA_FIND(pcm_sw_params_set_start_threshold, snd_pcm_sw_params_set_start_threshold);
    CALSA_FIND(pcm_wait, snd_pcm_wait);
    CALSA_FIND(pcm_writei, snd_pcm_writei);
    CALSA_FIND(strerror, snd_strerror);
    if (!(api->config = (snd_config_t **) dlsym(library, "snd_config")) && !missing) missing = "snd_config";
    if (missing) {
        snprintf(why, why_size, "%s lacks %s, which bgkit needs", name, missing);
        dlclose(library);
        return -1;
    }
    return 0;
}

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
static inline int calsa_set_error_sink(const calsa_api *api, calsa_error_sink sink) {
    calsa_current_sink = sink;
    return api->lib_error_set_handler(sink ? (snd_lib_error_handler_t)calsa_error_trampoline : NULL);
}

/// 1 when ALSA's configuration defines the PCM `name` (the part before any ':' or '{'), as `default`,
/// `hw` or `null` are; 0 for a name it does not know. Reads `snd_config`, a C global Swift cannot use.
static inline int calsa_pcm_is_defined(const calsa_api *api, const char *name) {
    char key[256];
    size_t length = strcspn(name, ":{ ");
    if (length == 0 || length > 200) return 0;
    if (api->config_update() < 0) return 0;
    snprintf(key, sizeof key, "pcm.%.*s", (int)length, name);
    snd_config_t *node = NULL;
    return api->config_search(*api->config, key, &node) == 0;
}

#endif
