/* libical 3.0 between threads, under valgrind's helgrind (ThreadSanitizer cannot see inside
   Debian's uninstrumented libical). Eight threads start together and each parses an iCalendar
   text with a UTC and a TZID value, converts a time through the file's VTIMEZONE, builds and
   writes a component: what CalGrid's import and export do.
     libical_threads unlocked   libical as it is: helgrind must report races (the negative
                                control: the cold zone table, pvl_newlist's counter)
     libical_threads locked     CalGrid's rule (docs/icalendar.md, Threads): the UTC zone first
                                asked for under one mutex, every libical call under it: no race */
#define _POSIX_C_SOURCE 200809L
#include <libical/ical.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_barrier_t start;
static pthread_mutex_t ical = PTHREAD_MUTEX_INITIALIZER;
static int locked;

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
        if (locked) pthread_mutex_lock(&ical);
        icalcomponent *cal = icalparser_parse_string(text);
        icalcomponent *todo = icalcomponent_get_first_component(cal, ICAL_VTODO_COMPONENT);
        icalproperty *due = icalcomponent_get_first_property(todo, ICAL_DUE_PROPERTY);
        icaltimezone *zone = icalcomponent_get_timezone(cal, "W. Europe Standard Time");
        time_t t = icaltime_as_timet_with_zone(icalproperty_get_due(due), zone);
        icalcomponent *made = icalcomponent_new(ICAL_VTODO_COMPONENT);
        icalcomponent_add_property(made, icalproperty_new_dtstamp(icaltime_from_timet_with_zone(t, 0, icaltimezone_get_utc_timezone())));
        char *out = icalcomponent_as_ical_string_r(made);
        icalmemory_free_buffer(out);
        icalcomponent_free(made);
        icalcomponent_free(cal);
        if (locked) pthread_mutex_unlock(&ical);
    }
    return NULL;
}

int main(int argc, char **argv) {
    locked = argc > 1 && strcmp(argv[1], "locked") == 0;
    if (locked) {
        pthread_mutex_lock(&ical);
        (void)icaltimezone_get_utc_timezone();
        pthread_mutex_unlock(&ical);
    }
    enum { threads = 8 };
    pthread_t t[threads];
    pthread_barrier_init(&start, NULL, threads);
    for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, work, NULL);
    for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
    printf("libical_threads %s: %d threads done\n", locked ? "locked" : "unlocked", threads);
    return 0;
}
