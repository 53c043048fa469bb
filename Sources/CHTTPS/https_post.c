#include "https_post.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libcurl's ABI, as curl/curl.h (7.x and 8.x) declares it: the headers are not needed to build, since
// the library is loaded at run time. Option numbers are a type base plus an index and never change.
enum {
    OPT_LONG = 0,
    OPT_POINT = 10000,
    OPT_FUNCTION = 20000,
    CURLOPT_URL = OPT_POINT + 2,
    CURLOPT_PROXY = OPT_POINT + 4,
    CURLOPT_ERRORBUFFER = OPT_POINT + 10,
    CURLOPT_WRITEFUNCTION = OPT_FUNCTION + 11,
    CURLOPT_POSTFIELDS = OPT_POINT + 15,
    CURLOPT_HTTPHEADER = OPT_POINT + 23,
    CURLOPT_POST = OPT_LONG + 47,
    CURLOPT_POSTFIELDSIZE = OPT_LONG + 60,
    CURLOPT_SSL_VERIFYPEER = OPT_LONG + 64,
    CURLOPT_CAINFO = OPT_POINT + 65,
    CURLOPT_SSL_VERIFYHOST = OPT_LONG + 81,
    CURLOPT_NOSIGNAL = OPT_LONG + 99,
    CURLOPT_TIMEOUT_MS = OPT_LONG + 155,
    CURLOPT_CONNECTTIMEOUT_MS = OPT_LONG + 156,
    CURLOPT_PROTOCOLS = OPT_LONG + 181,
    CURLPROTO_HTTPS = 1 << 1,
    CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    CURL_GLOBAL_ALL = 3,
    CURL_ERROR_SIZE = 256,
};

struct curl_slist;
static struct {
    void *library;
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    char failure[256];
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    // The OpenSSL build first (Debian's libcurl4), then the GnuTLS one.
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    for (size_t i = 0; i < sizeof names / sizeof *names && !curl.library; i++)
        curl.library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!curl.library) {
        snprintf(curl.failure, sizeof curl.failure,
                 "https:// needs libcurl, which is not installed (Debian and Ubuntu: apt-get install libcurl4)");
        return;
    }
#define FIND(field, symbol)                                                                              \
    if (!(*(void **)&curl.field = dlsym(curl.library, symbol))) {                                       \
        snprintf(curl.failure, sizeof curl.failure, "the installed libcurl has no %s", symbol);          \
        return;                                                                                          \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    if (curl.global_init(CURL_GLOBAL_ALL) != 0)
        snprintf(curl.failure, sizeof curl.failure, "libcurl could not be initialized");
}

static void copy(char *to, size_t size, const char *text) {
    if (size == 0) return;
    snprintf(to, size, "%s", text);
}

int storefront_https_available(char *error, size_t error_size) {
    pthread_once(&loaded, load);
    if (curl.failure[0]) {
        copy(error, error_size, curl.failure);
        return 0;
    }
    return 1;
}

// The response's body is not wanted (curl would write it to standard output).
static size_t discard(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

int storefront_https_post(const char *url, const char *const *headers, size_t header_count,
                          const char *body, size_t body_length, const char *ca_file, long timeout_ms,
                          long *status, char *error, size_t error_size) {
    if (!storefront_https_available(error, error_size)) return 0;
    void *handle = curl.easy_init();
    if (!handle) {
        copy(error, error_size, "libcurl could not make a request");
        return 0;
    }
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    char reason[CURL_ERROR_SIZE] = "";
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, reason);
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)CURLPROTO_HTTPS);
    curl.easy_setopt(handle, CURLOPT_PROXY, "");  // straight to the server, whatever https_proxy says
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L);
    curl.easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);
    if (ca_file) curl.easy_setopt(handle, CURLOPT_CAINFO, ca_file);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_POST, 1L);
    curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE, (long)body_length);
    curl.easy_setopt(handle, CURLOPT_POSTFIELDS, body);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, discard);
    int result = curl.easy_perform(handle);
    int answered = result == 0;
    if (answered) {
        *status = 0;
        curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, status);
    } else {
        copy(error, error_size, reason[0] ? reason : curl.easy_strerror(result));
    }
    curl.easy_cleanup(handle);
    curl.slist_free_all(list);
    return answered;
}
