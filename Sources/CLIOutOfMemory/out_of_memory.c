/* The static `calgrid`'s answer to a failed allocation (issue 24 item 3; docs/reliability.md). The
** executable is linked with `--wrap` for the allocator's entry points (mk/cli.mk), so every
** allocation of the Swift runtime, the CalGrid modules, json-c and libc comes here first. Swift
** traps when an allocation fails; instead, when the real allocator returns NULL, the process says
** "calgrid: out of memory" in one line and exits 1. Every write of a user's file is atomic (a
** temporary file beside it, then a rename), so each file is its old content; a temporary file the
** exit leaves is removed by the next write, as after kill -9. */
#include <errno.h>
#include <stddef.h>
#include <unistd.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
int __real_posix_memalign(void **out, size_t alignment, size_t size);
void *__real_aligned_alloc(size_t alignment, size_t size);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
int __wrap_posix_memalign(void **out, size_t alignment, size_t size);
void *__wrap_aligned_alloc(size_t alignment, size_t size);

/* The first thread to run out says so and ends the process; any other (the import's decoding
** threads run out together) waits for that end, so the line is said once. */
static void out_of_memory(void) {
    static int said;
    if (__atomic_exchange_n(&said, 1, __ATOMIC_ACQ_REL)) {
        for (;;) pause();
    }
    static const char message[] = "calgrid: out of memory\n";
    ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
    (void)written;
    _exit(1);
}

void *__wrap_malloc(size_t size) {
    void *p = __real_malloc(size);
    if (p == NULL && size != 0) out_of_memory();
    return p;
}

void *__wrap_calloc(size_t count, size_t size) {
    void *p = __real_calloc(count, size);
    if (p == NULL && count != 0 && size != 0) out_of_memory();
    return p;
}

void *__wrap_realloc(void *p, size_t size) {
    void *q = __real_realloc(p, size);
    if (q == NULL && size != 0) out_of_memory();
    return q;
}

int __wrap_posix_memalign(void **out, size_t alignment, size_t size) {
    int status = __real_posix_memalign(out, alignment, size);
    if (status == ENOMEM) out_of_memory();
    return status;
}

void *__wrap_aligned_alloc(size_t alignment, size_t size) {
    void *p = __real_aligned_alloc(alignment, size);
    if (p == NULL && size != 0 && errno == ENOMEM) out_of_memory();
    return p;
}
