#ifndef TINBOX_CWIDTH_SHIM_H
#define TINBOX_CWIDTH_SHIM_H
/* The C library's wcwidth and setlocale: ncursesw measures with the same wcwidth, so a
   width computed here matches the cells ncurses uses. Glibc's Swift overlay does not export
   wcwidth, hence this header. */
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

int wcwidth(wchar_t c);

static inline int tinbox_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

#endif
