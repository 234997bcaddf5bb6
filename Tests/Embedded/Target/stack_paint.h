/* The stack's high-water mark on the Cortex-M4 programs (target_arm.c, Firmware/firmware_arm.c):
 * paint the stack before the run, find the deepest overwritten word after it. The stack is
 * [__stack - __stack_size, __stack): __stack_size from the link line (picolibc.ld reserves only its
 * default below __stack, but the RAM under it is free). */
#ifndef CALGRID_STACK_PAINT_H
#define CALGRID_STACK_PAINT_H
#include <stddef.h>
#include <stdint.h>

extern uint32_t __stack[];
extern char __stack_size[];
#define STACK_BOTTOM ((uint32_t *)((uintptr_t)__stack - (uintptr_t)__stack_size))
#define PAINT 0xA5A5A5A5u

/* Paints from the stack's bottom up to a little below this frame. */
static void __attribute__((noinline, unused)) paint_stack(void) {
    volatile uint32_t here = 0;
    uint32_t *p = STACK_BOTTOM, *end = (uint32_t *)((uintptr_t)&here & ~(uintptr_t)3) - 16;
    while (p < end) *p++ = PAINT;
}

static size_t __attribute__((unused)) stack_high_water(void) {
    uint32_t *p = STACK_BOTTOM;
    while (p < __stack && *p == PAINT) p++;
    return (size_t)((uintptr_t)__stack - (uintptr_t)p);
}
#endif
