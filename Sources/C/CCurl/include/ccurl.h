#ifndef BGKIT_CCURL_H
#define BGKIT_CCURL_H
#include <curl/curl.h>
#include <stddef.h>

// libcurl is loaded on the first transfer (dlopen), not linked: a program that never transfers starts
// without libcurl and the 30-odd libraries it needs (TLS, Kerberos, LDAP, SSH, IDN), and runs where libcurl
// is not installed at all. Only its header is needed to build. These functions call libcurl through the
// table that `ccurl_load` fills; each has the signature of the libcurl function it is named after, except
// that Swift cannot call the variadic curl_easy_setopt and curl_easy_getinfo, so their wrappers take one
// argument of each type libcurl takes (a long, a string, a curl_off_t, a pointer, a callback).

/// Loads the library `name` (libcurl.so.4) and fills the table; returns 0, or -1 with the reason in `why`.
/// The first call that succeeds fills the table; the others leave it as it was. The other functions may be
/// called only after it has returned 0.
int ccurl_load(const char *name, char *why, size_t why_size);

CURLcode ccurl_global_init(long flags);
CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
/// For CURLOPT_READFUNCTION, CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share this signature.
CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, curl_write_callback value);
CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback value);
/// For CURLOPT_SEEKFUNCTION: libcurl rewinds an upload's body through it to send it again after a redirect.
CURLcode ccurl_easy_setopt_seek_callback(CURL *handle, curl_seek_callback value);
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
#endif
