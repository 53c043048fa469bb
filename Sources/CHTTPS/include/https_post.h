#ifndef STOREFRONT_HTTPS_POST_H
#define STOREFRONT_HTTPS_POST_H

#include <stddef.h>

/// HTTPS for `--notify https://…` through the platform's libcurl (and so its TLS library and trusted
/// roots), loaded with dlopen the first time an https URL is given: a launch without one loads nothing,
/// and the build carries no TLS library of its own beyond swift-crypto's.

/// 1 when libcurl could be loaded; otherwise 0, with what is missing in `error`.
int storefront_https_available(char *error, size_t error_size);

/// POSTs `body` to `url` (https only: no other protocol, no redirect, no proxy), checking the server's
/// certificate and name against `ca_file`'s certificates, or the system's roots when it is NULL.
/// Returns 1 with the response's status code in `status`, or 0 with curl's reason in `error`.
/// Blocks for at most `timeout_ms`; safe to call from any one thread at a time per call.
int storefront_https_post(const char *url, const char *const *headers, size_t header_count,
                          const char *body, size_t body_length, const char *ca_file, long timeout_ms,
                          long *status, char *error, size_t error_size);

#endif
