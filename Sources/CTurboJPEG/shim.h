#ifndef LIVEBLOG_CTURBOJPEG_SHIM_H
#define LIVEBLOG_CTURBOJPEG_SHIM_H
/* libjpeg-turbo's TurboJPEG API (R2): errors come back as return codes and
   tjGetErrorStr2/tjGetErrorCode, so Swift needs no setjmp (docs/architecture.md, "Swift and C notes"). */
#include <stddef.h>
#include <turbojpeg.h>
#endif
