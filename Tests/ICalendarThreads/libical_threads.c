/* libical 3.0 between threads, under valgrind's helgrind (ThreadSanitizer cannot see inside
   Debian's uninstrumented libical). Eight threads start together and each parses an iCalendar
   text with a UTC and a TZID value, converts a time through the file's VTIMEZONE, builds and
   writes a component: what CalGrid's import and export do.
     libical_threads unlocked   libical as it is: helgrind must report races (the negative
                                control: the cold zone table, pvl_newlist's counter)
     libical_threads locked     the UTC zone first asked for under one mutex, every libical call
                                under it: no race
     libical_threads confined   CalGrid's rule (docs/icalendar.md, Threads): the UTC zone first
                                asked for under the mutex; what makes components and properties
                                (the parser, which bumps pvl's counters, and a component added
                                to another) and the export under it; reading a thread's own tree
                                (values, its VTIMEZONE's conversions) and freeing it outside: no
                                race, and two threads' reads and frees run at once */
#define _POSIX_C_SOURCE 200809L
#include <libical/ical.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_barrier_t start;
static pthread_mutex_t ical = PTHREAD_MUTEX_INITIALIZER;
static int locked, confined;

/* The parse as CalGrid's import drives it: one parser reads the unfolded lines from memory, another
   builds the component from them (Sources/CalGridICalendar/_LibicalComponentParser.swift). */
struct source { const char *p; size_t left; };
static char *read_line(char *s, size_t size, void *d) {
    struct source *src = d;
    if (src->left == 0 || size < 2) return NULL;
    size_t n = 0;
    while (n < size - 1 && n < src->left) { if (src->p[n++] == '\n') break; }
    memcpy(s, src->p, n);
    s[n] = 0;
    src->p += n;
    src->left -= n;
    return s;
}
static icalcomponent *parse_by_lines(const char *text) {
    struct source src = { text, strlen(text) };
    icalparser *reader = icalparser_new(), *builder = icalparser_new();
    icalparser_set_gen_data(reader, &src);
    icalcomponent *made = NULL;
    char *line;
    while ((line = icalparser_get_line(reader, read_line)) != NULL) {
        icalcomponent *c = icalparser_add_line(builder, line);
        if (c != NULL) made = c;
        icalmemory_free_buffer(line);
    }
    icalparser_free(reader);
    icalparser_free(builder);
    return made;
}

static const char *text =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//threads//EN\r\n"
    "BEGIN:VTIMEZONE\r\nTZID:W. Europe Standard Time\r\nBEGIN:STANDARD\r\nDTSTART:16010101T030000\r\n"
    "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\nEND:STANDARD\r\n"
    "BEGIN:DAYLIGHT\r\nDTSTART:16010101T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"
    "BEGIN:VTODO\r\nUID:t1\r\nDTSTAMP:20260301T090000Z\r\nDUE;TZID=W. Europe Standard Time:20260320T180000\r\n"
    "SUMMARY:Threads\r\nEND:VTODO\r\nEND:VCALENDAR\r\n";

static void *work(void *arg) {
    (void)arg;
    pthread_barrier_wait(&start);
    for (int round = 0; round < 3; round++) {
        if (locked || confined) pthread_mutex_lock(&ical);
        icalcomponent *cal = confined ? parse_by_lines(text) : icalparser_parse_string(text);
        if (confined) pthread_mutex_unlock(&ical);
        icalcomponent *todo = icalcomponent_get_first_component(cal, ICAL_VTODO_COMPONENT);
        icalproperty *due = icalcomponent_get_first_property(todo, ICAL_DUE_PROPERTY);
        icaltimezone *zone = icalcomponent_get_timezone(cal, "W. Europe Standard Time");
        time_t t = icaltime_as_timet_with_zone(icalproperty_get_due(due), zone);
        icalproperty *stamp = icalcomponent_get_first_property(todo, ICAL_DTSTAMP_PROPERTY);
        int utc = icaltime_is_utc(icalproperty_get_dtstamp(stamp));
        const char *summary = icalvalue_get_text(icalproperty_get_value(icalcomponent_get_first_property(todo, ICAL_SUMMARY_PROPERTY)));
        if (!utc || summary == NULL || strlen(summary) == 0) fprintf(stderr, "unexpected values\n");
        if (confined) {
            icalcomponent_remove_component(cal, todo);
            icalcomponent_free(todo);
            icalcomponent_free(cal);
            pthread_mutex_lock(&ical);
        }
        icalcomponent *made = icalcomponent_new(ICAL_VTODO_COMPONENT);
        icalcomponent_add_property(made, icalproperty_new_dtstamp(icaltime_from_timet_with_zone(t, 0, icaltimezone_get_utc_timezone())));
        char *out = icalcomponent_as_ical_string_r(made);
        icalmemory_free_buffer(out);
        icalcomponent_free(made);
        if (!confined) icalcomponent_free(cal);
        if (locked || confined) pthread_mutex_unlock(&ical);
    }
    return NULL;
}

int main(int argc, char **argv) {
    locked = argc > 1 && strcmp(argv[1], "locked") == 0;
    confined = argc > 1 && strcmp(argv[1], "confined") == 0;
    if (locked || confined) {
        pthread_mutex_lock(&ical);
        (void)icaltimezone_get_utc_timezone();
        pthread_mutex_unlock(&ical);
    }
    enum { threads = 8 };
    pthread_t t[threads];
    pthread_barrier_init(&start, NULL, threads);
    for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, work, NULL);
    for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
    printf("libical_threads %s: %d threads done\n", locked ? "locked" : confined ? "confined" : "unlocked", threads);
    return 0;
}
