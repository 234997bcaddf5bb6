#ifndef CALGRID_CJSONC_SHIM_H
#define CALGRID_CJSONC_SHIM_H
/* The only door from Swift to json-c (and the few libc calls the import layer needs).
   Kept as a header so the same module map works in Embedded Swift, where Glibc is not importable. */
#include <json-c/json.h>
#include <json-c/json_tokener.h>
#endif
