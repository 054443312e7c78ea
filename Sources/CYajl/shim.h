#ifndef TINBOX_CYAJL_SHIM_H
#define TINBOX_CYAJL_SHIM_H
/* yajl's event parser (Debian libyajl-dev): feeds are parsed in chunks, one message at a time,
   instead of as a whole Foundation object tree (FeedDecoder.swift). */
#include <yajl/yajl_parse.h>

#endif
