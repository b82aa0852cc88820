#ifndef LIVEBLOG_CCURL_SHIM_H
#define LIVEBLOG_CCURL_SHIM_H
/* libcurl (Debian's libcurl4-openssl-dev) for the fetcher (R1, R6, issue 31): curl_easy_setopt
   and curl_easy_getinfo are variadic, which Swift cannot call, so each use has a typed wrapper. */
#include <curl/curl.h>

typedef size_t (*lb_curl_data_callback)(char *data, size_t size, size_t count, void *user);

static inline CURLcode lb_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode lb_curl_set_string(CURL *h, CURLoption o, const char *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode lb_curl_set_pointer(CURL *h, CURLoption o, void *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode lb_curl_set_callback(CURL *h, CURLoption o, lb_curl_data_callback f) {
    return curl_easy_setopt(h, o, f);
}
static inline CURLcode lb_curl_set_list(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl_easy_setopt(h, o, v);
}
static inline long lb_curl_info_long(CURL *h, CURLINFO i) {
    long v = 0;
    return curl_easy_getinfo(h, i, &v) == CURLE_OK ? v : 0;
}
static inline void *lb_curl_info_private(CURL *h) {
    char *v = 0;
    return curl_easy_getinfo(h, CURLINFO_PRIVATE, &v) == CURLE_OK ? (void *)v : 0;
}
static inline CURLcode lb_curl_msg_result(const CURLMsg *m) { return m->data.result; }
static inline int lb_curl_msg_is_done(const CURLMsg *m) { return m->msg == CURLMSG_DONE; }
#endif
