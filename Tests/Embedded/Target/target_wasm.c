/* The WebAssembly side of the target programs: what the Embedded Swift runtime and the core
 * need from libc, for wasm32-unknown-none-wasm, where there is none (the allocator is
 * target_alloc.c). run_wasm.mjs provides the one import, env.write. */
#include <stddef.h>
#include <stdint.h>

__attribute__((import_module("env"), import_name("write"))) void js_write(const unsigned char *p, size_t n);
extern const unsigned char target_blob[];
extern const unsigned long target_blob_size;

void target_write(const unsigned char *p, size_t n) { js_write(p, n); }

const unsigned char *target_blob_bytes(intptr_t *n) {
    *n = (intptr_t)target_blob_size;
    return target_blob;
}

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
