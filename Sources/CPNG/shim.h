#ifndef LIVEBLOG_CPNG_SHIM_H
#define LIVEBLOG_CPNG_SHIM_H
#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

static const int LB_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int LB_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

/* Result codes of lb_png_read_rgba. */
static const int LB_PNG_OK = 0;        /* decoded */
static const int LB_PNG_MISSING = 1;   /* cannot open the file */
static const int LB_PNG_NOT_PNG = 2;   /* no PNG signature */
static const int LB_PNG_CORRUPT = 3;   /* libpng reported an error */
static const int LB_PNG_TOO_LARGE = 4; /* header claims more than max_pixels */
static const int LB_PNG_NO_MEMORY = 5;

/* Decode a PNG file into a malloc'd RGBA8 buffer (rows top to bottom, no padding)
   with libpng's simplified API: no setjmp, errors come back in image.message.
   The header is read first; images claiming more than max_pixels are refused
   before the pixel buffer is allocated. On success *out must be free()d.
   msg (msg_len bytes) receives a message on failure. */
static inline int lb_png_read_rgba(const char *path, unsigned long long max_pixels,
                                   unsigned char **out, unsigned int *width, unsigned int *height,
                                   char *msg, size_t msg_len) {
    *out = 0; *width = 0; *height = 0;
    if (msg_len > 0) msg[0] = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (msg_len > 0) snprintf(msg, msg_len, "%s", strerror(errno));
        return LB_PNG_MISSING;
    }
    unsigned char sig[8];
    size_t n = fread(sig, 1, 8, f);
    fclose(f);
    if (n != 8 || png_sig_cmp(sig, 0, 8) != 0) {
        if (msg_len > 0) snprintf(msg, msg_len, "not a PNG file");
        return LB_PNG_NOT_PNG;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        if (msg_len > 0) snprintf(msg, msg_len, "%s", image.message);
        png_image_free(&image);
        return LB_PNG_CORRUPT;
    }
    unsigned long long pixels = (unsigned long long)image.width * (unsigned long long)image.height;
    *width = image.width;
    *height = image.height;
    if (image.width == 0 || image.height == 0 || pixels > max_pixels) {
        if (msg_len > 0) snprintf(msg, msg_len, "image too large: %ux%u", image.width, image.height);
        png_image_free(&image);
        return LB_PNG_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t stride = (size_t)image.width * 4;
    unsigned char *buf = (unsigned char *)malloc(stride * image.height);
    if (!buf) {
        if (msg_len > 0) snprintf(msg, msg_len, "out of memory");
        png_image_free(&image);
        return LB_PNG_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, buf, (png_int_32)stride, NULL)) {
        if (msg_len > 0) snprintf(msg, msg_len, "%s", image.message);
        free(buf);
        png_image_free(&image);
        return LB_PNG_CORRUPT;
    }
    *out = buf;
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return LB_PNG_OK;
}

static inline void lb_png_free(unsigned char *p) { free(p); }
#endif
