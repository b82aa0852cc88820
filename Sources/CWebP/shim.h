#ifndef LIVEBLOG_CWEBP_SHIM_H
#define LIVEBLOG_CWEBP_SHIM_H
/* libwebp's simple decoding API (R2): WebPGetInfo for the header, WebPDecodeRGBAInto
   into a buffer the caller allocated after checking the size (R6). */
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
/* Issue 31: an animated WebP's first frame through libwebpdemux's WebPAnimDecoder
   (libwebp-dev ships it). */
#include <webp/demux.h>
#endif
