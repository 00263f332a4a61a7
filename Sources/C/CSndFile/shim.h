#ifndef BGKIT_CSNDFILE_SHIM_H
#define BGKIT_CSNDFILE_SHIM_H
#include <sndfile.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/// libsndfile is loaded on first use (dlopen), not linked: a program that plays only WAV files, which
/// bgkit decodes itself, starts without loading libsndfile and its codecs (FLAC, Vorbis, Opus, MPEG,
/// libstdc++), and runs where libsndfile is not installed at all.
typedef struct {
    SNDFILE *(*open)(const char *path, int mode, SF_INFO *info);
    int (*close)(SNDFILE *file);
    int (*error)(SNDFILE *file);
    const char *(*strerror)(SNDFILE *file);
    sf_count_t (*readf_short)(SNDFILE *file, short *buffer, sf_count_t frames);
    sf_count_t (*readf_int)(SNDFILE *file, int *buffer, sf_count_t frames);
    sf_count_t (*readf_float)(SNDFILE *file, float *buffer, sf_count_t frames);
    sf_count_t (*seek)(SNDFILE *file, sf_count_t frames, int whence);
    const char *(*get_string)(SNDFILE *file, int str_type);
} csndfile_api;

/// Loads the library `name` (libsndfile.so.1) and fills `api`; returns 0, or -1 with the reason in `why`.
/// Call it once (bgkit keeps the result in a Swift `static let`); it keeps no state of its own.
static inline int csndfile_load(const char *name, csndfile_api *api, char *why, size_t why_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(why, why_size, "%s", reason ? reason : "dlopen failed");
        return -1;
    }
    api->open = (SNDFILE * (*)(const char *, int, SF_INFO *)) dlsym(library, "sf_open");
    api->close = (int (*)(SNDFILE *)) dlsym(library, "sf_close");
    api->error = (int (*)(SNDFILE *)) dlsym(library, "sf_error");
    api->strerror = (const char *(*)(SNDFILE *)) dlsym(library, "sf_strerror");
    api->readf_short = (sf_count_t (*)(SNDFILE *, short *, sf_count_t)) dlsym(library, "sf_readf_short");
    api->readf_int = (sf_count_t (*)(SNDFILE *, int *, sf_count_t)) dlsym(library, "sf_readf_int");
    api->readf_float = (sf_count_t (*)(SNDFILE *, float *, sf_count_t)) dlsym(library, "sf_readf_float");
    api->seek = (sf_count_t (*)(SNDFILE *, sf_count_t, int)) dlsym(library, "sf_seek");
    api->get_string = (const char *(*)(SNDFILE *, int)) dlsym(library, "sf_get_string");
    if (!api->open || !api->close || !api->error || !api->strerror || !api->readf_short || !api->readf_int
        || !api->readf_float || !api->seek || !api->get_string) {
        snprintf(why, why_size, "%s lacks a function bgkit needs", name);
        dlclose(library);
        return -1;
    }
    return 0;
}

#endif
