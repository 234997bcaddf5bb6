/* The Cortex-M4 side of the target programs, under qemu-system-arm -M mps2-an386 with
 * semihosting (picolibc's crt0-semihost: a fault prints its registers and exits 1). Output goes
 * to stdout (semihosting has one stream); the last line, starting "# ", is not a check: the heap
 * high-water mark (target_alloc.c) and the stack's, measured by painting the stack before the
 * run and finding the deepest overwritten word after it. */
#include <stdint.h>
#include <stdio.h>
#include <stddef.h>
#include "stack_paint.h"

int target_main(void);
size_t target_heap_peak(void);
size_t target_heap_peak_in_use(void);
extern const unsigned char target_blob[];
extern const unsigned long target_blob_size;

void target_write(const unsigned char *p, size_t n) { fwrite(p, 1, n, stdout); }

const unsigned char *target_blob_bytes(intptr_t *n) {
    *n = (intptr_t)target_blob_size;
    return target_blob;
}

int main(void) {
    paint_stack();
    int rc = target_main();
    fflush(stdout);
    printf("# heap-peak %u heap-live-peak %u stack-peak %u stack-size %u\n", (unsigned)target_heap_peak(),
            (unsigned)target_heap_peak_in_use(), (unsigned)stack_high_water(),
            (unsigned)((uintptr_t)__stack_size));
    return rc;
}
