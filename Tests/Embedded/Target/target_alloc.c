/* The heap of the 32-bit target programs: a first-fit allocator over one static arena that
 * counts what it hands out, so a run reports its heap high-water mark (the highest arena byte
 * ever used, which is what the heap costs in RAM). Embedded Swift allocates through
 * posix_memalign and free; the rest of the malloc family is here so that no libc allocator is
 * linked beside it. Blocks: an 8-byte header (size with the low bit as "used") before a 16-byte
 * aligned payload; free neighbours merge when an allocation walks over them. Not thread-safe:
 * the programs are single-threaded. */
#include <stddef.h>
#include <stdint.h>

/* wasm32-unknown-none-wasm has no libc headers (target_wasm.c defines these two). */
void *memset(void *, int, size_t);
void *memcpy(void *, const void *, size_t);
#if __has_include(<errno.h>)
#include <errno.h>
#else
#define EINVAL 22
#define ENOMEM 12
#endif

#ifndef TARGET_HEAP_BYTES
#define TARGET_HEAP_BYTES (1024 * 1024)
#endif

#define ALIGNMENT 16u
#define HEADER 8u

static _Alignas(16) unsigned char arena[TARGET_HEAP_BYTES];
static size_t top = ALIGNMENT - HEADER;      /* first byte past the last block */
static size_t in_use, peak_in_use, peak_top;

size_t target_heap_capacity(void) { return TARGET_HEAP_BYTES; }
size_t target_heap_peak(void) { return peak_top; }          /* arena bytes ever touched */
size_t target_heap_peak_in_use(void) { return peak_in_use; } /* live block bytes at most */
size_t target_heap_in_use(void) { return in_use; }

static uint32_t *header_at(size_t at) { return (uint32_t *)(void *)(arena + at); }

static void *take(size_t at, size_t need) {
    uint32_t *h = header_at(at);
    size_t size = *h & ~(size_t)1;
    if (size - need >= ALIGNMENT * 2) {       /* split: the rest stays free */
        *header_at(at + need) = (uint32_t)(size - need);
        size = need;
    }
    *h = (uint32_t)size | 1u;
    in_use += size;
    if (in_use > peak_in_use) peak_in_use = in_use;
    return arena + at + HEADER;
}

static void *allocate(size_t n) {
    if (n > TARGET_HEAP_BYTES) return NULL;
    size_t need = (n + HEADER + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
    for (size_t at = ALIGNMENT - HEADER; at < top;) {
        uint32_t *h = header_at(at);
        size_t size = *h & ~(size_t)1;
        if (!(*h & 1u)) {
            while (at + size < top && !(*header_at(at + size) & 1u)) size += *header_at(at + size);
            if (at + size == top) { top = at; break; }   /* a free tail: give it back to the top */
            *h = (uint32_t)size;
            if (size >= need) return take(at, need);
        }
        at += size;
    }
    if (need > TARGET_HEAP_BYTES - top) return NULL;
    size_t at = top;
    *header_at(at) = (uint32_t)need;
    top += need;
    if (top > peak_top) peak_top = top;
    return take(at, need);
}

int posix_memalign(void **out, size_t alignment, size_t n) {
    if (alignment > ALIGNMENT) return EINVAL;   /* Swift asks for at most 16 */
    void *p = allocate(n ? n : 1);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void free(void *p) {
    if (!p) return;
    uint32_t *h = (uint32_t *)(void *)((unsigned char *)p - HEADER);
    *h &= ~1u;
    in_use -= *h;
}

void *malloc(size_t n) { void *p = NULL; return posix_memalign(&p, ALIGNMENT, n) ? NULL : p; }
void *aligned_alloc(size_t a, size_t n) { void *p = NULL; return posix_memalign(&p, a, n) ? NULL : p; }
void *memalign(size_t a, size_t n) { return aligned_alloc(a, n); }

void *calloc(size_t k, size_t n) {
    if (n && k > SIZE_MAX / n) return NULL;
    void *p = malloc(k * n);
    if (p) memset(p, 0, k * n);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    size_t old = (*(uint32_t *)(void *)((unsigned char *)p - HEADER) & ~1u) - HEADER;
    if (n <= old) return p;
    void *q = malloc(n);
    if (q) { memcpy(q, p, old); free(p); }
    return q;
}
