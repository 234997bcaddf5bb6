/* The budget firmware in WebAssembly (wasm32-unknown-none-wasm, under Node): the same
 * firmware_main as on the Cortex-M4, between a painted stack and a report of the linear memory it
 * used (target_wasm.c, built with TARGET_NO_BLOB: libc pieces, the painting and the report). The
 * lines match firmware_arm.c's, so the budget rule reads both alike. */
#include <stddef.h>
#include <stdint.h>

long long firmware_main(void *cells, intptr_t count);
size_t target_heap_peak(void);
size_t target_heap_in_use(void);
size_t target_stack_peak(void);
void target_put(const char *s);
void target_put_number(unsigned long long v);
void target_paint_stack(void);
void target_report_memory(void);

void firmware_mark(intptr_t phase) {
    target_put("# phase "); target_put_number((unsigned long long)phase);
    target_put(" heap-in-use "); target_put_number(target_heap_in_use());
    target_put(" heap-peak "); target_put_number(target_heap_peak()); target_put("\n");
}

static long long __attribute__((noinline)) run(void) {
    uint64_t cells[42];   /* 42 packed cells of 8 bytes */
    return firmware_main(cells, 42);
}

int firmware_run(void) {
    target_paint_stack();
    long long sum = run();
    target_report_memory();
    target_put("firmware checksum "); target_put_number(sum < 0 ? 0 : (unsigned long long)sum);
    target_put(" heap-peak "); target_put_number(target_heap_peak());
    target_put(" stack-peak "); target_put_number(target_stack_peak()); target_put("\n");
    return sum < 0;
}
