#ifndef TINBOX_CPNG_SHIM_H
#define TINBOX_CPNG_SHIM_H
/* libpng 1.6 (Debian libpng-dev). Swift does not call it: the CArtwork C target does, so that
   libpng's longjmp-based error handling never crosses a Swift frame. */
#include <png.h>

#endif
