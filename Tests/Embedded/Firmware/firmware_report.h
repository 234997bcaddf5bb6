/* What the budget firmware's two mains share (firmware_arm.c on the Cortex-M4, firmware_wasm.c
 * under Node), so the budget rule reads one set of lines from both: the per-phase heap line, the
 * one run of firmware_main on a 42-cell buffer, and the closing report. Each main defines
 * put(const char *) and put_number(unsigned long long) for its platform before including this
 * (one translation unit each, so the definitions here are not duplicated at link time). */
#ifndef CALGRID_FIRMWARE_REPORT_H
#define CALGRID_FIRMWARE_REPORT_H
#include <stddef.h>
#include <stdint.h>

long long firmware_main(void *cells, intptr_t count);
size_t target_heap_peak(void);
size_t target_heap_in_use(void);

/* The heap after each phase of firmware_main: bytes in blocks now, arena high-water so far. */
void firmware_mark(intptr_t phase) {
    put("# phase "); put_number((unsigned long long)phase);
    put(" heap-in-use "); put_number(target_heap_in_use());
    put(" heap-peak "); put_number(target_heap_peak()); put("\n");
}

/* Out of line, so the grid buffer is in a frame of its own below the painted stack's top. */
static long long __attribute__((noinline)) firmware_run_once(void) {
    uint64_t cells[42];   /* 42 packed cells of 8 bytes */
    return firmware_main(cells, 42);
}

/* The closing line: the checksum (0 for a failed run), heap and stack high-water marks. */
static void firmware_report(long long sum, size_t stack_peak) {
    put("firmware checksum "); put_number(sum < 0 ? 0 : (unsigned long long)sum);
    put(" heap-peak "); put_number(target_heap_peak());
    put(" stack-peak "); put_number(stack_peak); put("\n");
}
#endif
