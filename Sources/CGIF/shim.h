#ifndef LIVEBLOG_CGIF_SHIM_H
#define LIVEBLOG_CGIF_SHIM_H
/* giflib (R2). giflib has no pkg-config entry on every Debian release, so the module map
   links "gif" itself (docs/architecture.md, "Swift and C notes"). */
#include <stddef.h>
#include <gif_lib.h>
#endif
