/* The Cortex-M0 under qemu-system-arm -M microbit (nRF51: ARMv6-M, no LDREX/STREX, 16 KB of RAM):
 * 1. the interrupt-masking __atomic helpers (atomics_m0.c) against an interrupt that uses the
 *    same word: SysTick fires while the main loop adds to a counter, its handler adds too, and
 *    no addition may be lost; every helper's result is checked on its own as well;
 * 2. the budget firmware (30 todos, Tests/Embedded/Firmware built with FIRMWARE_SMALL) runs to
 *    the end; its checksum must be the one the Cortex-M4 build prints (the make rule compares).
 * Prints "m0 atomics ok ..." or "m0 atomics FAILED ...", then the firmware's line. */
#include <stdint.h>
#include <stdio.h>

long long firmware_main(void *cells, intptr_t count);
void firmware_mark(intptr_t phase) { (void)phase; }   /* the firmware's phase report: not needed here */

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

static volatile uint32_t counter, ticks;

void arm_systick_isr(void) {
    __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
    ticks++;
}

static int check_helpers(void) {
    uint32_t x = 5, e = 5;
    int ok = __atomic_fetch_add(&x, 3, __ATOMIC_SEQ_CST) == 5 && x == 8;
    ok &= __atomic_fetch_sub(&x, 2, __ATOMIC_SEQ_CST) == 8 && x == 6;
    ok &= __atomic_fetch_or(&x, 9, __ATOMIC_SEQ_CST) == 6 && x == 15;
    ok &= __atomic_fetch_and(&x, 6, __ATOMIC_SEQ_CST) == 15 && x == 6;
    ok &= __atomic_fetch_xor(&x, 3, __ATOMIC_SEQ_CST) == 6 && x == 5;
    ok &= __atomic_exchange_n(&x, 42, __ATOMIC_SEQ_CST) == 5 && x == 42;
    ok &= !__atomic_compare_exchange_n(&x, &e, 7, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) && e == 42 && x == 42;
    ok &= __atomic_compare_exchange_n(&x, &e, 7, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) && x == 7;
    ok &= __atomic_load_n(&x, __ATOMIC_SEQ_CST) == 7;
    __atomic_store_n(&x, 9, __ATOMIC_SEQ_CST);
    ok &= x == 9;
    return ok;
}

int main(void) {
    enum { LOOPS = 200000 };
    int helpers = check_helpers();
    SYST_RVR = 997;          /* an odd period, so ticks land at every point of the loop */
    SYST_CVR = 0;
    SYST_CSR = 7;            /* processor clock, interrupt, enable */
    for (uint32_t i = 0; i < LOOPS; i++) __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
    SYST_CSR = 0;
    uint32_t seen = ticks, total = counter;
    int ok = helpers && seen > 0 && total == LOOPS + seen;
    printf("m0 atomics %s: helpers %s, %lu ticks during the loop, counter %lu of %lu\n", ok ? "ok" : "FAILED",
           helpers ? "right" : "wrong", (unsigned long)seen, (unsigned long)total, (unsigned long)(LOOPS + seen));
    uint64_t cells[42];
    long long sum = firmware_main(cells, 42);
    printf("firmware checksum %lld\n", sum);
    return !ok || sum < 0;
}
