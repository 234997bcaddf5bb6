#ifndef CALGRID_CLIBICAL_SHIM_H
#define CALGRID_CLIBICAL_SHIM_H
/* The only door from Swift to libical (Sources/CalGridICalendar is the only module that imports it).
   libical's parser reads lines through a callback; the callback here reads them from memory and
   counts physical lines, so every component's BEGIN line can be told (libical keeps no positions). */
#include <libical/ical.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The offset changes libical expands `zone` to through `max_year` (its VTIMEZONE's observances:
   RRULEs, RDATEs and DTSTARTs alike): up to `cap` of them, each the UTC instant it happens at
   (seconds since 1970) and the offset after it (seconds east); returns how many there are (past
   `cap`, the first `cap` are written), or -1 when they cannot be read. libical keeps its expanded
   changes private; icaltimezone_dump_changes prints them, one a line
   ("LOCATION\tDD Mon YYYY\tHH:MM:SS\t+HHMM[SS]", in UTC), and they are read back here. */
static inline long cg_ical_zone_changes(icaltimezone *zone, int max_year, long long *at, int *offset, long cap) {
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (f == NULL) return -1;
    int ok = icaltimezone_dump_changes(zone, max_year, f);
    fclose(f);
    if (text == NULL) return -1;
    long n = 0;
    const char *line = text;
    while (ok && *line) {
        const char *end = strchr(line, '\n');
        const char *tab = memchr(line, '\t', end ? (size_t)(end - line) : strlen(line));
        int day, year, h, m, sec;
        char month[4] = {0}, off[16] = {0};
        if (tab && sscanf(tab + 1, "%d %3s %d\t%d:%d:%d\t%15s", &day, month, &year, &h, &m, &sec, off) == 7) {
            const char *p = strstr(months, month);
            size_t len = strlen(off);
            if (p && (p - months) % 3 == 0 && (off[0] == '+' || off[0] == '-') && (len == 5 || len == 7)) {
                int mo = (int)(p - months) / 3 + 1;
                /* Days since 1970 of the civil date (H. Hinnant's days_from_civil). */
                long long y = year - (mo <= 2);
                long long era = (y >= 0 ? y : y - 399) / 400;
                long long yoe = y - era * 400;
                long long doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + day - 1;
                long long days = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
                int o = ((off[1] - '0') * 10 + (off[2] - '0')) * 3600 + ((off[3] - '0') * 10 + (off[4] - '0')) * 60;
                if (len == 7) o += (off[5] - '0') * 10 + (off[6] - '0');
                if (n < cap) {
                    at[n] = days * 86400 + h * 3600 + m * 60 + sec;
                    offset[n] = off[0] == '-' ? -o : o;
                }
                n += 1;
            }
        }
        if (!end) break;
        line = end + 1;
    }
    free(text);
    return ok ? n : -1;
}

#endif
