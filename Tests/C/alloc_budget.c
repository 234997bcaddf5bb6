/* A heap budget for out-of-memory tests (issue 24 item 3): malloc, calloc, realloc, free,
** posix_memalign, aligned_alloc, memalign and valloc replaced by versions that count the live bytes
** (malloc_usable_size of each block) and fail (NULL, errno ENOMEM) any request that would take the
** live total past the budget. Linked into a test program, it also serves libcalgrid.so's and
** json-c's calls (the executable's definitions interpose); built as a shared object it works through
** LD_PRELOAD. Like `ulimit -v`, but deterministic and counting only the heap, so a descending series
** of budgets reproduces the same failure at the same allocation every run.
** glibc only: the real allocator is reached through its __libc_* entry points. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "alloc_budget.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static long long budget = -1;                 /* -1: unlimited */
static long long live, peak, failures, calls;

void alloc_budget_set(long long bytes) { __atomic_store_n(&budget, bytes, __ATOMIC_SEQ_CST); }
long long alloc_budget_live(void) { return __atomic_load_n(&live, __ATOMIC_SEQ_CST); }
long long alloc_budget_peak(void) { return __atomic_load_n(&peak, __ATOMIC_SEQ_CST); }
void alloc_budget_reset_peak(void) { __atomic_store_n(&peak, __atomic_load_n(&live, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST); }
long long alloc_budget_failures(void) { return __atomic_load_n(&failures, __ATOMIC_SEQ_CST); }
long long alloc_budget_calls(void) { return __atomic_load_n(&calls, __ATOMIC_SEQ_CST); }

/* May `size` more bytes be taken? Counts the failure when not. */
static int admit(size_t size) {
    __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
    long long b = __atomic_load_n(&budget, __ATOMIC_SEQ_CST);
    if (b >= 0 && (size > (size_t)INT64_MAX / 2 || __atomic_load_n(&live, __ATOMIC_SEQ_CST) + (long long)size > b)) {
        __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
        errno = ENOMEM;
        return 0;
    }
    return 1;
}

static void *took(void *p) {
    if (p != NULL) {
        long long now = __atomic_add_fetch(&live, (long long)malloc_usable_size(p), __ATOMIC_SEQ_CST);
        long long old = __atomic_load_n(&peak, __ATOMIC_SEQ_CST);
        while (now > old && !__atomic_compare_exchange_n(&peak, &old, now, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
    }
    return p;
}

static void gave(void *p) {
    if (p != NULL) __atomic_sub_fetch(&live, (long long)malloc_usable_size(p), __ATOMIC_SEQ_CST);
}

void *malloc(size_t size) { return admit(size) ? took(__libc_malloc(size)) : NULL; }

void free(void *p) {
    gave(p);
    __libc_free(p);
}

void *calloc(size_t n, size_t size) {
    if (size != 0 && n > SIZE_MAX / size) { errno = ENOMEM; return NULL; }
    return admit(n * size) ? took(__libc_calloc(n, size)) : NULL;
}

void *realloc(void *p, size_t size) {
    if (p == NULL) return malloc(size);
    if (size == 0) { free(p); return NULL; }
    size_t had = malloc_usable_size(p);
    if (size > had && !admit(size)) return NULL;   /* the old block stays valid, as realloc promises */
    __atomic_sub_fetch(&live, (long long)had, __ATOMIC_SEQ_CST);
    void *q = __libc_realloc(p, size);
    if (q == NULL) { __atomic_add_fetch(&live, (long long)had, __ATOMIC_SEQ_CST); return NULL; }
    return took(q);
}

void *memalign(size_t alignment, size_t size) { return admit(size) ? took(__libc_memalign(alignment, size)) : NULL; }
void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }
void *valloc(size_t size) { return memalign(4096, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
