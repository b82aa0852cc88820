#ifndef LIVEBLOG_CPNG_SHIM_H
#define LIVEBLOG_CPNG_SHIM_H
#include <png.h>
#endif
