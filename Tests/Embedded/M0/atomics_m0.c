/* __atomic_*_N for ARMv6-M (Cortex-M0/M0+), which has no LDREX/STREX: the compiler calls these for
 * every atomic operation (the Embedded Swift runtime's reference counts, the set's published
 * caches). Each masks interrupts around a plain load and store and restores PRIMASK after, so
 * it is atomic on a single core against interrupt handlers; it is not atomic against another
 * bus master (a DMA engine or a second core) writing the same word. Memory order arguments are
 * ignored: with interrupts masked every access is sequentially consistent on one core. */
#include <stdbool.h>
#include <stdint.h>

static inline uint32_t mask_interrupts(void) {
    uint32_t primask;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask) : : "memory");
    return primask;
}

static inline void restore_interrupts(uint32_t primask) {
    __asm__ volatile("msr primask, %0" : : "r"(primask) : "memory");
}

#define ATOMICS(N, T)                                                                              \
    T __atomic_load_##N(const volatile void *p, int order) {                                       \
        (void)order;                                                                               \
        uint32_t m = mask_interrupts();                                                            \
        T v = *(const volatile T *)p;                                                              \
        restore_interrupts(m);                                                                     \
        return v;                                                                                  \
    }                                                                                              \
    void __atomic_store_##N(volatile void *p, T v, int order) {                                    \
        (void)order;                                                                               \
        uint32_t m = mask_interrupts();                                                            \
        *(volatile T *)p = v;                                                                      \
        restore_interrupts(m);                                                                     \
    }                                                                                              \
    T __atomic_exchange_##N(volatile void *p, T v, int order) {                                    \
        (void)order;                                                                               \
        uint32_t m = mask_interrupts();                                                            \
        T old = *(volatile T *)p;                                                                  \
        *(volatile T *)p = v;                                                                      \
        restore_interrupts(m);                                                                     \
        return old;                                                                                \
    }                                                                                              \
    bool __atomic_compare_exchange_##N(volatile void *p, void *expected, T desired, bool weak,     \
                                       int success, int failure) {                                 \
        (void)weak; (void)success; (void)failure;                                                  \
        uint32_t m = mask_interrupts();                                                            \
        T current = *(volatile T *)p;                                                              \
        bool equal = current == *(T *)expected;                                                    \
        if (equal) *(volatile T *)p = desired; else *(T *)expected = current;                      \
        restore_interrupts(m);                                                                     \
        return equal;                                                                              \
    }                                                                                              \
    FETCH(N, T, add, +) FETCH(N, T, sub, -) FETCH(N, T, and, &) FETCH(N, T, or, |) FETCH(N, T, xor, ^)

#define FETCH(N, T, NAME, OP)                                                                      \
    T __atomic_fetch_##NAME##_##N(volatile void *p, T v, int order) {                              \
        (void)order;                                                                               \
        uint32_t m = mask_interrupts();                                                            \
        T old = *(volatile T *)p;                                                                  \
        *(volatile T *)p = (T)(old OP v);                                                          \
        restore_interrupts(m);                                                                     \
        return old;                                                                                \
    }

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wbuiltin-declaration-mismatch"
ATOMICS(1, uint8_t)
ATOMICS(2, uint16_t)
ATOMICS(4, uint32_t)
ATOMICS(8, uint64_t)
#pragma GCC diagnostic pop
