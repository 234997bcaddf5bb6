/* The budget firmware's main on the Cortex-M4: runs firmware_main once (a 42-cell grid buffer on
 * its stack), then prints what it used: the heap high-water mark from target_alloc.c's counting
 * allocator and the stack's from a painted stack (the deepest word the run overwrote). Numbers
 * are formatted here and written with fputs, so printf's formatting code is not in the flash
 * being measured. */
#include <stdint.h>
#include <stdio.h>
#include <stddef.h>
#include "../Target/stack_paint.h"
#include <unistd.h>

static void put(const char *s) { fputs(s, stdout); }

static void put_number(unsigned long long v) {
    char digits[24], *p = digits + sizeof digits;
    *--p = 0;
    do { *--p = (char)('0' + v % 10); v /= 10; } while (v);
    put(p);
}

#include "firmware_report.h"

#ifdef FIRMWARE_MEASURE
/* The measuring build: the set's capacity by part (TodoSet.memoryFootprint) after a phase. */
void firmware_parts(intptr_t phase, intptr_t columns, intptr_t ids, intptr_t text, intptr_t flags,
                    intptr_t histograms, intptr_t intervals, intptr_t day_tables) {
    const char *names[] = {" columns ", " id-index ", " text ", " flags ", " histograms ", " interval-index ",
                           " day-tables "};
    intptr_t values[] = {columns, ids, text, flags, histograms, intervals, day_tables};
    put("# set "); put_number((unsigned long long)phase);
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) {
        put(names[i]); put_number((unsigned long long)values[i]);
    }
    put("\n");
}
#endif

/* The firmware links picolibc's crt0-hosted, not crt0-semihost: that one's command-line buffers
 * (1,280 bytes of bss) and fault report (printf) are the harness's, not a device's. So a fault
 * (a Swift trap is a UsageFault, escalated) ends the run here, with a line and status 2. */
void arm_hardfault_isr(void) {
    put("firmware: hard fault\n");
    _exit(2);
}

int main(void) {
    paint_stack();
    long long sum = firmware_run_once();
    firmware_report(sum, stack_high_water());
    return sum < 0;
}
