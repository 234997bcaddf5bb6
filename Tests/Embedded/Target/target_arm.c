/* The Cortex-M4 side of the target programs, under qemu-system-arm -M mps2-an386 with
 * semihosting (picolibc's crt0-semihost: a fault prints its registers and exits 1). Output goes
 * to stdout (semihosting has one stream); the last line, starting "# ", is not a check: the heap
 * high-water mark (target_alloc.c) and the stack's, measured by painting the stack before the
 * run and finding the deepest overwritten word after it. */
#include <stdint.h>
#include <stdio.h>
#include <stddef.h>

int target_main(void);
size_t target_heap_peak(void);
size_t target_heap_peak_in_use(void);
extern const unsigned char target_blob[];
extern const unsigned long target_blob_size;
/* The stack is [__stack - __stack_size, __stack): __stack_size from the link line (picolibc.ld
 * reserves only its default below __stack, but the RAM under it is free). */
extern uint32_t __stack[];
extern char __stack_size[];
#define STACK_BOTTOM ((uint32_t *)((uintptr_t)__stack - (uintptr_t)__stack_size))

#define PAINT 0xA5A5A5A5u

void target_write(const unsigned char *p, size_t n) { fwrite(p, 1, n, stdout); }

const unsigned char *target_blob_bytes(intptr_t *n) {
    *n = (intptr_t)target_blob_size;
    return target_blob;
}

/* Paints from the stack's bottom up to a little below this frame. */
static void __attribute__((noinline)) paint_stack(void) {
    volatile uint32_t here = 0;
    uint32_t *p = STACK_BOTTOM, *end = (uint32_t *)((uintptr_t)&here & ~(uintptr_t)3) - 16;
    while (p < end) *p++ = PAINT;
}

static size_t stack_high_water(void) {
    uint32_t *p = STACK_BOTTOM;
    while (p < __stack && *p == PAINT) p++;
    return (size_t)((uintptr_t)__stack - (uintptr_t)p);
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
