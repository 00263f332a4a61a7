#include "ccurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// libcurl's functions.
typedef struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} ccurl_table;

/// The table the wrappers call through. Written once, under `lock`, by the first `ccurl_load` that
/// succeeds; read without the lock afterwards, by callers that saw that success (bgkit keeps it in a Swift
/// `static let`).
static ccurl_table curl;
static int loaded;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int ccurl_load(const char *name, char *why, size_t why_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(why, why_size, "%s", reason ? reason : "dlopen failed");
        return -1;
    }
    ccurl_table found = {
        .global_init = (CURLcode (*)(long)) dlsym(library, "curl_global_init"),
        .easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init"),
        .easy_cleanup = (void (*)(CURL *)) dlsym(library, "curl_easy_cleanup"),
        .easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...)) dlsym(library, "curl_easy_setopt"),
        .easy_perform = (CURLcode (*)(CURL *)) dlsym(library, "curl_easy_perform"),
        .easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...)) dlsym(library, "curl_easy_getinfo"),
        .easy_strerror = (const char *(*)(CURLcode)) dlsym(library, "curl_easy_strerror"),
        .slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append"),
        .slist_free_all = (void (*)(struct curl_slist *)) dlsym(library, "curl_slist_free_all"),
    };
    if (!found.global_init || !found.easy_init || !found.easy_cleanup || !found.easy_setopt || !found.easy_perform
        || !found.easy_getinfo || !found.easy_strerror || !found.slist_append || !found.slist_free_all) {
        snprintf(why, why_size, "%s lacks a function bgkit needs", name);
        dlclose(library);
        return -1;
    }
    pthread_mutex_lock(&lock);
    int first = !loaded;
    if (first) {
        curl = found;
        loaded = 1;
    }
    pthread_mutex_unlock(&lock);
    if (!first) dlclose(library);  // loaded before: the table keeps the first library's functions
    return 0;
}

CURLcode ccurl_global_init(long flags) { return curl.global_init(flags); }

CURL *ccurl_easy_init(void) { return curl.easy_init(); }

void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }

CURLcode ccurl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }

const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) { return curl.slist_append(list, line); }

void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback value) {
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

CURLcode ccurl_easy_setopt_seek_callback(CURL *handle, curl_seek_callback value) {
    return curl.easy_setopt(handle, CURLOPT_SEEKFUNCTION, value);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
