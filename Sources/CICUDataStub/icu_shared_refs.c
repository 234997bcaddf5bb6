/* libcalgrid.so with libical and ICU linked in statically (issue 41, "a lean binary"; mk/capi.mk).
** Debian's libical.a and libicuuc.a are built as position-independent executables' code: they read
** libc's `stderr`, `tzname` and `__timezone` PC-relative, as an executable does after the linker
** copied them into it, which a shared library cannot do. So the library holds its own copies (local:
** hidden, so their references bind inside the library), set from libc's when it is loaded, before any call.
** libical writes to `stderr` only for its own debugging messages; ICU reads `tzname` and
** `__timezone` only to guess a default zone, which, with its zone data left out, it cannot load. */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

#undef stderr
__attribute__((visibility("hidden"))) FILE *stderr;
__attribute__((visibility("hidden"))) char *tzname[2];
__attribute__((visibility("hidden"))) long int __timezone;

__attribute__((constructor)) static void calgrid_copy_libc_refs(void) {
    FILE **e = dlsym(RTLD_DEFAULT, "stderr");
    char **z = dlsym(RTLD_DEFAULT, "tzname");
    long int *t = dlsym(RTLD_DEFAULT, "__timezone");
    tzset();
    if (e) stderr = *e;
    if (z) { tzname[0] = z[0]; tzname[1] = z[1]; }
    if (t) __timezone = *t;
}
