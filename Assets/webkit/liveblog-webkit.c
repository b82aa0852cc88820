/* liveblog's WebKit helper (SPEC X11, docs/engine.md "WebKit as the iOS web view").
 *
 * Embeds WebKitGTK 4.1 (GTK 3) in one window on a virtual X display it starts itself (Xvfb,
 * -displayfd), and speaks JSON lines: commands in on fd 3, replies and events out on fd 4 (fds 3
 * and 4 as Chromium's DevTools pipe, so liveblog spawns it with the same guarded spawn; stdout
 * and stderr are GTK's and WebKit's log). It ends when fd 3 closes (liveblog ended, however) and
 * its Xvfb ends with it (PR_SET_PDEATHSIG, and the same process group).
 *
 * Commands, one JSON object a line, each with a numeric "id" answered by {"id":N,"value":…} or
 * {"id":N,"error":"…"}:
 *   open     {url, width, height, userAgent, scripts: [source…], handlers: [name…], scheme?, scrollAnchoring?, scale?}
 *            (scripts are injected at document start in the main frame, before the page's own;
 *            `scheme`: a URI scheme this helper serves by asking liveblog, X13: each request is
 *            a `request` event, answered by `respond` whenever liveblog releases it)
 *            (`scrollAnchoring`: 1 or 0 sets WebKit's CSSScrollAnchoring feature, X12; the reply's
 *            `scrollAnchoring` is the value in force, -1 where this WebKitGTK has no such feature)
 *   evaluate {script}         the script's completion value as JSON (an exception: an error)
 *   call     {body}           an async function's body run in the page, its awaited value as JSON
 *   respond  {rid, status, type, body}   answers request `rid` (body in base64)
 *   resize   {width, height}
 *   snapshot {path, x, y, width, height, scale?, document?, source?, format?}   a rectangle of the
 *            window's picture (CSS px) written to `path`: `source` "snapshot" (default: WebKit's
 *            snapshot of the visible region, cropped) or "view" (drawn from the web view itself,
 *            only the rectangle); `document`: 1 for document coordinates (the page's scroll read
 *            first; a rectangle outside the window refused); `scale` pixels a CSS px (default: the
 *            device's); `format` "png" (default) or "raw" (cairo's ARGB32 rows); the value
 *            {width, height, stride, scrollY, busyMs} (busyMs: this loop's time on it; X14's tiles)
 *   click    {x, y}           a mouse click at view coordinates (WebKitGTK has no touch here)
 *   key      {key}            a key press and release (a GDK key name: "a", "Down", "Escape")
 *   wheel    {x, y, deltaY}   a smooth scroll event at view coordinates (deltaY in CSS px)
 *   quit
 * Events: {"ev":"ready","display":N,"webkit":"2.50.6"}, {"ev":"message","name":…,"body":JSON},
 *   {"ev":"load","event":"started|redirected|committed|finished","url":…},
 *   {"ev":"load-failed","url":…,"error":…}, {"ev":"dialog","type":…,"message":…},
 *   {"ev":"popup"}, {"ev":"download"}, {"ev":"crash","reason":…},
 *   {"ev":"progress","value":0…1} (estimated-load-progress, W1),
 *   {"ev":"request","rid":N,"uri":…} (the scheme's requests, in the order the page made them).
 *
 * Built by liveblog on first use:
 *   cc liveblog-webkit.c $(pkg-config --cflags --libs webkit2gtk-4.1 json-glib-1.0)
 * (json-glib, not a JSCContext of our own: one made in this process stops WebKit loading any page.)
 */
#define _GNU_SOURCE
#include <webkit2/webkit2.h>
#include <json-glib/json-glib.h>
#include <gdk/gdkx.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static GtkWidget *window;
static WebKitWebView *view;
static WebKitUserContentManager *content;
static WebKitWebContext *context;
static GString *input;
static int sandbox;
static int in_fd = 3, out_fd = 4;
/* X13: the scheme's requests waiting for liveblog's answer, by request id. */
static GHashTable *requests;
static long next_rid = 1;

/* MARK: output */

static void emit(const char *line) {
    size_t n = strlen(line);
    GString *s = g_string_new_len(line, (gssize)n);
    g_string_append_c(s, '\n');
    const char *p = s->str;
    size_t left = s->len;
    while (left > 0) {
        ssize_t w = write(out_fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(0); /* liveblog is gone */
        p += w;
        left -= (size_t)w;
    }
    g_string_free(s, TRUE);
}

static char *quote(const char *text) {
    GString *q = g_string_new("\"");
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p; p++) {
        if (*p == '"' || *p == '\\') g_string_append_printf(q, "\\%c", *p);
        else if (*p < 0x20) g_string_append_printf(q, "\\u%04x", *p);
        else g_string_append_c(q, (char)*p);
    }
    g_string_append_c(q, '"');
    return g_string_free(q, FALSE);
}

static void emitf(const char *format, ...) G_GNUC_PRINTF(1, 2);
static void emitf(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char *line = g_strdup_vprintf(format, ap);
    va_end(ap);
    emit(line);
    g_free(line);
}

static void reply_error(long id, const char *message) {
    char *q = quote(message);
    emitf("{\"id\":%ld,\"error\":%s}", id, q);
    g_free(q);
}

static void reply_value(long id, const char *value_json) {
    emitf("{\"id\":%ld,\"value\":%s}", id, value_json && *value_json ? value_json : "null");
}

/* MARK: reading a command's fields */

static char *string_field(JsonObject *o, const char *name) {
    JsonNode *n = json_object_get_member(o, name);
    return n && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_STRING
        ? g_strdup(json_node_get_string(n)) : NULL;
}

static double number_field(JsonObject *o, const char *name, double fallback) {
    JsonNode *n = json_object_get_member(o, name);
    if (!n || !JSON_NODE_HOLDS_VALUE(n)) return fallback;
    GType t = json_node_get_value_type(n);
    return t == G_TYPE_INT64 ? (double)json_node_get_int(n) : t == G_TYPE_DOUBLE ? json_node_get_double(n) : fallback;
}

/* Each string of the array `name`, given to `each`. */
static void strings_field(JsonObject *o, const char *name, void (*each)(const char *)) {
    JsonNode *n = json_object_get_member(o, name);
    if (!n || !JSON_NODE_HOLDS_ARRAY(n)) return;
    JsonArray *a = json_node_get_array(n);
    for (guint i = 0; i < json_array_get_length(a); i++) {
        JsonNode *e = json_array_get_element(a, i);
        if (JSON_NODE_HOLDS_VALUE(e) && json_node_get_value_type(e) == G_TYPE_STRING) each(json_node_get_string(e));
    }
}

/* MARK: the page's signals */

static void on_message(WebKitUserContentManager *m, WebKitJavascriptResult *r, gpointer name) {
    (void)m;
    JSCValue *v = webkit_javascript_result_get_js_value(r);
    char *body = jsc_value_is_undefined(v) ? g_strdup("null") : jsc_value_to_json(v, 0);
    char *q = quote(name);
    emitf("{\"ev\":\"message\",\"name\":%s,\"body\":%s}", q, body ? body : "null");
    g_free(q);
    g_free(body);
}

static void add_handler(const char *name) {
    char *signal = g_strconcat("script-message-received::", name, NULL);
    g_signal_connect(content, signal, G_CALLBACK(on_message), g_strdup(name));
    g_free(signal);
    webkit_user_content_manager_register_script_message_handler(content, name);
}

static void add_script(const char *source) {
    WebKitUserScript *s = webkit_user_script_new(source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
                                                 WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, NULL, NULL);
    webkit_user_content_manager_add_script(content, s);
    webkit_user_script_unref(s);
}

static void on_load(WebKitWebView *v, WebKitLoadEvent e, gpointer data) {
    (void)data;
    static const char *names[] = {"started", "redirected", "committed", "finished"};
    char *q = quote(webkit_web_view_get_uri(v));
    emitf("{\"ev\":\"load\",\"event\":\"%s\",\"url\":%s}", names[e], q);
    g_free(q);
}

/* W1: WebKit's own estimate of the main frame's load (WKWebView's `estimatedProgress`). */
static void on_progress(GObject *o, GParamSpec *p, gpointer data) {
    (void)p; (void)data;
    emitf("{\"ev\":\"progress\",\"value\":%.4f}", webkit_web_view_get_estimated_load_progress(WEBKIT_WEB_VIEW(o)));
}

static gboolean on_load_failed(WebKitWebView *v, WebKitLoadEvent e, gchar *uri, GError *error, gpointer data) {
    (void)v; (void)e; (void)data;
    char *u = quote(uri), *m = quote(error ? error->message : "failed");
    emitf("{\"ev\":\"load-failed\",\"url\":%s,\"error\":%s}", u, m);
    g_free(u);
    g_free(m);
    return TRUE; /* no error page */
}

/* S5: a web view without a UI delegate: alert returns, confirm is false, prompt null,
 * beforeunload goes ahead. */
static gboolean on_dialog(WebKitWebView *v, WebKitScriptDialog *d, gpointer data) {
    (void)v; (void)data;
    static const char *types[] = {"alert", "confirm", "prompt", "beforeunload"};
    WebKitScriptDialogType t = webkit_script_dialog_get_dialog_type(d);
    if (t == WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM) webkit_script_dialog_confirm_set_confirmed(d, TRUE);
    else if (t == WEBKIT_SCRIPT_DIALOG_CONFIRM) webkit_script_dialog_confirm_set_confirmed(d, FALSE);
    char *m = quote(webkit_script_dialog_get_message(d));
    emitf("{\"ev\":\"dialog\",\"type\":\"%s\",\"message\":%s}", t <= 3 ? types[t] : "other", m);
    g_free(m);
    return TRUE;
}

static GtkWidget *on_create(WebKitWebView *v, WebKitNavigationAction *a, gpointer data) {
    (void)v; (void)a; (void)data;
    emit("{\"ev\":\"popup\"}");
    return NULL; /* no new window */
}

static void on_download(WebKitWebContext *c, WebKitDownload *d, gpointer data) {
    (void)c; (void)data;
    webkit_download_cancel(d);
    emit("{\"ev\":\"download\"}");
}

static gboolean on_policy(WebKitWebView *v, WebKitPolicyDecision *d, WebKitPolicyDecisionType t, gpointer data) {
    (void)v; (void)data;
    if (t == WEBKIT_POLICY_DECISION_TYPE_RESPONSE
        && !webkit_response_policy_decision_is_mime_type_supported(WEBKIT_RESPONSE_POLICY_DECISION(d))) {
        webkit_policy_decision_ignore(d); /* no download */
        emit("{\"ev\":\"download\"}");
        return TRUE;
    }
    if (t == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION) {
        webkit_policy_decision_ignore(d);
        emit("{\"ev\":\"popup\"}");
        return TRUE;
    }
    return FALSE;
}

static void on_crash(WebKitWebView *v, WebKitWebProcessTerminationReason r, gpointer data) {
    (void)v; (void)data;
    const char *why = r == WEBKIT_WEB_PROCESS_CRASHED ? "crashed"
        : r == WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT ? "exceeded its memory limit" : "was terminated";
    emitf("{\"ev\":\"crash\",\"reason\":\"the page's web process %s\"}", why);
}

/* MARK: the scheme liveblog serves (X13) */

/* A request of the page: held here (it takes none of WebKit's connections) until liveblog
 * answers it with `respond`, at the tick its network profile releases it. */
static void on_scheme_request(WebKitURISchemeRequest *r, gpointer data) {
    (void)data;
    long rid = next_rid++;
    g_hash_table_insert(requests, GINT_TO_POINTER(rid), g_object_ref(r));
    char *q = quote(webkit_uri_scheme_request_get_uri(r));
    emitf("{\"ev\":\"request\",\"rid\":%ld,\"uri\":%s}", rid, q);
    g_free(q);
}

static void add_scheme(const char *scheme) {
    webkit_web_context_register_uri_scheme(context, scheme, on_scheme_request, NULL, NULL);
    WebKitSecurityManager *m = webkit_web_context_get_security_manager(context);
    /* As 127.0.0.1 is to Chromium: a secure context, its fetches allowed. */
    webkit_security_manager_register_uri_scheme_as_secure(m, scheme);
    webkit_security_manager_register_uri_scheme_as_cors_enabled(m, scheme);
}

static void cmd_respond(long id, JsonObject *c) {
    long rid = (long)number_field(c, "rid", 0);
    WebKitURISchemeRequest *r = g_hash_table_lookup(requests, GINT_TO_POINTER(rid));
    if (!r) return reply_error(id, "no such request");
    char *type = string_field(c, "type"), *body = string_field(c, "body");
    gsize n = 0;
    guchar *bytes = body ? g_base64_decode(body, &n) : g_malloc0(1);
    GInputStream *in = g_memory_input_stream_new_from_data(bytes, (gssize)n, g_free);
    WebKitURISchemeResponse *res = webkit_uri_scheme_response_new(in, (gint64)n);
    int status = (int)number_field(c, "status", 200);
    webkit_uri_scheme_response_set_status(res, (guint)status, status == 200 ? "OK" : status == 404 ? "Not Found" : NULL);
    webkit_uri_scheme_response_set_content_type(res, type ? type : "application/octet-stream");
    SoupMessageHeaders *h = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE);
    soup_message_headers_append(h, "Cache-Control", "no-store");
    webkit_uri_scheme_response_set_http_headers(res, h);
    webkit_uri_scheme_request_finish_with_response(r, res);
    g_object_unref(res);
    g_object_unref(in);
    g_hash_table_remove(requests, GINT_TO_POINTER(rid));
    g_free(type);
    g_free(body);
    reply_value(id, "true");
}

/* MARK: commands */

/* CSS scroll anchoring (`overflow-anchor`): WebKit's CSSScrollAnchoring feature, set to what
 * `open` asks (iOS 26 and earlier: off; WebKitGTK 2.50 ships it off, "testable"). The value in
 * force, or -1 where this WebKitGTK has no such feature. */
static int set_scroll_anchoring(WebKitSettings *s, int on) {
#if WEBKIT_CHECK_VERSION(2, 42, 0)
    WebKitFeatureList *all = webkit_settings_get_all_features();
    int found = -1;
    for (gsize i = 0; i < webkit_feature_list_get_length(all); i++) {
        WebKitFeature *f = webkit_feature_list_get(all, i);
        if (g_strcmp0(webkit_feature_get_identifier(f), "CSSScrollAnchoring") != 0) continue;
        if (on >= 0) webkit_settings_set_feature_enabled(s, f, on ? TRUE : FALSE);
        found = webkit_settings_get_feature_enabled(s, f) ? 1 : 0;
    }
    webkit_feature_list_unref(all);
    return found;
#else
    (void)s; (void)on;
    return -1;
#endif
}

static int scroll_anchoring = -1;

static void make_view(int width, int height, const char *ua, int anchoring, int scale) {
    /* X12: the device's density as the page's devicePixelRatio (GTK 3's integer window scale). */
    GdkDisplay *display = gdk_display_get_default();
    if (scale > 1 && GDK_IS_X11_DISPLAY(display)) gdk_x11_display_set_window_scale(display, scale);
    WebKitSettings *s = webkit_settings_new();
    webkit_settings_set_hardware_acceleration_policy(s, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER);
    webkit_settings_set_javascript_can_open_windows_automatically(s, FALSE);
    webkit_settings_set_enable_developer_extras(s, FALSE);
    webkit_settings_set_enable_page_cache(s, FALSE);
    webkit_settings_set_enable_smooth_scrolling(s, FALSE);
    if (ua && *ua) webkit_settings_set_user_agent(s, ua);
    scroll_anchoring = set_scroll_anchoring(s, anchoring);
    view = WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "web-context", context, "settings", s,
                                        "user-content-manager", content, NULL));
    g_object_unref(s);
    g_signal_connect(view, "load-changed", G_CALLBACK(on_load), NULL);
    g_signal_connect(view, "load-failed", G_CALLBACK(on_load_failed), NULL);
    g_signal_connect(view, "notify::estimated-load-progress", G_CALLBACK(on_progress), NULL);
    g_signal_connect(view, "script-dialog", G_CALLBACK(on_dialog), NULL);
    g_signal_connect(view, "create", G_CALLBACK(on_create), NULL);
    g_signal_connect(view, "decide-policy", G_CALLBACK(on_policy), NULL);
    g_signal_connect(view, "web-process-terminated", G_CALLBACK(on_crash), NULL);
    window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    gtk_widget_set_size_request(GTK_WIDGET(view), width, height);
    gtk_container_add(GTK_CONTAINER(window), GTK_WIDGET(view));
    gtk_widget_show_all(window);
    gtk_window_move(GTK_WINDOW(window), 0, 0);
}

static void cmd_open(long id, JsonObject *c) {
    if (view) return reply_error(id, "a page is open already");
    char *url = string_field(c, "url"), *ua = string_field(c, "userAgent");
    strings_field(c, "handlers", add_handler);
    strings_field(c, "scripts", add_script);
    char *scheme = string_field(c, "scheme");
    if (scheme) add_scheme(scheme);
    g_free(scheme);
    make_view((int)number_field(c, "width", 390), (int)number_field(c, "height", 844), ua,
              (int)number_field(c, "scrollAnchoring", -1), (int)number_field(c, "scale", 1));
    webkit_web_view_load_uri(view, url ? url : "about:blank");
    char *agent = quote(webkit_settings_get_user_agent(webkit_web_view_get_settings(view)));
    emitf("{\"id\":%ld,\"value\":{\"userAgent\":%s,\"scrollAnchoring\":%d}}", id, agent, scroll_anchoring);
    g_free(agent);
    g_free(url);
    g_free(ua);
}

/* A script's or a function's result as the reply to `id` (its JSON, or the error). */
static void reply_result(long id, JSCValue *v, GError *error, const char *failed) {
    if (!v) {
        reply_error(id, error ? error->message : failed);
        if (error) g_error_free(error);
        return;
    }
    char *text = jsc_value_is_undefined(v) ? NULL : jsc_value_to_json(v, 0);
    reply_value(id, text);
    g_free(text);
    g_object_unref(v);
}

static void evaluated(GObject *o, GAsyncResult *r, gpointer data) {
    GError *error = NULL;
    JSCValue *v = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(o), r, &error);
    reply_result((long)(intptr_t)data, v, error, "the script failed");
}

static void cmd_evaluate(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    char *script = string_field(c, "script");
    webkit_web_view_evaluate_javascript(view, script ? script : "undefined", -1, NULL, NULL, NULL, evaluated,
                                        (gpointer)(intptr_t)id);
    g_free(script);
}

static void called(GObject *o, GAsyncResult *r, gpointer data) {
    GError *error = NULL;
    JSCValue *v = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(o), r, &error);
    reply_result((long)(intptr_t)data, v, error, "the function failed");
}

/* An async function's body: its awaited value (X13's frames wait for the page's own frame). */
static void cmd_call(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    char *body = string_field(c, "body");
    webkit_web_view_call_async_javascript_function(view, body ? body : "return null", -1, NULL, NULL, NULL, NULL,
                                                   called, (gpointer)(intptr_t)id);
    g_free(body);
}

static void cmd_resize(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    int w = (int)number_field(c, "width", 390), h = (int)number_field(c, "height", 844);
    gtk_widget_set_size_request(GTK_WIDGET(view), w, h);
    gtk_window_resize(GTK_WINDOW(window), w, h);
    reply_value(id, "true");
}

struct crop { long id; double x, y, w, h, scale, scroll; int document, view, raw; char *path; gint64 began; };

static void free_crop(struct crop *c) {
    g_free(c->path);
    g_free(c);
}

/* The cropped picture written (PNG, or `raw`: cairo's ARGB32 rows, premultiplied, native-endian)
 * and answered with its size. */
static void write_crop(struct crop *c, cairo_surface_t *out) {
    cairo_surface_flush(out);
    int pw = cairo_image_surface_get_width(out), ph = cairo_image_surface_get_height(out);
    int stride = cairo_image_surface_get_stride(out);
    gboolean ok;
    if (c->raw) {
        ok = g_file_set_contents(c->path, (const char *)cairo_image_surface_get_data(out), (gssize)stride * ph, NULL);
    } else {
        ok = cairo_surface_write_to_png(out, c->path) == CAIRO_STATUS_SUCCESS;
    }
    if (ok) {
        /* busyMs: the main loop's time on it (the drawing or the snapshot's crop, and the file). */
        emitf("{\"id\":%ld,\"value\":{\"width\":%d,\"height\":%d,\"stride\":%d,\"scrollY\":%g,\"busyMs\":%.1f}}",
              c->id, pw, ph, stride, c->scroll, (g_get_monotonic_time() - c->began) / 1000.0);
    } else {
        reply_error(c->id, "cannot write the picture");
    }
}

/* A surface of the rectangle at `k` pixels a CSS px, white (the view's background) under what is drawn. */
static cairo_t *crop_context(double w, double h, double k, cairo_surface_t **out) {
    int pw = MAX(1, (int)(w * k + 0.5)), ph = MAX(1, (int)(h * k + 0.5));
    *out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
    cairo_t *cr = cairo_create(*out);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, k, k);
    return cr;
}

static void snapped(GObject *o, GAsyncResult *r, gpointer data) {
    struct crop *c = data;
    GError *error = NULL;
    cairo_surface_t *s = webkit_web_view_get_snapshot_finish(WEBKIT_WEB_VIEW(o), r, &error);
    if (!s) {
        reply_error(c->id, error ? error->message : "no snapshot");
        if (error) g_error_free(error);
        return free_crop(c);
    }
    c->began = g_get_monotonic_time(); /* the rendering was the web process's; the crop is ours */
    /* get_snapshot takes no rectangle: the visible region, cropped here in CSS px. WebKitGTK 2.50
     * renders it at the window scale without setting the surface's device scale, so its pixels a
     * CSS px are its width over the view's. */
    int iw = cairo_image_surface_get_width(s), ih = cairo_image_surface_get_height(s);
    int vw = gtk_widget_get_allocated_width(GTK_WIDGET(view));
    double dsx = 1, dsy = 1;
    cairo_surface_get_device_scale(s, &dsx, &dsy);
    double d = dsx > 1 ? dsx : vw > 0 ? (double)iw / vw : 1;
    cairo_surface_set_device_scale(s, d, d);
    double sw = iw / d, sh = ih / d;
    double y0 = c->y - (c->document ? c->scroll : 0);
    double x = CLAMP(c->x, 0, sw), y = CLAMP(y0, 0, sh);
    double w = c->w > 0 ? MIN(c->w, sw - x) : sw - x, h = c->h > 0 ? MIN(c->h, sh - y) : sh - y;
    if (c->document && (y0 < -0.5 || y0 + c->h > sh + 0.5)) {
        reply_error(c->id, "the rectangle is outside the window");
    } else {
        cairo_surface_t *out;
        cairo_t *cr = crop_context(w, h, c->scale > 0 ? c->scale : d, &out);
        cairo_set_source_surface(cr, s, -x, -y);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
        cairo_paint(cr);
        cairo_destroy(cr);
        write_crop(c, out);
        cairo_surface_destroy(out);
    }
    cairo_surface_destroy(s);
    free_crop(c);
}

/* `view`: the rectangle drawn from the web view itself (what it shows: the page's last painted
 * frame, kept whole by the view), clipped to the rectangle; no new rendering of the window. */
static void draw_view(struct crop *c) {
    double y0 = c->y - (c->document ? c->scroll : 0);
    int vw = gtk_widget_get_allocated_width(GTK_WIDGET(view)), vh = gtk_widget_get_allocated_height(GTK_WIDGET(view));
    double x = CLAMP(c->x, 0, vw), y = CLAMP(y0, 0, vh);
    double w = c->w > 0 ? MIN(c->w, vw - x) : vw - x, h = c->h > 0 ? MIN(c->h, vh - y) : vh - y;
    if (c->document && (y0 < -0.5 || y0 + c->h > vh + 0.5)) {
        reply_error(c->id, "the rectangle is outside the window");
    } else {
        cairo_surface_t *out;
        cairo_t *cr = crop_context(w, h, c->scale > 0 ? c->scale : gtk_widget_get_scale_factor(GTK_WIDGET(view)), &out);
        cairo_translate(cr, -x, -y);
        cairo_rectangle(cr, x, y, w, h);
        cairo_clip(cr);
        gtk_widget_draw(GTK_WIDGET(view), cr);
        cairo_destroy(cr);
        write_crop(c, out);
        cairo_surface_destroy(out);
    }
    free_crop(c);
}

static void capture(struct crop *c) {
    c->began = g_get_monotonic_time();
    if (c->view) return draw_view(c);
    webkit_web_view_get_snapshot(view, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, NULL,
                                 snapped, c);
}

/* A document rectangle: the page's scroll read first (the window shows the document from it). */
static void scrolled(GObject *o, GAsyncResult *r, gpointer data) {
    struct crop *c = data;
    GError *error = NULL;
    JSCValue *v = webkit_web_view_evaluate_javascript_finish(WEBKIT_WEB_VIEW(o), r, &error);
    if (!v) {
        reply_error(c->id, error ? error->message : "no scroll position");
        if (error) g_error_free(error);
        return free_crop(c);
    }
    c->scroll = jsc_value_to_double(v);
    g_object_unref(v);
    capture(c);
}

static void cmd_snapshot(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    struct crop *k = g_new0(struct crop, 1);
    k->id = id;
    k->path = string_field(c, "path");
    if (!k->path) {
        g_free(k);
        return reply_error(id, "snapshot needs a path");
    }
    k->x = number_field(c, "x", 0);
    k->y = number_field(c, "y", 0);
    k->w = number_field(c, "width", 0);
    k->h = number_field(c, "height", 0);
    k->scale = number_field(c, "scale", 0);
    k->document = number_field(c, "document", 0) != 0;
    char *source = string_field(c, "source"), *format = string_field(c, "format");
    k->view = source && !strcmp(source, "view");
    k->raw = format && !strcmp(format, "raw");
    g_free(source);
    g_free(format);
    if (k->document)
        webkit_web_view_evaluate_javascript(view, "window.scrollY", -1, NULL, NULL, NULL, scrolled, k);
    else
        capture(k);
}

static void cmd_click(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    GdkWindow *w = gtk_widget_get_window(GTK_WIDGET(view));
    GdkSeat *seat = gdk_display_get_default_seat(gdk_window_get_display(w));
    double x = number_field(c, "x", 0), y = number_field(c, "y", 0);
    for (int i = 0; i < 2; i++) {
        GdkEvent *e = gdk_event_new(i == 0 ? GDK_BUTTON_PRESS : GDK_BUTTON_RELEASE);
        e->button.window = g_object_ref(w);
        e->button.x = x;
        e->button.y = y;
        e->button.button = 1;
        e->button.time = GDK_CURRENT_TIME;
        gdk_event_set_device(e, gdk_seat_get_pointer(seat));
        gtk_main_do_event(e);
        gdk_event_free(e);
    }
    reply_value(id, "true");
}

static void cmd_wheel(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    GdkWindow *w = gtk_widget_get_window(GTK_WIDGET(view));
    GdkSeat *seat = gdk_display_get_default_seat(gdk_window_get_display(w));
    GdkEvent *e = gdk_event_new(GDK_SCROLL);
    e->scroll.window = g_object_ref(w);
    e->scroll.x = number_field(c, "x", 0);
    e->scroll.y = number_field(c, "y", 0);
    e->scroll.direction = GDK_SCROLL_SMOOTH;
    e->scroll.delta_x = 0;
    /* GTK's smooth deltas are in steps of about 50 px (WebKitGTK's scroll step). */
    e->scroll.delta_y = number_field(c, "deltaY", 0) / 50.0;
    e->scroll.time = GDK_CURRENT_TIME;
    gdk_event_set_device(e, gdk_seat_get_pointer(seat));
    gtk_main_do_event(e);
    gdk_event_free(e);
    reply_value(id, "true");
}

static void cmd_key(long id, JsonObject *c) {
    if (!view) return reply_error(id, "no page is open");
    char *name = string_field(c, "key");
    guint keyval = name ? gdk_keyval_from_name(name) : GDK_KEY_VoidSymbol;
    if (keyval == GDK_KEY_VoidSymbol && name && g_utf8_strlen(name, -1) == 1)
        keyval = gdk_unicode_to_keyval(g_utf8_get_char(name));
    g_free(name);
    GdkWindow *w = gtk_widget_get_window(GTK_WIDGET(view));
    GdkSeat *seat = gdk_display_get_default_seat(gdk_window_get_display(w));
    gtk_widget_grab_focus(GTK_WIDGET(view));
    for (int i = 0; i < 2; i++) {
        GdkEvent *e = gdk_event_new(i == 0 ? GDK_KEY_PRESS : GDK_KEY_RELEASE);
        e->key.window = g_object_ref(w);
        e->key.keyval = keyval;
        e->key.time = GDK_CURRENT_TIME;
        GdkKeymapKey *keys = NULL;
        gint n = 0;
        if (gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(gdk_window_get_display(w)), keyval,
                                              &keys, &n) && n > 0)
            e->key.hardware_keycode = (guint16)keys[0].keycode;
        g_free(keys);
        gdk_event_set_device(e, gdk_seat_get_keyboard(seat));
        gtk_main_do_event(e);
        gdk_event_free(e);
    }
    reply_value(id, "true");
}

static void command(const char *line) {
    JsonParser *parser = json_parser_new();
    JsonNode *root = json_parser_load_from_data(parser, line, -1, NULL) ? json_parser_get_root(parser) : NULL;
    if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
        emit("{\"ev\":\"error\",\"message\":\"a command that is not a JSON object\"}");
        g_object_unref(parser);
        return;
    }
    JsonObject *c = json_node_get_object(root);
    long id = (long)number_field(c, "id", 0);
    char *cmd = string_field(c, "cmd");
    if (!cmd) reply_error(id, "no cmd");
    else if (!strcmp(cmd, "open")) cmd_open(id, c);
    else if (!strcmp(cmd, "evaluate")) cmd_evaluate(id, c);
    else if (!strcmp(cmd, "call")) cmd_call(id, c);
    else if (!strcmp(cmd, "respond")) cmd_respond(id, c);
    else if (!strcmp(cmd, "resize")) cmd_resize(id, c);
    else if (!strcmp(cmd, "snapshot")) cmd_snapshot(id, c);
    else if (!strcmp(cmd, "click")) cmd_click(id, c);
    else if (!strcmp(cmd, "key")) cmd_key(id, c);
    else if (!strcmp(cmd, "wheel")) cmd_wheel(id, c);
    else if (!strcmp(cmd, "quit")) {
        reply_value(id, "true");
        _exit(0);
    } else reply_error(id, "unknown cmd");
    g_free(cmd);
    g_object_unref(parser);
}

static gboolean on_input(GIOChannel *ch, GIOCondition cond, gpointer data) {
    (void)ch; (void)data;
    char buf[65536];
    ssize_t n = read(in_fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return TRUE;
    if (n <= 0 || (cond & (G_IO_HUP | G_IO_ERR) && n <= 0)) _exit(0); /* liveblog ended */
    g_string_append_len(input, buf, n);
    char *nl;
    while ((nl = memchr(input->str, '\n', input->len))) {
        *nl = 0;
        if (nl > input->str) command(input->str);
        g_string_erase(input, 0, nl - input->str + 1);
    }
    return TRUE;
}

/* MARK: the virtual display */

/* Starts Xvfb on a free display (-displayfd) as our child, in our process group, killed when we
 * end (PR_SET_PDEATHSIG); returns the display number or -1. */
static int start_xvfb(const char *xvfb, const char *screen) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() == 1) _exit(1);
        close(fds[0]);
        if (fds[1] != 5) { dup2(fds[1], 5); close(fds[1]); }
        execlp(xvfb, xvfb, "-displayfd", "5", "-screen", "0", screen, "-nolisten", "tcp",
              "-noreset", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char buf[32] = {0};
    size_t got = 0;
    while (got < sizeof buf - 1) {
        ssize_t n = read(fds[0], buf + got, sizeof buf - 1 - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
        if (memchr(buf, '\n', got)) break;
    }
    close(fds[0]);
    return got > 0 ? atoi(buf) : -1;
}

int main(int argc, char **argv) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    const char *xvfb = "Xvfb";
    /* X12: the screen is the device's, in device pixels (its width and height times the window
     * scale `open` sets), so the page's screen.width/height are the device's CSS size, as on a
     * phone (on a 1280x1024 screen at scale 3 an iPhone read screen.width 426). */
    char screen[64] = "1280x1024x24";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--xvfb") && i + 1 < argc) xvfb = argv[++i];
        else if (!strcmp(argv[i], "--screen") && i + 1 < argc) {
            int w = 0, h = 0;
            if (sscanf(argv[++i], "%dx%d", &w, &h) == 2 && w > 0 && h > 0 && w <= 16384 && h <= 16384)
                snprintf(screen, sizeof screen, "%dx%dx24", w, h);
        }
        else if (!strcmp(argv[i], "--sandbox")) sandbox = 1;
    }
    signal(SIGPIPE, SIG_IGN);
    /* Our pipe moves out of the way, close-on-exec: WebKit's own processes must not hold it (they
     * would keep it open after we end), and its IPC sockets take low numbers. */
    in_fd = fcntl(3, F_DUPFD_CLOEXEC, 10);
    out_fd = fcntl(4, F_DUPFD_CLOEXEC, 10);
    if (in_fd < 0 || out_fd < 0) return 1;
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    dup2(devnull, 3);
    dup2(devnull, 4);
    int display = start_xvfb(xvfb, screen);
    if (display < 0) {
        fprintf(stderr, "liveblog-webkit: %s did not start (no display)\n", xvfb);
        emit("{\"ev\":\"error\",\"message\":\"Xvfb did not start\"}");
        return 1;
    }
    char d[32];
    snprintf(d, sizeof d, ":%d", display);
    setenv("DISPLAY", d, 1);
    unsetenv("WAYLAND_DISPLAY");
    if (!gtk_init_check(&argc, &argv)) {
        emit("{\"ev\":\"error\",\"message\":\"GTK could not open the virtual display\"}");
        return 1;
    }
    input = g_string_new(NULL);
    requests = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_object_unref);
    context = webkit_web_context_new_ephemeral();
    webkit_web_context_set_cache_model(context, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER);
    if (sandbox) webkit_web_context_set_sandbox_enabled(context, TRUE);
    g_signal_connect(context, "download-started", G_CALLBACK(on_download), NULL);
    content = webkit_user_content_manager_new();
    GIOChannel *ch = g_io_channel_unix_new(in_fd);
    g_io_add_watch(ch, G_IO_IN | G_IO_HUP | G_IO_ERR, on_input, NULL);
    emitf("{\"ev\":\"ready\",\"display\":%d,\"webkit\":\"%u.%u.%u\"}", display, webkit_get_major_version(),
          webkit_get_minor_version(), webkit_get_micro_version());
    gtk_main();
    return 0;
}
