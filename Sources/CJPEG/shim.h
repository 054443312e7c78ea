#ifndef TINBOX_CJPEG_SHIM_H
#define TINBOX_CJPEG_SHIM_H
/* libjpeg-turbo (Debian libjpeg62-turbo-dev). Swift does not call it: the CArtwork C target
   does, so that libjpeg's error_exit (a longjmp) never crosses a Swift frame. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

#endif
