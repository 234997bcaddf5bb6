#ifndef CALGRID_CLIBICAL_SHIM_H
#define CALGRID_CLIBICAL_SHIM_H
/* The only door from Swift to libical (Sources/CalGridICalendar is the only module that imports it).
   libical's parser reads lines through a callback; the callback here reads them from memory and
   counts physical lines, so every component's BEGIN line can be told (libical keeps no positions). */
#include <libical/ical.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

/* An input in memory, read line by line: `lines` counts the physical lines handed out so far. */
typedef struct cg_ical_source {
    const char *bytes;
    size_t count;
    size_t position;
    long lines;
} cg_ical_source;

/* fgets on memory, as icalparser_get_line expects of its line_gen_func: at most size - 1 bytes, up
   to and including a newline, NUL-terminated; NULL at the end. */
static inline char *cg_ical_read(char *s, size_t size, void *d) {
    cg_ical_source *src = (cg_ical_source *)d;
    if (src->position >= src->count || size < 2) return NULL;
    size_t room = size - 1, n = 0;
    const char *p = src->bytes + src->position;
    size_t left = src->count - src->position;
    while (n < room && n < left) {
        char c = p[n++];
        if (c == '\n') { src->lines += 1; break; }
    }
    memcpy(s, p, n);
    s[n] = 0;
    src->position += n;
    return s;
}

/* The next unfolded line of the parser's source (set with icalparser_set_gen_data), or NULL at
   the end; the caller frees it with cg_ical_free. */
static inline char *cg_ical_next_line(icalparser *parser) { return icalparser_get_line(parser, cg_ical_read); }

static inline void cg_ical_free(void *p) { icalmemory_free_buffer(p); }

/* A recursive mutex in memory the caller allocates (CalGrid keeps one for the process: every
   libical call happens under it, see Sources/CalGridICalendar/_Libical.swift). */
static inline void cg_ical_mutex_init(pthread_mutex_t *m) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(m, &a);
    pthread_mutexattr_destroy(&a);
}
static inline void cg_ical_mutex_lock(pthread_mutex_t *m) { pthread_mutex_lock(m); }
static inline void cg_ical_mutex_unlock(pthread_mutex_t *m) { pthread_mutex_unlock(m); }

#endif
