#ifndef TINBOX_CCHAFA_SHIM_H
#define TINBOX_CCHAFA_SHIM_H
/* libchafa (Debian libchafa-dev). Its headers need GLib's, whose include paths come from
   pkg-config (`pkgConfig: "chafa"` in Package.swift), so no flags are written by hand. Only the
   CArtwork C target includes this; Swift sees chafa through CArtwork's GLib-free header. */
#include <chafa.h>

#endif
