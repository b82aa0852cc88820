#ifndef LIVEBLOG_CPNG_SHIM_H
#define LIVEBLOG_CPNG_SHIM_H
#include <png.h>
#include <zlib.h>

/* libpng's simplified API (ImageDecoding decodes, LiveblogModel's PNGWriter encodes). */
static const int LB_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int LB_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

#endif
