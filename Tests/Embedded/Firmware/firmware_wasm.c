/* The budget firmware in WebAssembly (wasm32-unknown-none-wasm, under Node): the same
 * firmware_main as on the Cortex-M4, between a painted stack and a report of the linear memory it
 * used (target_wasm.c, built with TARGET_NO_BLOB: libc pieces, the painting and the report). The
 * lines match firmware_arm.c's, so the budget rule reads both alike. */
#include <stddef.h>

size_t target_stack_peak(void);
void target_put(const char *s);
void target_put_number(unsigned long long v);
void target_paint_stack(void);
void target_report_memory(void);

static void put(const char *s) { target_put(s); }
static void put_number(unsigned long long v) { target_put_number(v); }

#include "firmware_report.h"

int firmware_run(void) {
    target_paint_stack();
    long long sum = firmware_run_once();
    target_report_memory();
    firmware_report(sum, target_stack_peak());
    return sum < 0;
}
