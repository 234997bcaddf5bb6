/* The WebAssembly side of the target programs: what the Embedded Swift runtime and the core
 * need from libc, for wasm32-unknown-none-wasm, where there is none (the allocator is
 * target_alloc.c). run_wasm.mjs provides the one import, env.write. */
#include <stddef.h>
#include <stdint.h>

__attribute__((import_module("env"), import_name("write"))) void js_write(const unsigned char *p, size_t n);
size_t strlen(const char *s);
size_t target_heap_peak(void);
size_t target_heap_peak_in_use(void);
size_t target_heap_capacity(void);

void target_write(const unsigned char *p, size_t n) { js_write(p, n); }

#ifndef TARGET_NO_BLOB   /* the budget firmware (Tests/Embedded/Firmware/firmware_wasm.c) has no blob */
extern const unsigned char target_blob[];
extern const unsigned long target_blob_size;

const unsigned char *target_blob_bytes(intptr_t *n) {
    *n = (intptr_t)target_blob_size;
    return target_blob;
}

int target_main(void);
#endif

/* Linear memory as a program uses it. wasm-ld lays out the shadow stack ([__stack_low,
 * __stack_high), growing down), then the static data from __global_base to __data_end (rodata,
 * data and bss: all of it is RAM here, there is no flash), which holds target_alloc.c's arena.
 * The stack is measured as on the Cortex-M4: painted before the run, the deepest word that is no
 * longer paint after it. */
extern unsigned char __stack_low[], __stack_high[], __global_base[], __data_end[];
#define PAINT 0xA5A5A5A5u

void target_put(const char *s) { js_write((const unsigned char *)s, strlen(s)); }

void target_put_number(unsigned long long v) {
    char digits[24], *p = digits + sizeof digits;
    *--p = 0;
    do { *--p = (char)('0' + v % 10); v /= 10; } while (v);
    target_put(p);
}

__attribute__((noinline)) void target_paint_stack(void) {
    volatile uint32_t here = 0;
    uint32_t *p = (uint32_t *)(void *)__stack_low, *end = (uint32_t *)((uintptr_t)&here & ~(uintptr_t)3) - 64;
    while (p < end) *p++ = PAINT;
}

size_t target_stack_peak(void) {
    uint32_t *p = (uint32_t *)(void *)__stack_low, *top = (uint32_t *)(void *)__stack_high;
    while (p < top && *p == PAINT) p++;
    return (size_t)((uintptr_t)top - (uintptr_t)p);
}

/* Static bytes without the allocator's arena (its high-water mark is the heap figure). */
size_t target_static_bytes(void) { return (size_t)(__data_end - __global_base) - target_heap_capacity(); }

/* One "# " line (a measurement, not a check): static, heap and stack peaks and their sum. */
void target_report_memory(void) {
    size_t st = target_static_bytes(), heap = target_heap_peak(), stack = target_stack_peak();
    target_put("# linear-memory "); target_put_number(st + heap + stack);
    target_put(" static "); target_put_number(st);
    target_put(" heap-peak "); target_put_number(heap);
    target_put(" heap-live-peak "); target_put_number(target_heap_peak_in_use());
    target_put(" stack-peak "); target_put_number(stack);
    target_put(" stack-size "); target_put_number((size_t)(__stack_high - __stack_low)); target_put("\n");
}

#ifndef TARGET_NO_BLOB
/* The entry run_wasm.mjs calls: the check program between a painted stack and the report. */
int target_run(void) {
    target_paint_stack();
    int rc = target_main();
    target_report_memory();
    return rc;
}
#endif

/* Bulk-memory instructions (memory.copy, memory.fill) do the work. */
void *memcpy(void *d, const void *s, size_t n) { __builtin_memcpy(d, s, n); return d; }
void *memmove(void *d, const void *s, size_t n) { __builtin_memmove(d, s, n); return d; }
void *memset(void *d, int c, size_t n) { __builtin_memset(d, c, n); return d; }

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

/* The stack protector's canary; a smashed stack traps (Node reports it and exits non-zero). */
uintptr_t __stack_chk_guard = 0x5a17c0deu;
void __stack_chk_fail(void) { __builtin_trap(); }

/* 128-bit multiply (compiler-rt's __multi3; the toolchain has no builtins library for wasm32):
 * the core multiplies UInt64s full width to compare completion shares exactly. */
typedef struct { uint64_t lo, hi; } u128_parts;
typedef union { __int128 v; u128_parts p; } u128_word;

static u128_parts mul_64x64(uint64_t a, uint64_t b) {
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    u128_parts r = { (mid << 32) | (uint32_t)p00, p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32) };
    return r;
}

__int128 __multi3(__int128 a, __int128 b) {
    u128_word x = { a }, y = { b }, r;
    r.p = mul_64x64(x.p.lo, y.p.lo);
    r.p.hi += x.p.lo * y.p.hi + x.p.hi * y.p.lo;
    return r.v;
}
