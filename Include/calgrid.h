/*
** calgrid.h — the C interface to CalGrid, a calendar-grid engine on integer civil days.
**
** Conventions (in the manner of sqlite3 and libgit2):
**   - Every name starts with calgrid_ / CALGRID_; functions are calgrid_<noun>_<verb>.
**   - Functions return int: CALGRID_OK (0) on success or a negative calgrid_status naming the
**     kind of failure. Results go to out-parameters, which come first. On failure the
**     out-parameters are left unchanged unless the function says otherwise.
**   - A NULL pointer where a pointer is required, an unknown enum value, an out-of-range number
**     or a size that would overflow is reported as a status: nothing aborts the process.
**   - Sizes: every size_t that gives a capacity, a length or a count (buffer and array sizes,
**     `len`, `count`, issue_capacity, tag_count) is EINVAL, checked the same way by every call, when
**     no object could be that large: more than PTRDIFF_MAX bytes of its element type (so SIZE_MAX is
**     always EINVAL, CALGRID_NUL_TERMINATED aside). A size_t that is a position (an index, a
**     tag_index) beyond the end is ERANGE; calgrid_todo_set_top's offset and limit may be any
**     value (past the end = nothing, more than remain = the rest).
**   - Dates are calgrid_date: days since 1970-01-01 in the proleptic Gregorian calendar, valid
**     for 0001-01-01 ... 9999-12-31 (CALGRID_DATE_MIN ... CALGRID_DATE_MAX). A date is a civil day,
**     in no time zone; instants (int64_t seconds since 1970-01-01T00:00:00Z) become days only
**     through a calgrid_tz (see "Time zones").
**   - Option structs start with a struct_size member: initialise them with the matching
**     CALGRID_..._OPTIONS_INIT macro (or set struct_size = sizeof the struct) so that a library
**     built from a newer header can tell which members the caller knows about.
**   - Memory: the library never keeps a pointer the caller passed in after a call returns, and
**     never frees memory it did not allocate. Whatever it returns through a _new function is
**     released with the matching _free function; _free(NULL) does nothing.
**   - Out of memory: a call that allocates first asks the allocator, once, for a bound of what it
**     needs; when that fails it returns CALGRID_ENOMEM (err->message "out of memory") and has
**     changed nothing. Which calls allocate and how much: docs/reliability.md.
**   - Threads: functions without a handle are pure and may be called from any thread at any
**     time. A function taking a const handle (const calgrid_todo_set *) only reads it: any number
**     of threads may call such functions on one set at once, without a lock, as long as no thread
**     changes that set meanwhile (the rule of C++'s const members). Indexes a read builds lazily
**     are built once and published atomically. A function taking a non-const handle changes it
**     and needs the set to itself: no other call on that set, read or change, at the same time.
**     Distinct handles are independent.
**   - Microcontrollers: libcalgrid-armv7em.a (make capi-embedded; docs/embedded.md) has every call
**     here except the ones marked "Not in the embedded library": import and export (json-c),
**     calgrid_free (export's buffers), calgrid_tz_new and calgrid_tz_local (the file system).
**     Compile callers with -fno-short-enums: the library's enums are int-sized.
*/
#ifndef CALGRID_H
#define CALGRID_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
** Version
*/
#define CALGRID_VERSION_MAJOR 0
#define CALGRID_VERSION_MINOR 1
#define CALGRID_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, comparable with calgrid_version_number(). */
#define CALGRID_VERSION_NUMBER (CALGRID_VERSION_MAJOR * 10000 + CALGRID_VERSION_MINOR * 100 + CALGRID_VERSION_PATCH)
#define CALGRID_VERSION_STRING "0.1.0"

/* The library's version as "MAJOR.MINOR.PATCH".
** Ownership: a static string owned by the library; never free it. Thread-safe. */
const char *calgrid_version(void);

/* The library's CALGRID_VERSION_NUMBER (to compare with the header the caller compiled against).
** Thread-safe. */
int calgrid_version_number(void);

/* ---------------------------------------------------------------------------------------------
** Status codes and errors
*/
typedef enum calgrid_status {
    CALGRID_OK        =   0,
    CALGRID_EINVAL    =  -1, /* invalid argument: NULL pointer, unknown enum value, bad struct_size */
    CALGRID_ERANGE    =  -2, /* a number or date outside what the operation allows */
    CALGRID_ENOMEM    =  -3, /* out of memory */
    CALGRID_EPARSE    =  -4, /* malformed text: a date, JSON */
    CALGRID_EIO       =  -5, /* a file could not be opened or read or written */
    CALGRID_ENOSPC    =  -6, /* a caller-provided buffer is too small */
    CALGRID_ENOTFOUND =  -7, /* no such item */
    CALGRID_EEXIST    =  -8, /* an item with that id already exists */
    CALGRID_ELIMIT    =  -9, /* a configured limit was exceeded */
    CALGRID_ECANCELED = -10, /* a callback asked to stop */
    CALGRID_ESCHEMA   = -11, /* well-formed input with a wrong shape or value (a field, a type) */
    CALGRID_EZONENAME = -12, /* a time zone name that may not be looked up (absolute, "..", control bytes, empty) */
    CALGRID_ENOZONE   = -13, /* no time zone of that name in the zone directory */
    CALGRID_EZONEDATA = -14  /* TZif bytes or a POSIX TZ string that are not valid zone rules */
} calgrid_status;

/* A short English description of a status ("invalid argument"); "unknown status" for other values.
** Ownership: a static string owned by the library. Thread-safe. */
const char *calgrid_status_string(int status);

/* Details of a failure. Functions that take a `calgrid_error *err` fill it when they fail (err may
** be NULL) and leave it untouched when they succeed. Unknown positions are -1; `field` is "" when
** no field is involved.
** Ownership: caller-owned storage; no member points anywhere, nothing needs freeing. */
#define CALGRID_ERROR_MESSAGE_SIZE 256
#define CALGRID_ERROR_FIELD_SIZE 64
typedef struct calgrid_error {
    int status;                               /* the value the function returned */
    int64_t byte_offset;                      /* 0-based offset of the offending byte in the input */
    int64_t line;                             /* 1-based line of that byte */
    int64_t column;                           /* 1-based column (in bytes) of that byte */
    int64_t record_index;                     /* 0-based index of the offending record (messages say "record N", 1-based) */
    char field[CALGRID_ERROR_FIELD_SIZE];     /* the offending field by its native JSON key ("endDate", "reminderTime",
                                                 "completed", "iscompleted"), or a C member ("struct_size"); NUL-terminated */
    char message[CALGRID_ERROR_MESSAGE_SIZE]; /* English, the core's sentence (as the importer and the CLI say it),
                                                 NUL-terminated, possibly truncated */
} calgrid_error;

/* ---------------------------------------------------------------------------------------------
** Civil dates
*/
typedef int32_t calgrid_date;
#define CALGRID_DATE_MIN  (-719162)      /* 0001-01-01 */
#define CALGRID_DATE_MAX  2932896        /* 9999-12-31 */
#define CALGRID_DATE_NONE INT32_MIN      /* "no date" where a date is optional */

/* 0 = Sunday ... 6 = Saturday, as C's tm_wday. */
typedef enum calgrid_weekday {
    CALGRID_SUNDAY = 0,
    CALGRID_MONDAY,
    CALGRID_TUESDAY,
    CALGRID_WEDNESDAY,
    CALGRID_THURSDAY,
    CALGRID_FRIDAY,
    CALGRID_SATURDAY
} calgrid_weekday;

typedef struct calgrid_ymd {
    int32_t year;   /* 1 ... 9999 */
    int32_t month;  /* 1 ... 12 */
    int32_t day;    /* 1 ... 31 */
} calgrid_ymd;

/* *out = the day number of year-month-day. ERANGE for a year outside 1...9999, a month outside
** 1...12 or a day the month does not have (2023-02-29): nothing is normalised.
** Thread-safe. */
int calgrid_date_from_ymd(calgrid_date *out, int year, int month, int day);

/* *out = the year, month and day of `date`. ERANGE when `date` is outside CALGRID_DATE_MIN...MAX.
** Thread-safe. */
int calgrid_date_to_ymd(calgrid_ymd *out, calgrid_date date);

/* *out = the weekday of `date`. ERANGE when `date` is out of range. Thread-safe. */
int calgrid_date_weekday(calgrid_weekday *out, calgrid_date date);

/* *out = 1 for January 1st ... 365 or 366. ERANGE when `date` is out of range. Thread-safe. */
int calgrid_date_day_of_year(int *out, calgrid_date date);

/* *out = 28 ... 31. ERANGE for a year outside 1...9999 or a month outside 1...12. Thread-safe. */
int calgrid_date_days_in_month(int *out, int year, int month);

/* *out = date + days. ERANGE when either date is out of range. Thread-safe. */
int calgrid_date_add_days(calgrid_date *out, calgrid_date date, int64_t days);

/* *out = date + months, the day clamped to the target month's length (Jan 31 + 1 = Feb 28/29).
** ERANGE when the result leaves 0001...9999. Thread-safe. */
int calgrid_date_add_months(calgrid_date *out, calgrid_date date, int64_t months);

/* *out = date + years, Feb 29 clamped to Feb 28 in a common year. Thread-safe. */
int calgrid_date_add_years(calgrid_date *out, calgrid_date date, int64_t years);

/* Pass as `length` when `text` is NUL-terminated. */
#define CALGRID_NUL_TERMINATED ((size_t)-1)

/* Parses exactly "YYYY-MM-DD" (no sign, no spaces, no time) from the `length` bytes at `text`.
** EPARSE for malformed text (err->byte_offset = the first wrong byte), ERANGE for a date that
** does not exist (2023-02-29). `text` is only read during the call. Thread-safe. */
int calgrid_date_parse_iso(calgrid_date *out, const char *text, size_t length, calgrid_error *err);

/* Writes "YYYY-MM-DD" and a NUL into `buf` (capacity `size` bytes, at least
** CALGRID_ISO_DATE_SIZE). ENOSPC when `size` is smaller, ERANGE when `date` is out of range.
** Thread-safe. */
#define CALGRID_ISO_DATE_SIZE 11
int calgrid_date_format_iso(char *buf, size_t size, calgrid_date date);

/* ---------------------------------------------------------------------------------------------
** The Korean lunar calendar (음력): KASI's, lunar 1000-01-01 ... 2050-11-18, which are the solar
** days CALGRID_LUNAR_FIRST_DATE ... CALGRID_LUNAR_LAST_DATE (1000-02-13 ... 2050-12-31).
** Nothing is normalised; a call that succeeds allocates nothing (an error's sentence in err may)
** (docs/lunar-and-holidays.md). */
#define CALGRID_LUNAR_FIRST_DATE (-354242)  /* 1000-02-13 */
#define CALGRID_LUNAR_LAST_DATE  29584      /* 2050-12-31 */

typedef struct calgrid_lunar_date {
    int32_t year;           /* 1000 ... 2050: the solar year its new year's day falls in */
    int32_t month;          /* 1 ... 12 (a leap month has the number of the month it follows) */
    int32_t day;            /* 1 ... 30 */
    int32_t is_leap_month;  /* 1 in the year's leap month (윤달), else 0 */
} calgrid_lunar_date;

/* *out = the lunar date of `date`. ERANGE when `date` is outside CALGRID_LUNAR_FIRST_DATE ...
** CALGRID_LUNAR_LAST_DATE; err (may be NULL) then holds the core's sentence. Thread-safe. */
int calgrid_lunar_from_date(calgrid_lunar_date *out, calgrid_date date, calgrid_error *err);

/* *out = the solar day of lunar year-month-day (its leap month when is_leap_month is nonzero).
** ERANGE for a year outside 1000 ... 2050, a month outside 1 ... 12, a leap month the year does
** not have, a day the month does not have (day 30 of a 29-day month) or a day after 2050-11-18;
** err (may be NULL) then holds the core's sentence naming it. Thread-safe. */
int calgrid_date_from_lunar(calgrid_date *out, int year, int month, int day, int is_leap_month, calgrid_error *err);

/* ---------------------------------------------------------------------------------------------
** Periods: inclusive spans of days. The app's picker (monthly / weekly / daily) is
** CALGRID_PERIOD_MONTH / _WEEK / _DAY.
*/
typedef enum calgrid_period_kind {
    CALGRID_PERIOD_DAY = 0,
    CALGRID_PERIOD_WEEK,
    CALGRID_PERIOD_MONTH,
    CALGRID_PERIOD_YEAR,
    CALGRID_PERIOD_RANGE
} calgrid_period_kind;

/* A plain value; a function that takes a `const calgrid_period *` checks that it is one the
** library could have produced (EINVAL otherwise, e.g. a "month" that does not start on a 1st). */
typedef struct calgrid_period {
    calgrid_period_kind kind;
    calgrid_date first;             /* inclusive */
    calgrid_date last;              /* inclusive, never before first */
    calgrid_weekday first_weekday;  /* the week's first day for CALGRID_PERIOD_WEEK, else Sunday */
} calgrid_period;

/* The single day `date`. Thread-safe. */
int calgrid_period_day(calgrid_period *out, calgrid_date date);

/* The week containing `date` that starts on `first_weekday`. ERANGE when the week is cut by the
** ends of the supported range. Thread-safe. */
int calgrid_period_week(calgrid_period *out, calgrid_date date, calgrid_weekday first_weekday);

/* The whole month. Thread-safe. */
int calgrid_period_month(calgrid_period *out, int year, int month);

/* The whole year. Thread-safe. */
int calgrid_period_year(calgrid_period *out, int year);

/* The days first...last. EINVAL when last is before first. Thread-safe. */
int calgrid_period_range(calgrid_period *out, calgrid_date first, calgrid_date last);

/* The next / previous period of the same kind (a range moves by its own length).
** `out` may equal `period`. Thread-safe. */
int calgrid_period_next(calgrid_period *out, const calgrid_period *period);
int calgrid_period_previous(calgrid_period *out, const calgrid_period *period);

/* *out = 1 when `date` lies in `period`, else 0. Thread-safe. */
int calgrid_period_contains(int *out, const calgrid_period *period, calgrid_date date);

/* ---------------------------------------------------------------------------------------------
** Month grids: 4 to 6 rows of 7 days, written into caller storage (a grid has at most
** CALGRID_GRID_MAX_CELLS cells, so calgrid_month_grid holds them all).
*/
#define CALGRID_GRID_MAX_CELLS 42

typedef enum calgrid_row_policy {
    CALGRID_ROWS_FIXED = 0,  /* always 6 rows, so a view never changes height */
    CALGRID_ROWS_AUTO = 1    /* only the rows the month needs: 4, 5 or 6 */
} calgrid_row_policy;

typedef enum calgrid_adjacent_policy {
    CALGRID_ADJACENT_SHOW = 0,  /* days of the neighbouring months are shown */
    CALGRID_ADJACENT_HIDE = 1   /* they are not visible (their dates are still filled in) */
} calgrid_adjacent_policy;

typedef enum calgrid_cell_owner {
    CALGRID_OWNER_PREVIOUS_MONTH = 0,
    CALGRID_OWNER_THIS_MONTH = 1,
    CALGRID_OWNER_NEXT_MONTH = 2
} calgrid_cell_owner;

/* calgrid_cell.flags bits. */
#define CALGRID_CELL_TODAY   0x01u
#define CALGRID_CELL_VISIBLE 0x02u
#define CALGRID_CELL_WEEKEND 0x04u

typedef struct calgrid_cell {
    calgrid_date date;
    uint8_t owner;      /* calgrid_cell_owner */
    uint8_t weekday;    /* calgrid_weekday */
    uint8_t flags;      /* CALGRID_CELL_* bits */
    uint8_t day;        /* day of the month, 1 ... 31 */
} calgrid_cell;

typedef struct calgrid_grid_options {
    size_t struct_size;                 /* sizeof(calgrid_grid_options) */
    calgrid_weekday first_weekday;      /* the first column; default Sunday */
    calgrid_row_policy rows;            /* default CALGRID_ROWS_FIXED */
    calgrid_adjacent_policy adjacent;   /* default CALGRID_ADJACENT_SHOW */
    calgrid_date today;                 /* the day flagged CALGRID_CELL_TODAY, or CALGRID_DATE_NONE */
} calgrid_grid_options;

#define CALGRID_GRID_OPTIONS_INIT \
    { sizeof(calgrid_grid_options), CALGRID_SUNDAY, CALGRID_ROWS_FIXED, CALGRID_ADJACENT_SHOW, CALGRID_DATE_NONE }

typedef struct calgrid_month_grid {
    int32_t year;
    int32_t month;
    int32_t first_weekday;      /* calgrid_weekday of column 0 */
    int32_t row_count;          /* 4 ... 6 */
    int32_t cell_count;         /* row_count * 7; cells[cell_count ...] are zeroed */
    calgrid_date month_first;   /* the 1st */
    calgrid_date month_last;    /* the month's last day */
    calgrid_cell cells[CALGRID_GRID_MAX_CELLS];  /* row-major */
} calgrid_month_grid;

/* Lays out year-month into *out. `options` may be NULL for the defaults. ERANGE for an invalid
** year or month or an out-of-range `today`; EINVAL for NULL `out`, bad struct_size or enum values.
** At the ends of the supported range (January 1, December 9999) adjacent cells may hold dates of
** year 0 or 10000; such dates have correct components but date functions reject them.
** Ownership: *out is caller storage, fully overwritten on success. Thread-safe. */
int calgrid_month_grid_fill(calgrid_month_grid *out, int year, int month, const calgrid_grid_options *options);

/* ---------------------------------------------------------------------------------------------
** Week numbers, week strips, years, range selections.
*/
/* How weeks are numbered: CALGRID_WEEKS_ISO (ISO 8601: Monday weeks, week 1 holds the year's
** first Thursday, 1 ... 53 of the week-based year), or weeks starting on a weekday as C's strftime
** counts them (week 1 starts on the year's first such weekday, the days before are week 0;
** CALGRID_WEEKS_SUNDAY is %U, CALGRID_WEEKS_MONDAY is %W). */
typedef enum calgrid_week_numbering {
    CALGRID_WEEKS_SUNDAY = 0,
    CALGRID_WEEKS_MONDAY,
    CALGRID_WEEKS_TUESDAY,
    CALGRID_WEEKS_WEDNESDAY,
    CALGRID_WEEKS_THURSDAY,
    CALGRID_WEEKS_FRIDAY,
    CALGRID_WEEKS_SATURDAY,
    CALGRID_WEEKS_ISO = 7
} calgrid_week_numbering;

typedef struct calgrid_iso_week {
    int32_t year;   /* the week-based year: the calendar year of the week's Thursday */
    int32_t week;   /* 1 ... 52 or 53 */
} calgrid_iso_week;

/* *out = the ISO week of `date`. Thread-safe. */
int calgrid_date_iso_week(calgrid_iso_week *out, calgrid_date date);

/* *out = `weekday` of ISO week year-Wweek. ERANGE for a week the year does not have (2025-W53)
** or a day past 9999-12-31. Thread-safe. */
int calgrid_date_from_iso_week(calgrid_date *out, int year, int week, calgrid_weekday weekday);

/* *out = the week number of `date` under `numbering` (1 ... 53 ISO, 0 ... 53 otherwise). Thread-safe. */
int calgrid_date_week_number(int *out, calgrid_date date, calgrid_week_numbering numbering);

/* *out = the week of the month, 1 ... 6 (the 1st is in week 1; weeks start on first_weekday). */
int calgrid_date_week_of_month(int *out, calgrid_date date, calgrid_weekday first_weekday);

/* out[r] = the week number beside row r of the grid calgrid_month_grid_fill makes from the same
** arguments (ISO: the week of the row's Thursday); rows past its row_count are 0. Thread-safe. */
int calgrid_month_grid_week_numbers(int32_t out[6], int year, int month, const calgrid_grid_options *options,
                                    calgrid_week_numbering numbering);

/* The seven days of the week containing `date`, starting on first_weekday, into cells[0..6]
** (owners relative to `date`'s month; every cell visible). `today` may be CALGRID_DATE_NONE.
** Like grids, a strip at the ends of the calendar may hold a day of year 0 or 10000. Thread-safe. */
int calgrid_week_strip_fill(calgrid_cell cells[7], calgrid_date date, calgrid_weekday first_weekday, calgrid_date today);

/* The twelve month grids of `year`, as calgrid_month_grid_fill makes them. Thread-safe. */
int calgrid_year_fill(calgrid_month_grid months[12], int year, const calgrid_grid_options *options);

typedef enum calgrid_selection_state {
    CALGRID_SELECTION_NONE = 0,
    CALGRID_SELECTION_SINGLE,     /* the range is this one day */
    CALGRID_SELECTION_FIRST,      /* the range's first day */
    CALGRID_SELECTION_MIDDLE,
    CALGRID_SELECTION_LAST        /* the range's last day */
} calgrid_selection_state;

/* A cell's part in a selected range. A drawn run (a rounded bar) starts and ends at the range's
** ends, at row ends and next to hidden cells. */
typedef struct calgrid_selection_cell {
    uint8_t state;        /* calgrid_selection_state */
    uint8_t starts_run;   /* 1 when a run begins at this cell */
    uint8_t ends_run;     /* 1 when a run ends at this cell */
    uint8_t reserved;     /* 0 */
} calgrid_selection_cell;

/* out[i] = cell i's part in the range first...last of the grid calgrid_month_grid_fill makes from
** the same arguments (hidden adjacent cells are never selected); cells past its cell_count are
** zeroed. EINVAL when last is before first. Thread-safe. */
int calgrid_month_grid_selection(calgrid_selection_cell out[CALGRID_GRID_MAX_CELLS], int year, int month,
                                 const calgrid_grid_options *options, calgrid_date first, calgrid_date last);

/* out[i] = cell i's part in first...last for the week strip of calgrid_week_strip_fill. Thread-safe. */
int calgrid_week_strip_selection(calgrid_selection_cell out[7], calgrid_date date, calgrid_weekday first_weekday,
                                 calgrid_date first, calgrid_date last);

/* ---------------------------------------------------------------------------------------------
** Date pickers: year / month / day wheels between a minimum and a maximum. A plain value; the
** functions keep `selection` a valid day within minimum...maximum, re-clamping month and day when
** the year or month changes (March 31 -> February gives the 28th or 29th).
*/
typedef struct calgrid_picker {
    calgrid_date minimum;
    calgrid_date maximum;
    calgrid_date selection;
} calgrid_picker;

typedef struct calgrid_picker_columns {
    int32_t year_min, year_max;     /* the year wheel */
    int32_t month_min, month_max;   /* the month wheel for the selected year */
    int32_t day_min, day_max;       /* the day wheel for the selected month */
} calgrid_picker_columns;

typedef enum calgrid_picker_column {
    CALGRID_PICKER_YEAR = 0,
    CALGRID_PICKER_MONTH,
    CALGRID_PICKER_DAY
} calgrid_picker_column;

/* A picker over minimum...maximum with `selection` clamped into it. EINVAL when maximum is before
** minimum. Thread-safe. */
int calgrid_picker_init(calgrid_picker *out, calgrid_date minimum, calgrid_date maximum, calgrid_date selection);

/* The three wheels' ranges for the picker's selection. Thread-safe. */
int calgrid_picker_columns_get(calgrid_picker_columns *out, const calgrid_picker *picker);

/* Picks `value` on one wheel, re-clamping the others. ERANGE (picker unchanged) when the value is
** not on that wheel (a year outside year_min...year_max, a month or day outside its column).
** Thread-safe for distinct pickers. */
int calgrid_picker_select(calgrid_picker *picker, calgrid_picker_column column, int value);

/* *out = `date` moved to the nearest bound when outside minimum...maximum. Thread-safe. */
int calgrid_picker_clamp(calgrid_date *out, const calgrid_picker *picker, calgrid_date date);

/* ---------------------------------------------------------------------------------------------
** Labels in English and Korean. Names are static NUL-terminated UTF-8 owned by the library.
*/
typedef enum calgrid_language {
    CALGRID_LANG_EN = 0,
    CALGRID_LANG_KO = 1
} calgrid_language;

typedef enum calgrid_label_width {
    CALGRID_WIDTH_NARROW = 0,   /* "Su" / "일" */
    CALGRID_WIDTH_SHORT,        /* "Sun" / "일" */
    CALGRID_WIDTH_LONG          /* "Sunday" / "일요일" */
} calgrid_label_width;

/* The sort dropdown's entries: a name (calgrid_label_sort) and a sort (calgrid_sort_label_order). */
typedef enum calgrid_sort_label {
    CALGRID_LABEL_DEADLINE_IMMINENT = 0,   /* 기한임박 */
    CALGRID_LABEL_REGISTRATION_ORDER,      /* 등록순 */
    CALGRID_LABEL_NEWEST_FIRST,            /* 최신순 */
    CALGRID_LABEL_START_DAY,
    CALGRID_LABEL_TITLE,
    CALGRID_LABEL_PROGRESS,
    CALGRID_LABEL_TIME                     /* 시간순: start day, all-day first, start time, title */
} calgrid_sort_label;

/* *out = a static name. EINVAL for unknown enum values, ERANGE for a month outside 1...12. */
int calgrid_label_weekday(const char **out, calgrid_weekday weekday, calgrid_label_width width, calgrid_language language);
int calgrid_label_month(const char **out, int month, calgrid_label_width width, calgrid_language language);
int calgrid_label_period(const char **out, calgrid_period_kind kind, calgrid_label_width width, calgrid_language language);
int calgrid_label_sort(const char **out, calgrid_sort_label order, calgrid_label_width width, calgrid_language language);

/* Titles written into `buf` (capacity `size`) with a NUL: "November 2026" / "2026년 11월" and
** "Sunday, November 29, 2026" / "2026년 11월 29일 일요일". These sizes always suffice. ENOSPC when
** `size` is too small. Thread-safe. */
#define CALGRID_MONTH_TITLE_SIZE 17
#define CALGRID_DATE_TITLE_SIZE 33
int calgrid_title_month(char *buf, size_t size, int year, int month, calgrid_language language);
int calgrid_title_date(char *buf, size_t size, calgrid_date date, calgrid_language language);

/* ---------------------------------------------------------------------------------------------
** Public holidays (KR, US federal, DE national, computed from the core's rows of data), working
** days, and grid cells that carry the lunar date and the holidays of their day
** (docs/lunar-and-holidays.md). These calls are the archive member calgrid_lunar.o of
** libcalgrid.a: a program that calls none of them links no holiday rows and no copy of them.
*/
typedef enum calgrid_country {
    CALGRID_COUNTRY_NONE = 0,   /* no holidays: workdays are Monday to Friday */
    CALGRID_COUNTRY_KR = 1,     /* South Korea: 관공서의 공휴일에 관한 규정, with 대체공휴일 */
    CALGRID_COUNTRY_US = 2,     /* United States: federal holidays, with their observed days */
    CALGRID_COUNTRY_DE = 3      /* Germany: the national holidays */
} calgrid_country;

/* One holiday on one day. `row` names it within its country's table (for calgrid_holiday_name);
** a holiday is a plain value the library made: keep it, copy it, pass it back. */
typedef struct calgrid_holiday {
    calgrid_date date;
    int32_t country;        /* calgrid_country, never CALGRID_COUNTRY_NONE */
    int32_t row;            /* which holiday of the country's table */
    int32_t is_substitute;  /* 1: a substitute day (대체 휴일, "observed"), else 0 */
} calgrid_holiday;

/* A day holds at most this many holidays (Korea: two on 2025-05-05, Children's Day and Buddha's
** Birthday; checked over 1990 ... 2050 by Tests/C/test_holidays.c). */
#define CALGRID_CELL_MAX_HOLIDAYS 3

/* A month grid cell with what a calendar app draws beside the day. Versioned by struct_size, which
** the caller sets in cells[0]: sizeof(calgrid_grid_cell), CALGRID_GRID_CELL_SIZE_V1 (no holidays),
** or more for a later header's (its members beyond these are left as they are). The elements are
** cells[0].struct_size bytes apart; the library sets each one's struct_size. */
typedef struct calgrid_grid_cell {
    size_t struct_size;
    calgrid_cell cell;              /* the packed cell, as calgrid_month_grid holds it */
    calgrid_lunar_date lunar;       /* the Korean lunar date; all 0 outside the lunar table's days */
    int32_t holiday_count;          /* holidays on the day (0 for CALGRID_COUNTRY_NONE) */
    calgrid_holiday holidays[CALGRID_CELL_MAX_HOLIDAYS];  /* [0 ... holiday_count-1], date order's rows */
} calgrid_grid_cell;

/* sizeof(calgrid_grid_cell) without the holidays: the cell and its lunar date. */
#define CALGRID_GRID_CELL_SIZE_V1 (offsetof(calgrid_grid_cell, lunar) + sizeof(calgrid_lunar_date))

/* cells[k] = grid->cells[k] with its lunar date and, when cells[0].struct_size holds them, the
** holidays of `country` on its day, for k in 0 ... grid->cell_count-1; `size` (elements) must be at
** least grid->cell_count (ENOSPC otherwise). `grid` is one calgrid_month_grid_fill made (EINVAL for
** a cell_count outside 28 ... 42, a struct_size below CALGRID_GRID_CELL_SIZE_V1, an unknown
** country). Allocates (the holidays of the years touched; docs/reliability.md); ENOMEM. Thread-safe. */
int calgrid_grid_cells_fill(calgrid_grid_cell *cells, size_t size, const calgrid_month_grid *grid, calgrid_country country);

/* out[0 ... *out_count-1] = the holidays of `country` in first ... last, by date (a substitute
** after the holidays of its day). *out_count is set even on ENOSPC (`size` elements too few), so a
** call with size 0 counts. EINVAL when last is before first or country is NONE or unknown.
** Allocates (the years' holidays; docs/reliability.md); ENOMEM. Thread-safe. */
int calgrid_holidays_list(calgrid_holiday *out, size_t size, size_t *out_count, calgrid_date first, calgrid_date last,
                          calgrid_country country);

/* The holiday's name into `buf` (capacity `size`, with a NUL; *out_length, which may be NULL, the
** bytes without it, set even on ENOSPC): CALGRID_LANG_EN "Chuseok", "Alternative holiday for
** Liberation Day", "Christmas Day (observed)"; CALGRID_LANG_KO "추석", "광복절 대체 휴일" for a
** Korean holiday, the English name for another country's. EINVAL for a holiday the library could not
** have made (country or row unknown). Allocates the name while it copies it; ENOMEM. Thread-safe. */
int calgrid_holiday_name(char *buf, size_t size, size_t *out_length, const calgrid_holiday *holiday,
                         calgrid_language language);

/* *out = the working days of `period`: Monday to Friday minus the days holding a holiday of
** `country` (CALGRID_COUNTRY_NONE: Monday to Friday). EINVAL for a period the library could not
** have made or an unknown country. Allocates (the period's holidays; docs/reliability.md); ENOMEM. Thread-safe. */
int calgrid_period_workdays(int *out, const calgrid_period *period, calgrid_country country);

/* ---------------------------------------------------------------------------------------------
** Todo sets: an opaque handle holding todos as struct-of-arrays (millions are fine). Todos are
** addressed by index 0 ... count-1 in insertion order (removal shifts later todos down) or by id.
*/
typedef struct calgrid_todo_set calgrid_todo_set;

#define CALGRID_TIMESTAMP_NONE INT64_MIN   /* calgrid_todo.created_at: registration time unknown */
#define CALGRID_REMINDER_NONE  (-1)        /* calgrid_todo.reminder_minutes: no reminder */
#define CALGRID_EVERY_DAY      0x7Fu       /* calgrid_todo.repetition: bit n = weekday n (0 = Sunday) */

/* A todo as the caller hands it over. Every pointer is borrowed for the duration of the call only;
** strings are NUL-terminated UTF-8 (invalid UTF-8 is rejected, never repaired). */
typedef struct calgrid_todo {
    size_t struct_size;                 /* sizeof(calgrid_todo) */
    const char *id;                     /* required, unique in the set, 1 ... 256 bytes */
    const char *title;                  /* NULL = "" */
    const char *memo;                   /* NULL = no memo */
    calgrid_date start;                 /* first day, or CALGRID_DATE_NONE */
    calgrid_date end;                   /* last day (the deadline), or CALGRID_DATE_NONE */
    int64_t created_at;                 /* seconds since 1970-01-01T00:00:00Z, or CALGRID_TIMESTAMP_NONE */
    int is_challenge;                   /* 0 or 1 */
    int is_completed;                   /* 0 or 1: completion of todos without per-day flags */
    unsigned repetition;                /* weekday bits, 1 ... CALGRID_EVERY_DAY */
    int reminder_minutes;               /* 0 ... 1439, or CALGRID_REMINDER_NONE */
    const uint8_t *completed_days;      /* one 0/1 per repeat day of [start, end], or NULL */
    size_t completed_day_count;         /* entries in completed_days (0 when it is NULL) */
    const char *const *tags;            /* tag_count strings, or NULL when tag_count is 0 */
    size_t tag_count;
    /* Members added later (a recurrence rule): a caller built with a header that lacks them passes
    ** a smaller struct_size (CALGRID_TODO_SIZE_V1) and its todos have no rule, as before; any other
    ** size below sizeof(calgrid_todo) is EINVAL. */
    const char *rrule;                  /* an RFC 5545 RRULE value, NUL-terminated ("FREQ=MONTHLY;BYDAY=3TH"),
                                           bound to `start` (required with it; `repetition` must stay
                                           CALGRID_EVERY_DAY); NULL = none. The todo falls on its
                                           occurrences in [start, end]; completed_days has one entry
                                           per occurrence. A UTC UNTIL bounds at its UTC day. */
    const calgrid_date *exdates;        /* exdate_count removed days (EXDATE), or NULL */
    size_t exdate_count;
    const calgrid_date *rdates;         /* rdate_count added days (RDATE), or NULL; with rrule NULL and a
                                           day list given, the todo falls on start and these days */
    size_t rdate_count;
    /* Added after the rule members: a caller whose header lacks it passes CALGRID_TODO_SIZE_V2 (or
    ** V1) and adds todos, as before. */
    int is_event;                       /* 0 or 1: an event (a meeting, a VEVENT), not a todo: it falls on
                                           its days like a todo and is never done, so is_completed,
                                           is_challenge and completed_days must stay 0/NULL (EINVAL,
                                           field "kind"); counted apart in calgrid_day_tally.events */
    /* Added after is_event: a caller whose header lacks it passes CALGRID_TODO_SIZE_V3 (or older)
    ** and its occurrences are one day each, as before. */
    int occurrence_days;                /* days each occurrence of rrule covers (RFC 5545's DTSTART to
                                           DUE or DTEND), 1 ... 65536; 0 = 1. More than 1 needs rrule
                                           (EINVAL, field "occurrenceDays"); `end` is then the last day
                                           of the last occurrence, an occurrence starts no later than
                                           end - (occurrence_days - 1), and falls on each of its days;
                                           completed_days has one entry per occurrence, a tick names
                                           an occurrence by its first day. */
    /* Added after occurrence_days: a caller whose header lacks them passes CALGRID_TODO_SIZE_V4 (or
    ** older) and its items are all-day, without a location, as before. */
    int has_times;                      /* 0 = all-day or date-only; 1 = start_minutes and end_minutes hold
                                           its times of day (wall-clock, in the zone its days are in) */
    int start_minutes;                  /* 0 ... 1439 after midnight on its first day (ERANGE, field
                                           "startTime"); read only with has_times */
    int end_minutes;                    /* 0 ... 1439 on its last day (may be before start_minutes: it ends
                                           on a later day); read only with has_times */
    const char *location;               /* where it takes place (LOCATION), or NULL */
    /* Added after location: a caller whose header lacks it passes CALGRID_TODO_SIZE_V5 (or older)
    ** and its times are floating, as before. */
    const char *time_zone;              /* the zone its times keep their wall-clock time in (an iCalendar
                                           TZID): a name calgrid_tz_new takes ("America/New_York"), or
                                           NULL = floating, in the set's zone. Needs has_times (EINVAL,
                                           field "timeZone"). start, end, start_minutes and end_minutes
                                           stay the first occurrence's in the set's zone
                                           (calgrid_todo_set_set_zone; a store's: its zone), as an
                                           import reads a DTSTART with a TZID; each later occurrence
                                           keeps its own wall-clock time there, so where the two zones
                                           change offset on different dates its times move
                                           (calgrid_todo_set_occurrences gives each occurrence's own).
                                           The set's own zone is kept as NULL. EZONENAME, ENOZONE or
                                           EZONEDATA (err->message names the zone) for a name that is
                                           not a zone; ENOZONE in the embedded library, which has no
                                           zones by name. Borrowed for the call; the set keeps the rules. */
} calgrid_todo;

/* sizeof(calgrid_todo) before the rule members: what callers built with an older header pass. */
#define CALGRID_TODO_SIZE_V1 (offsetof(calgrid_todo, tag_count) + sizeof(size_t))
/* sizeof(calgrid_todo) before is_event (with the rule members). */
#define CALGRID_TODO_SIZE_V2 (offsetof(calgrid_todo, rdate_count) + sizeof(size_t))
/* sizeof(calgrid_todo) before occurrence_days (with is_event). */
#define CALGRID_TODO_SIZE_V3 (offsetof(calgrid_todo, is_event) + sizeof(int))
/* sizeof(calgrid_todo) before has_times (with occurrence_days). */
#define CALGRID_TODO_SIZE_V4 (offsetof(calgrid_todo, occurrence_days) + sizeof(int))
/* sizeof(calgrid_todo) before time_zone (with the times and location). */
#define CALGRID_TODO_SIZE_V5 (offsetof(calgrid_todo, location) + sizeof(const char *))

#define CALGRID_TODO_INIT \
    { sizeof(calgrid_todo), NULL, NULL, NULL, CALGRID_DATE_NONE, CALGRID_DATE_NONE, CALGRID_TIMESTAMP_NONE, \
      0, 0, CALGRID_EVERY_DAY, CALGRID_REMINDER_NONE, NULL, 0, NULL, 0, NULL, NULL, 0, NULL, 0, 0, 1, 0, 0, 0, NULL, NULL }

/* The fixed-size facts of a stored todo (its texts: calgrid_todo_set_text). */
typedef struct calgrid_todo_info {
    size_t struct_size;                 /* set by the caller: sizeof(calgrid_todo_info) */
    calgrid_date start;                 /* or CALGRID_DATE_NONE */
    calgrid_date end;                   /* or CALGRID_DATE_NONE */
    int64_t created_at;                 /* or CALGRID_TIMESTAMP_NONE */
    int is_challenge;
    int is_completed;                   /* the stored flag */
    int is_tracked;                     /* has start and end, so one completion flag per repeat day */
    int is_done;                        /* done as a whole: every tracked day done, else is_completed */
    unsigned repetition;
    int reminder_minutes;               /* or CALGRID_REMINDER_NONE */
    int64_t tracked_day_count;          /* repeat days in [start, end]; 0 when not tracked */
    int64_t done_day_count;             /* of those, marked done */
    double completion_share;            /* 0 ... 1 */
    int has_memo;
    size_t tag_count;
    int is_event;                       /* an event: never done, never tracked (added later: a caller whose
                                           header lacks it passes CALGRID_TODO_INFO_SIZE_V1 and gets the rest) */
    int occurrence_days;                /* days each occurrence covers, 1 without a rule (added later: a
                                           caller whose header lacks it passes CALGRID_TODO_INFO_SIZE_V2) */
    int has_times;                      /* its times of day, as calgrid_todo's (added later: a caller whose */
    int start_minutes;                  /* header lacks them passes CALGRID_TODO_INFO_SIZE_V3); */
    int end_minutes;                    /* -1 each without has_times. Its first occurrence's: one with a
                                           time zone (CALGRID_TEXT_TIME_ZONE) may have other times on
                                           later occurrences, which calgrid_todo_set_occurrences gives */
} calgrid_todo_info;

/* sizeof(calgrid_todo_info) before is_event. */
#define CALGRID_TODO_INFO_SIZE_V1 (offsetof(calgrid_todo_info, tag_count) + sizeof(size_t))
/* sizeof(calgrid_todo_info) before occurrence_days. */
#define CALGRID_TODO_INFO_SIZE_V2 (offsetof(calgrid_todo_info, is_event) + sizeof(int))
/* sizeof(calgrid_todo_info) before has_times. */
#define CALGRID_TODO_INFO_SIZE_V3 (offsetof(calgrid_todo_info, occurrence_days) + sizeof(int))

/* Creates an empty set. Ownership: the caller owns *out and releases it with
** calgrid_todo_set_free. Thread-safe (the new set is not shared yet). */
int calgrid_todo_set_new(calgrid_todo_set **out);

/* Releases the set and everything in it. NULL does nothing. Not to be called while another
** thread uses the set. */
void calgrid_todo_set_free(calgrid_todo_set *set);

/* *out = a copy of the set: the same todos, with whatever indexes and per-day tables it has built,
** in O(1); the two share storage until one of them changes (that change copies what it writes,
** O(N) at most), and a change to either never shows in the other. Reads the set, so threads may
** read a set while another thread changes its own copy of it (a snapshot for readers while a sync
** edits). Ownership: the caller owns *out and releases it with calgrid_todo_set_free. */
int calgrid_todo_set_copy(calgrid_todo_set **out, const calgrid_todo_set *set);

/* Sets the zone the set's days and times of day are in: what a todo's time_zone is read in
** (calgrid_todo.time_zone). NULL = UTC, a new set's. It changes no todo already in the set (each
** keeps the zone it came in with); an import does not set it. A copy has its set's zone, and a
** store's snapshot the store's. `zone` is borrowed for the call (the set keeps its rules).
** EINVAL for a NULL set. Changes the set: one thread. */
struct calgrid_tz;   /* calgrid_tz, declared with its calls below */
int calgrid_todo_set_set_zone(calgrid_todo_set *set, const struct calgrid_tz *zone);

/* *out = the number of todos. Reads the set.
** Threads: every function taking a const calgrid_todo_set * reads it and may run on many threads
** at once (queries build their indexes once, safely); a change needs the set to itself. */
int calgrid_todo_set_count(size_t *out, const calgrid_todo_set *set);

/* Adds one todo at the end; *out_index (may be NULL) = its index. Invalid todos are rejected with
** EINVAL (ERANGE for an out-of-range number or date, EEXIST for a duplicate id, ELIMIT when the
** set is full) and err names the field; the set is then untouched. Changes the set: one thread. */
int calgrid_todo_set_add(size_t *out_index, calgrid_todo_set *set, const calgrid_todo *todo, calgrid_error *err);

/* Adds `count` todos at once, all or nothing: on failure err->record_index is the offending
** todo's position in `todos` and the set is untouched. `todos` is an array of calgrid_todo
** whose elements are todos[0].struct_size bytes apart. Changes the set: one thread. */
int calgrid_todo_set_add_many(calgrid_todo_set *set, const calgrid_todo *todos, size_t count, calgrid_error *err);

/* Replaces the todo at `index` (keeping its position); the new id may differ but must stay unique.
** Fails like calgrid_todo_set_add; ERANGE for an index >= count. Changes the set: one thread. */
int calgrid_todo_set_update(calgrid_todo_set *set, size_t index, const calgrid_todo *todo, calgrid_error *err);

/* Removes the todo at `index` (ERANGE when index >= count); later todos move down by one.
** Changes the set: one thread. */
int calgrid_todo_set_remove_at(calgrid_todo_set *set, size_t index);

/* Removes the todo with this id; ENOTFOUND when there is none. Changes the set: one thread. */
int calgrid_todo_set_remove(calgrid_todo_set *set, const char *id);

/* *out = the index of the todo with this id; ENOTFOUND when there is none.
** Reads the set (any number of threads at once). */
int calgrid_todo_set_find(size_t *out, const calgrid_todo_set *set, const char *id);

/* Fills *out (whose struct_size the caller sets) for the todo at `index`.
** Reads the set (any number of threads at once). */
int calgrid_todo_set_get(calgrid_todo_info *out, const calgrid_todo_set *set, size_t index);

/* What a whole set holds, counted in one pass: what `calgrid stats` prints. */
typedef struct calgrid_todo_statistics {
    size_t struct_size;                 /* set by the caller: sizeof(calgrid_todo_statistics) */
    size_t count;                       /* all todos */
    size_t challenges;                  /* flagged as challenges */
    size_t dated;                       /* with a start and an end */
    size_t open_ended;                  /* with exactly one of them */
    size_t undated;                     /* with neither */
    size_t done;                        /* done as a whole (calgrid_todo_info.is_done) */
    size_t overdue;                     /* not done, its deadline before `today` (as CALGRID_SORT_DEADLINE reads it) */
    int64_t tracked_days;               /* repeat days of the tracked todos, summed */
    int64_t done_days;                  /* of those, marked done */
    calgrid_date earliest_start;        /* or CALGRID_DATE_NONE when no todo has a start */
    calgrid_date latest_end;            /* or CALGRID_DATE_NONE when no todo has an end */
    int64_t longest_days;               /* days of the longest dated todo, both ends counted; 0 when none is dated */
    size_t longest_index;               /* its index (the first of equals); 0 when longest_days is 0 */
    size_t events;                      /* events (counted in count and the date shapes; never done nor
                                           overdue). Added later: a caller whose header lacks it passes
                                           CALGRID_TODO_STATISTICS_SIZE_V1 and gets the rest */
} calgrid_todo_statistics;

/* sizeof(calgrid_todo_statistics) before events. */
#define CALGRID_TODO_STATISTICS_SIZE_V1 (offsetof(calgrid_todo_statistics, longest_index) + sizeof(size_t))

/* Fills *out (whose struct_size the caller sets) with the set's counts and spans; `today` decides
** which todos are overdue (the library never reads the clock). EINVAL for NULL pointers or a
** struct_size below this header's (other than CALGRID_TODO_STATISTICS_SIZE_V1), ERANGE for a `today` outside the supported dates.
** O(n) for n todos; allocates nothing. Ownership: *out is the caller's, nothing is kept.
** Reads the set (any number of threads at once). */
int calgrid_todo_set_statistics(calgrid_todo_statistics *out, const calgrid_todo_set *set, calgrid_date today);

typedef enum calgrid_todo_text {
    CALGRID_TEXT_ID = 0,
    CALGRID_TEXT_TITLE,
    CALGRID_TEXT_MEMO,   /* ENOTFOUND when the todo has no memo */
    CALGRID_TEXT_TAG,    /* the tag at `tag_index` (ERANGE when tag_index >= tag_count) */
    CALGRID_TEXT_RRULE,  /* the rule's canonical RRULE text (ENOTFOUND when the todo has no rule text) */
    CALGRID_TEXT_LOCATION, /* where it takes place (ENOTFOUND when it has no location) */
    CALGRID_TEXT_ALARM_DESCRIPTION, /* the DESCRIPTION of its alarm number `tag_index` (calgrid_alarm_instant.alarm;
                                      ERANGE when it has no such alarm, ENOTFOUND when that one has none) */
    CALGRID_TEXT_TIME_ZONE /* the zone its times keep their wall-clock time in (calgrid_todo.time_zone: the
                              zone's name); ENOTFOUND when its times are floating, in the set's zone */
} calgrid_todo_text;

/* Copies one text of the todo at `index` into buf (capacity `size`) as NUL-terminated UTF-8;
** *out_length (may be NULL) = its length in bytes without the NUL, also when buf is too small
** (ENOSPC), so a caller can pass size 0 (buf may then be NULL) to learn the size.
** Reads the set (any number of threads at once). */
int calgrid_todo_set_text(char *buf, size_t size, size_t *out_length, const calgrid_todo_set *set, size_t index,
                          calgrid_todo_text which, size_t tag_index);

/* *out = the recurrence of the todo at `index` (its rule, RDATE and EXDATE days, bound to its start),
** for the calgrid_recurrence_* calls; ENOTFOUND when the todo repeats on weekdays. Ownership: the
** caller owns *out and releases it with calgrid_recurrence_free; it does not change with the set.
** Reads the set (any number of threads at once). */
struct calgrid_recurrence;   /* calgrid_recurrence, declared with its calls below */
int calgrid_todo_set_recurrence(struct calgrid_recurrence **out, const calgrid_todo_set *set, size_t index);

/* Copies the per-day completion flags of a tracked todo (one 0/1 per repeat day of [start, end],
** in date order) into flags (capacity `size`); *out_count (may be NULL) = the number of flags, also
** on ENOSPC. A todo with a rule and no end keeps flags for its first occurrences, as far as the
** last one ever ticked (later ones are not done). 0 flags for any other untracked todo. Reads the
** set (any number of threads at once). */
int calgrid_todo_set_completed_days(uint8_t *flags, size_t size, size_t *out_count, const calgrid_todo_set *set,
                                    size_t index);

/* Marks `day` done (done != 0) or not done for the tracked todo at `index`, or for a todo with a
** rule and no end (one tick per occurrence). ERANGE when index >= count or `day` is not one of its
** repeat days in [start, end] (or occurrences). Changes the set: one thread. */
int calgrid_todo_set_set_done(calgrid_todo_set *set, size_t index, calgrid_date day, int done);

/* Flips `day` like calgrid_todo_set_set_done; *out_done (may be NULL) = the new state.
** Changes the set: one thread. */
int calgrid_todo_set_toggle(int *out_done, calgrid_todo_set *set, size_t index, calgrid_date day);

/* Sets the stored is_completed flag (the completion of todos without per-day flags).
** Changes the set: one thread. */
int calgrid_todo_set_set_completed(calgrid_todo_set *set, size_t index, int completed);

/* How the todo at `index` stands on one day. */
typedef struct calgrid_todo_day {
    int falls_on;            /* the todo is scheduled on the day (span, open ends and repetition) */
    int is_done;             /* done that day */
    double share_to_date;    /* done share of its tracked days up to and including the day */
    int64_t current_streak;  /* consecutive done repeat days ending at the day */
    int64_t longest_streak;  /* longest run of done repeat days overall */
} calgrid_todo_day;

/* Fills *out for the todo at `index` on `day`. Reads the set (any number of threads at once). */
int calgrid_todo_set_day(calgrid_todo_day *out, const calgrid_todo_set *set, size_t index, calgrid_date day);

/* ---------------------------------------------------------------------------------------------
** Queries, per-day aggregates and sorting. Results are todo indices written into caller arrays:
** `size` is the capacity in entries, *out_count (may be NULL) the number of results, also when the
** array is too small (ENOSPC, nothing written), so a caller can size the array and call again.
** An array of calgrid_todo_set_count entries is always large enough. Every function here reads
** the set: any number of threads may query one set at once while none changes it (the first query
** after a change builds an index, once, shared by all threads).
*/
typedef enum calgrid_todo_kind {
    CALGRID_KIND_ALL = 0,         /* every item: todos and events */
    CALGRID_KIND_CHALLENGES,      /* only todos with is_challenge (an event never is one) */
    CALGRID_KIND_PLAIN,           /* only todos without it (no events) */
    CALGRID_KIND_EVENTS,          /* only events (never done; counted apart from todos) */
    CALGRID_KIND_TODOS            /* every todo, challenge or plain (no events) */
} calgrid_todo_kind;

typedef enum calgrid_split {
    CALGRID_SPLIT_COMPLETED = 0,  /* falls on the day and is done that day */
    CALGRID_SPLIT_INCOMPLETE,     /* falls on the day and is not done that day */
    CALGRID_SPLIT_UPCOMING,       /* starts after the day */
    CALGRID_SPLIT_NO_DEADLINE,    /* has no end (undated todos included) */
    CALGRID_SPLIT_OVERDUE         /* ended before the day and is not done as a whole */
} calgrid_split;

/* Todos that fall on at least one day of first...last (span, open ends and repetition respected),
** ascending. EINVAL when last is before first. */
int calgrid_todo_set_overlapping(size_t *indices, size_t size, size_t *out_count, const calgrid_todo_set *set,
                                 calgrid_date first, calgrid_date last, calgrid_todo_kind kind);

/* One item on one day of an agenda (calgrid_todo_set_occurrences). */
typedef struct calgrid_occurrence {
    calgrid_date date;                  /* a day the item falls on */
    size_t index;                       /* the item's index in the set */
    int has_times;                      /* 0 = all-day; 1 = start_minutes and end_minutes hold its times */
    int start_minutes;                  /* 0 ... 1439, or -1 without has_times */
    int end_minutes;                    /* 0 ... 1439, or -1 without has_times */
    int is_done;                        /* done on that day (an event: 0) */
} calgrid_occurrence;

/* The agenda of first...last: every day each item of `kind` falls on (each occurrence of a rule,
** each day of a span), by day, and on one day as `khal list` orders it: by the start of the occurrence
** covering the day (its first day, then its start time, all-day as 00:00: one begun on an earlier
** day first), then by its end (last day, then end time), then by title bytes, then by index (a
** todo, which khal does not list, as if it began and ended that day: all-day first), into `out` (room for `size`); *out_count
** (may be NULL) = how many there are, also when out is too small (ENOSPC: pass size 0 to learn it).
** EINVAL when last is before first. O(G log N + P + W + k) for k occurrences: the index of
** calgrid_todo_set_overlapping and the agenda index (rule items by first occurrence and by rule
** pattern; G their groups, P the patterns' days in the range, W the items whose rule has RDATE or
** EXDATE days, walked), then either a bitmap a day by each item's rank in the day's order, read
** back in order (when the range's items are at least D × N / 256 for D days: O(D × N / 64) more),
** or one radix sort; the first call after a change builds them, O(N log N).
** Allocates (ENOMEM leaves nothing changed). Reads the set (any number of threads). */
int calgrid_todo_set_occurrences(calgrid_occurrence *out, size_t size, size_t *out_count, const calgrid_todo_set *set,
                                 calgrid_date first, calgrid_date last, calgrid_todo_kind kind);

/* *out_count = how many todos calgrid_todo_set_overlapping would list for first...last and kind,
** without listing them: O(G log N), G the distinct (repetition, kind) pairs of the dated todos
** (1 when every todo repeats daily and one kind is asked for), after the index build on the first
** query after a change. EINVAL when last is before first or out_count is NULL. Reads the set (any
** number of threads at once). */
int calgrid_todo_set_count_overlapping(size_t *out_count, const calgrid_todo_set *set, calgrid_date first,
                                       calgrid_date last, calgrid_todo_kind kind);

/* One split of the set relative to `day`, ascending. */
int calgrid_todo_set_split(size_t *indices, size_t size, size_t *out_count, const calgrid_todo_set *set,
                           calgrid_split split, calgrid_date day, calgrid_todo_kind kind);

/* Todos whose title contains `query` (NUL-terminated UTF-8), ignoring ASCII case, ascending. */
int calgrid_todo_set_search(size_t *indices, size_t size, size_t *out_count, const calgrid_todo_set *set,
                            const char *query, calgrid_todo_kind kind);

/* Per day: how many todos fall on it and how many of those are done that day (events are not
** todos: calgrid_day_tally counts them apart). */
typedef struct calgrid_day_count {
    int32_t total;
    int32_t completed;
} calgrid_day_count;

/* Per day, with the events apart, so that two meetings do not turn "2 of 3 done" into "2 of 5".
** Versioned by struct_size, which the caller sets in counts[0]: sizeof(calgrid_day_tally), or more
** for a later header's (its members beyond these are left as they are). The elements are
** counts[0].struct_size bytes apart; the library sets each one's struct_size. */
typedef struct calgrid_day_tally {
    size_t struct_size;
    int32_t total;                      /* todos falling on the day (never events) */
    int32_t completed;                  /* of those, done that day */
    int32_t events;                     /* events falling on the day: never done, not in total */
} calgrid_day_tally;

/* counts[k] = the day first + k, for every day of first...last; `size` must be at least
** last - first + 1 (ENOSPC otherwise). EINVAL when last is before first. */
int calgrid_todo_set_day_counts(calgrid_day_count *counts, size_t size, const calgrid_todo_set *set,
                                calgrid_date first, calgrid_date last, calgrid_todo_kind kind);

/* calgrid_todo_set_day_counts with the events apart: counts[k] = the day first + k; `size` in
** elements of counts[0].struct_size bytes (EINVAL below sizeof(calgrid_day_tally)). For
** CALGRID_KIND_ALL, total and completed count the todos and events the events; CALGRID_KIND_EVENTS
** has no todos, and the todo kinds no events. Reads the set. */
int calgrid_todo_set_day_tallies(calgrid_day_tally *counts, size_t size, const calgrid_todo_set *set,
                                 calgrid_date first, calgrid_date last, calgrid_todo_kind kind);

/* counts[i] = the day of grid->cells[i], for the grid's cell_count cells (the rest are zeroed).
** Uses grid->cells[0].date and grid->cell_count (1 ... 42); cells before 0001-01-01 or after
** 9999-12-31 count 0. */
int calgrid_todo_set_grid_counts(calgrid_day_count counts[CALGRID_GRID_MAX_CELLS], const calgrid_todo_set *set,
                                 const calgrid_month_grid *grid, calgrid_todo_kind kind);

/* What a sort compares. Every sort is stable (equal keys keep insertion order, in both directions)
** and todos without the key come last in both directions. The app's orders: deadline imminent =
** (CALGRID_SORT_DEADLINE, 0); registration order = (CALGRID_SORT_REGISTRATION, 0); newest first =
** (CALGRID_SORT_REGISTRATION, 1); calgrid_sort_label_order gives each dropdown entry's pair. */
typedef enum calgrid_sort_key {
    CALGRID_SORT_DEADLINE = 0,    /* deadline: the end day; a rule's last occurrence's last day */
    CALGRID_SORT_REGISTRATION,    /* created_at */
    CALGRID_SORT_START,           /* start day */
    CALGRID_SORT_TITLE,           /* title bytes */
    CALGRID_SORT_COMPLETION,      /* completion share, compared exactly */
    CALGRID_SORT_TIME             /* start day, then all-day first, start time, title (TodoSortKey.time) */
} calgrid_sort_key;

/* The sort a dropdown entry stands for: *out_key and *out_descending (0 or 1), to pass to
** calgrid_todo_set_sort, _sort_indices or _top. Start day and title sort ascending, progress by
** CALGRID_SORT_COMPLETION descending (the most done first). EINVAL for an unknown label or a NULL
** out-parameter. Nothing is allocated. Thread-safe. */
int calgrid_sort_label_order(calgrid_sort_key *out_key, int *out_descending, calgrid_sort_label label);

/* Every index of the set in order, into `indices` (at least calgrid_todo_set_count entries,
** ENOSPC otherwise). `descending` is 0 or 1. */
int calgrid_todo_set_sort(size_t *indices, size_t size, const calgrid_todo_set *set, calgrid_sort_key key,
                          int descending);

/* The `count` indices at `indices` (e.g. a query result; each below the set's count) in order,
** into `out` (room for `count` entries; may be the same array as `indices`). */
int calgrid_todo_set_sort_indices(size_t *out, const size_t *indices, size_t count, const calgrid_todo_set *set,
                                  calgrid_sort_key key, int descending);

/* A page of the whole set in order: positions offset ... offset + limit - 1 (fewer at the end),
** into `indices` (room for `limit` entries, or for *out_count as reported by ENOSPC).
** With offset 0 this is the top `limit` todos, without sorting the rest. */
int calgrid_todo_set_top(size_t *indices, size_t size, size_t *out_count, const calgrid_todo_set *set,
                         calgrid_sort_key key, int descending, size_t offset, size_t limit);

/* ---------------------------------------------------------------------------------------------
** Time zones: the rules (tzdata, RFC 8536 TZif files, POSIX TZ strings) by which an instant
** (int64_t seconds since 1970-01-01T00:00:00Z) becomes a civil day and a time of day, and back.
** A calgrid_tz is immutable: any number of threads may use one at once; only calgrid_tz_free
** must wait until no thread uses it any more. Zone errors fill err->message with one sentence
** naming the zone or the byte at fault.
*/
typedef struct calgrid_tz calgrid_tz;

/* The zone `name`: an IANA name read from $TZDIR (else /usr/share/zoneinfo), "UTC" or "Z", a fixed
** offset "+09:00" / "-0330" / "+05", or a POSIX TZ string such as "EST5EDT,M3.2.0,M11.1.0".
** EZONENAME for a name that may not be looked up (empty, absolute, a ".." component, control
** bytes), ENOZONE when no such zone exists, EZONEDATA when its file is not TZif data, ERANGE for
** an offset beyond +-25:59:59, EINVAL for NULL or text that is not UTF-8. `err` may be NULL.
** Ownership: the caller owns *out and releases it with calgrid_tz_free. Thread-safe.
** Not in the embedded library (use calgrid_tz_from_tzif or calgrid_tz_from_posix). */
int calgrid_tz_new(calgrid_tz **out, const char *name, calgrid_error *err);

/* A zone from the `len` bytes of a TZif file (versions 1 to 4) at `bytes` (only read during the
** call), called `name` (NULL = ""). EZONEDATA for corrupt or truncated data (err->message says
** what and at which byte). Ownership: the caller owns *out (calgrid_tz_free). Thread-safe. */
int calgrid_tz_from_tzif(calgrid_tz **out, const void *bytes, size_t len, const char *name, calgrid_error *err);

/* A zone from a POSIX TZ string ("CET-1CEST,M3.5.0,M10.5.0/3", "<+0330>-3:30"), named by it.
** EZONEDATA for a string that does not parse. Ownership: the caller owns *out (calgrid_tz_free).
** Thread-safe. */
int calgrid_tz_from_posix(calgrid_tz **out, const char *posix_tz, calgrid_error *err);

/* The local zone, decided as glibc decides it: TZ (empty = UTC; ":name", an IANA name, an absolute
** path, or a POSIX string), else /etc/localtime (named after its link target, e.g. "Europe/Berlin"),
** else UTC. Never fails for lack of a zone: unusable settings mean UTC, as in glibc.
** Ownership: the caller owns *out (calgrid_tz_free). Thread-safe (reads TZ and TZDIR).
** Not in the embedded library. */
int calgrid_tz_local(calgrid_tz **out);

/* Releases a zone. NULL does nothing. Not to be called while another thread uses the zone. */
void calgrid_tz_free(calgrid_tz *tz);

/* *out = the zone's name: the IANA name, the POSIX string, "UTC" or "+HH:MM".
** Ownership: owned by the zone, valid until calgrid_tz_free. A zone is immutable; any number of
** threads may use one at once. */
int calgrid_tz_name(const char **out, const calgrid_tz *tz);

/* *out = seconds east of UTC in force at `instant` (any int64_t). A zone is immutable; any number
** of threads may use one at once. */
int calgrid_tz_offset(int32_t *out, const calgrid_tz *tz, int64_t instant);

/* *out_date = the local civil day of `instant` and *out_second_of_day (may be NULL) its local
** second of day, 0 ... 86399. ERANGE when the local day is outside 0001-01-01 ... 9999-12-31.
** A zone is immutable; any number of threads may use one at once. */
int calgrid_tz_day_of_instant(calgrid_date *out_date, int32_t *out_second_of_day, const calgrid_tz *tz,
                              int64_t instant);

typedef enum calgrid_local_kind {
    CALGRID_LOCAL_UNIQUE = 0,     /* the local time occurs once: earlier == later == that instant */
    CALGRID_LOCAL_AMBIGUOUS,      /* a fold (clocks turned back): it occurs twice, earlier < later */
    CALGRID_LOCAL_GAP             /* a gap (clocks turned forward): it never occurs; earlier == later ==
                                     the instant the gap starts (the first instant after it) */
} calgrid_local_kind;

typedef struct calgrid_local_instant {
    calgrid_local_kind kind;
    int64_t earlier;              /* seconds since 1970-01-01T00:00:00Z */
    int64_t later;
} calgrid_local_instant;

/* The instant(s) of the local time `second_of_day` (0 ... 86399) on `date` in the zone. ERANGE for
** a date or second outside their ranges. A zone is immutable; any number of threads may use one
** at once. */
int calgrid_tz_instant_of_local(calgrid_local_instant *out, const calgrid_tz *tz, calgrid_date date,
                                int32_t second_of_day);

/* ---------------------------------------------------------------------------------------------
** Alarms: the instants the items' alarms (VALARMs, kept by the iCalendar import and the native
** format) and reminder times ring at (docs/c-api.md, "Alarms").
*/
/* What an alarm does (RFC 5545 ACTION); one CalGrid does not know is CALGRID_ALARM_OTHER. */
typedef enum calgrid_alarm_action {
    CALGRID_ALARM_DISPLAY = 0,
    CALGRID_ALARM_AUDIO,
    CALGRID_ALARM_EMAIL,
    CALGRID_ALARM_OTHER
} calgrid_alarm_action;

/* One instant an alarm rings at (calgrid_todo_set_alarms). Versioned by struct_size, which the
** caller sets in out[0]: sizeof(calgrid_alarm_instant), or more for a later header's (its members
** beyond these are left as they are). The elements are out[0].struct_size bytes apart; the library
** sets each one's struct_size. */
typedef struct calgrid_alarm_instant {
    size_t struct_size;
    int64_t at;                         /* seconds since 1970-01-01T00:00:00Z */
    size_t index;                       /* the item's index in the set */
    calgrid_date occurrence;            /* the first day of the occurrence it rings for (an absolute
                                           alarm: the item's first day); CALGRID_DATE_NONE: undated */
    calgrid_alarm_action action;
    int64_t alarm;                      /* which of the item's alarms rings, 0-based in the order they
                                           were read (VALARMs, a RECURRENCE-ID's own after the item's);
                                           -1: the item's reminder time without an alarm of its own */
} calgrid_alarm_instant;

/* Every instant in [from, to) (seconds since 1970, UTC) at which an alarm of an item that is not
** done rings (an occurrence ticked does not ring), in time order, then by index, then by alarm:
** what `calgrid alarms --json` lists. Relative alarms ring on the wall clock of `zone` (the zone the
** set was imported in) unless kept on their own TZID's; a repeating alarm costs only the rings in
** the range. Into `out` (room for `size`; out[0].struct_size set by the caller when size > 0);
** *out_count (may be NULL) = how many there are, also when out is too small (ENOSPC: pass size 0
** to learn it). EINVAL for a NULL set or zone, to before from, or a bad struct_size. O(N/64 +
** sum over items with alarms of (log R + occurrences in the range) + k log k) for k instants, as
** TodoSet.alarmInstants. Allocates (ENOMEM leaves nothing changed). Reads the set (any number of
** threads at once); `zone` is immutable (calgrid_tz), shared freely. */
int calgrid_todo_set_alarms(calgrid_alarm_instant *out, size_t size, size_t *out_count, const calgrid_todo_set *set,
                            int64_t from, int64_t to, const calgrid_tz *zone);

/* ---------------------------------------------------------------------------------------------
** JSON import and export (json-c). An import appends the records after the todos already in the
** set, in input order, and is atomic: when it fails (strict policy and a bad record, I/O, a limit,
** cancellation) the set is exactly as before.
*/
typedef enum calgrid_format {
    CALGRID_FORMAT_AUTO = 0,      /* decided from the first bytes and the first record */
    CALGRID_FORMAT_NATIVE,        /* an array of CalGrid records, or {"format":"calgrid","version":1,"todos":[...]} */
    CALGRID_FORMAT_JSON_LINES,    /* one CalGrid record per line */
    CALGRID_FORMAT_TASKWARRIOR,   /* `task export` of Taskwarrior 2.6 */
    CALGRID_FORMAT_ICALENDAR      /* RFC 5545 text (VCALENDARs of VTODOs and VEVENTs): read by calgrid_ical_import_*
                                     only (see "iCalendar"); the JSON imports refuse it with EINVAL */
} calgrid_format;

typedef enum calgrid_policy {
    CALGRID_POLICY_STRICT = 0,    /* the first bad record fails the import */
    CALGRID_POLICY_SKIP_INVALID   /* bad records are skipped and reported; the rest is imported */
} calgrid_policy;

/* Called on the importing thread as input is consumed (bytes_total is 0 when unknown). Return
** nonzero to go on, 0 to cancel: the import then fails with CALGRID_ECANCELED, the set unchanged.
** The callback must not use the set being imported into. */
typedef int (*calgrid_progress_fn)(int64_t bytes_done, int64_t bytes_total, void *context);

typedef struct calgrid_import_options {
    size_t struct_size;               /* sizeof(calgrid_import_options) */
    calgrid_format format;            /* default CALGRID_FORMAT_AUTO */
    calgrid_policy policy;            /* default CALGRID_POLICY_STRICT */
    int32_t utc_offset_seconds;       /* a fixed zone east of UTC (Korea: 32400) when `zone` is NULL, within
                                         +-93599 (25:59:59; beyond: ERANGE); must be 0 when `zone` is set */
    int include_deleted_tasks;        /* Taskwarrior: import deleted tasks too (0 or 1) */
    int include_recurring_parents;    /* Taskwarrior: import recurring templates too (0 or 1) */
    int threads;                      /* parsing threads, 0 = automatic (one per core, at most 2); negative =
                                         EINVAL; more than 8 work as 8 */
    /* Limits; 0 = the default, negative = EINVAL, and max_depth above its maximum = EINVAL. Any other
    ** value is accepted (where size_t is 32 bits, the four after max_depth work as SIZE_MAX / 2 when larger).
    ** Exceeding one is CALGRID_ELIMIT. */
    int64_t max_input_bytes;          /* default 8 GiB */
    int64_t max_depth;                /* nesting inside one record, 1 ... 32, default 32 (33 and more: EINVAL) */
    int64_t max_string_bytes;         /* default 1 MiB */
    int64_t max_record_bytes;         /* default 64 MiB */
    int64_t max_span_days;            /* longest start...end, default 36600 */
    int64_t max_records;              /* default 100,000,000 */
    calgrid_progress_fn progress;     /* NULL = none */
    void *progress_context;           /* passed to progress as is */
    /* Members added later: a caller built with a header that lacks them passes a smaller
    ** struct_size and gets what it got before (the fixed utc_offset_seconds). */
    const calgrid_tz *zone;           /* date-times become days by this zone's rules at each instant;
                                         NULL = the fixed utc_offset_seconds. Borrowed for the call. */
} calgrid_import_options;

#define CALGRID_IMPORT_OPTIONS_INIT \
    { sizeof(calgrid_import_options), CALGRID_FORMAT_AUTO, CALGRID_POLICY_STRICT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL }

/* What an import did. The caller sets struct_size and, to receive the skipped records' problems
** (skip-invalid policy), points `issues` at an array of `issue_capacity` calgrid_error. */
typedef struct calgrid_import_report {
    size_t struct_size;               /* sizeof(calgrid_import_report) */
    calgrid_error *issues;            /* caller array, or NULL */
    size_t issue_capacity;            /* entries in `issues` */
    size_t issues_written;            /* out: issues stored, at most issue_capacity */
    int64_t issue_count;              /* out: problems found, stored or not */
    calgrid_format format;            /* out: the format found */
    int64_t records;                  /* out: records read, good or bad */
    int64_t imported;                 /* out: todos added */
    int64_t skipped;                  /* out: bad records skipped */
    int64_t unknown_fields;           /* out: fields no format knows (ignored) */
    int64_t deleted_skipped;          /* out: Taskwarrior deleted tasks left out */
    int64_t recurring_skipped;        /* out: Taskwarrior recurring templates left out */
    int64_t bytes;                    /* out: input bytes read */
} calgrid_import_report;

/* Imports the JSON file at `path` into the set, streaming (memory: the set plus about twice the
** largest record). `options` and `report` may be NULL. Fails with EPARSE (syntax), ESCHEMA (a field),
** EEXIST (an id already taken), ELIMIT, EIO (err->message names the system call and errno),
** ECANCELED; err then says where (byte offset, line, column, record index, field).
** Changes the set: one thread; the set must not be used by the progress callback.
** Not in the embedded library (nor is any call below: they need json-c). */
int calgrid_todo_set_import_file(calgrid_import_report *report, calgrid_todo_set *set, const char *path,
                                 const calgrid_import_options *options, calgrid_error *err);

/* The same for the `size` bytes at `data` (only read during the call). */
int calgrid_todo_set_import_buffer(calgrid_import_report *report, calgrid_todo_set *set, const void *data, size_t size,
                                   const calgrid_import_options *options, calgrid_error *err);

typedef enum calgrid_export_format {
    CALGRID_EXPORT_NATIVE = 0,        /* {"format":"calgrid","version":1,"todos":[...]}, one record per line */
    CALGRID_EXPORT_JSON_LINES         /* one record per line */
} calgrid_export_format;

/* Writes the whole set to `path` atomically (a temporary file beside it, fsync, rename; the old
** file's mode is kept): on failure (EIO) the old file is untouched and no temporary file remains.
** Importing the result gives the same todos back. Takes no lock: a caller sharing the file with
** other writers (the calgrid command's store) holds its lock, "PATH.lock", around its own read and
** write (docs/c-api.md, "Files and locks"). Reads the set (any number of threads at once). */
int calgrid_todo_set_export_file(const calgrid_todo_set *set, const char *path, calgrid_export_format format,
                                 calgrid_error *err);

/* The whole set as JSON in a new NUL-terminated buffer: *out (release it with calgrid_free) and
** *out_length (may be NULL) bytes without the NUL. Reads the set (any number of threads at once). */
int calgrid_todo_set_export_buffer(char **out, size_t *out_length, const calgrid_todo_set *set,
                                   calgrid_export_format format);

/* Releases memory the library returned (calgrid_todo_set_export_buffer). NULL does nothing. */
void calgrid_free(void *memory);

/* ---------------------------------------------------------------------------------------------
** Recurrence: RFC 5545 rules (RRULE values such as "FREQ=MONTHLY;BYDAY=3TH;COUNT=10") on civil
** days, with RDATE and EXDATE day lists (docs/recurrence.md). The occurrences are the start day
** (always the first, counted by COUNT), the rule's days from the start on within UNTIL (inclusive)
** and COUNT, and the RDATE days, less the EXDATE days (which do not extend COUNT).
** A calgrid_recurrence is immutable: any number of threads may use one at once; only
** calgrid_recurrence_free must wait until no thread uses it any more.
*/
typedef struct calgrid_recurrence calgrid_recurrence;

/* A recurrence of `rule` (the `length` bytes at `rule`, or CALGRID_NUL_TERMINATED; no "RRULE:")
** from `start`, plus the `rdate_count` days at `rdates` and less the `exdate_count` days at
** `exdates` (any order, repeats allowed; NULL when the count is 0). A UTC UNTIL bounds the rule at
** its local day in `tz` (NULL = UTC). EPARSE for a rule that does not parse: err->byte_offset and
** err->column locate the offending part or item, err->field names the part ("BYDAY") and
** err->message is the core's sentence ("BYDAY=9MO: ordinal 9 is outside -5...5 for MONTHLY").
** ERANGE for a day outside CALGRID_DATE_MIN...MAX, EINVAL for NULL `out` or `rule`.
** Everything passed is only read during the call.
** Ownership: the caller owns *out and releases it with calgrid_recurrence_free. Thread-safe. */
int calgrid_recurrence_new(calgrid_recurrence **out, const char *rule, size_t length, calgrid_date start,
                           const calgrid_date *rdates, size_t rdate_count,
                           const calgrid_date *exdates, size_t exdate_count,
                           const calgrid_tz *tz, calgrid_error *err);

/* Releases a recurrence. NULL does nothing. Not to be called while another thread uses it. */
void calgrid_recurrence_free(calgrid_recurrence *recurrence);

/* Writes the rule's canonical text and a NUL into `buf` (capacity `size`); *out_length (may be
** NULL) = its length without the NUL, also when `buf` is too small (ENOSPC, nothing written), so a
** caller can size the buffer. The canonical text parses back to the same rule.
** Any number of threads at once. */
int calgrid_recurrence_format(size_t *out_length, char *buf, size_t size, const calgrid_recurrence *recurrence);

/* Writes the occurrences in first...last, ascending, into `days` (capacity `size`) and their
** number into *out_count. ENOSPC when more than `size` lie in the window: the first `size` are
** written (*out_count = size) and a call from days[size - 1] + 1 goes on. EINVAL when last is
** before first or a pointer is NULL (days may be NULL when size is 0), ERANGE for a day out of
** range. Allocates only the expansion's small fixed-size state (ENOMEM, nothing written, when it
** cannot have it). Any number of threads at once. */
int calgrid_recurrence_occurrences(calgrid_date *days, size_t size, size_t *out_count,
                                   const calgrid_recurrence *recurrence, calgrid_date first, calgrid_date last);

/* *out = the first occurrence after `day`; ENOTFOUND when there is none. A rule that never falls
** on a day is known at creation, so this is bounded (one 400-year cycle of periods at most).
** Any number of threads at once. */
int calgrid_recurrence_next(calgrid_date *out, const calgrid_recurrence *recurrence, calgrid_date day);

/* *out = the last occurrence before `day`; ENOTFOUND when there is none. Any number of threads at once. */
int calgrid_recurrence_previous(calgrid_date *out, const calgrid_recurrence *recurrence, calgrid_date day);

/* ---------------------------------------------------------------------------------------------
** iCalendar (RFC 5545) through libical 3.0: import from a .ics file, a buffer or a vdir (a directory
** holding one .ics file per item, as vdirsyncer, todoman and khal keep them), export as one
** VCALENDAR or as a vdir. What maps to what (UID = id, SUMMARY = title, DUE = the end day, ...), how
** date-times become days and what is kept: docs/icalendar.md. An import is atomic as the JSON one
** is: when it fails the set is exactly as before. It takes the JSON import's calgrid_import_options
** and calgrid_import_report: `format` CALGRID_FORMAT_AUTO or CALGRID_FORMAT_ICALENDAR (any other is
** ESCHEMA, err->message saying which), date-times become days in `zone` (else the fixed
** utc_offset_seconds), the policy and the limits apply; `threads` and the two Taskwarrior members
** do nothing here. The report's `format` is CALGRID_FORMAT_ICALENDAR, `records` counts the items
** (a VTODO or VEVENT with its RECURRENCE-ID overrides). Errors and issues carry the import layer's
** sentence; `field` is the iCalendar property ("DUE", "UID"), line and column are the property's.
**
** Linking: libcalgrid.so links libical.so.3 dynamically. In libcalgrid.a these calls are a member of
** their own (calgrid_ical.o, with its own size: docs/c-api.md, "Size"), which a program links only
** when it calls a calgrid_ical_* function, and then with libical (pkg-config --static --libs
** calgrid names it). Not in the embedded library.
**
** Threads. libical 3.0 is not safe to call from two threads at once, even on inputs of their own:
** its table of built-in zones is filled on first use without a lock, every new component or
** property bumps an unguarded global counter, and the parser saves and restores global error
** states (docs/icalendar.md, "Threads"). So every libical call CalGrid makes is under one recursive
** process-wide mutex of its own (an import parses under it and lets it go only while it reads and
** frees the components it parsed; an export or patch holds it throughout), with libical's UTC
** zone first asked for under it; CalGrid never calls libical's global setters
** (icaltimezone_set_tzid_prefix, icaltimezone_set_zone_directory, icalerror_set_errors_are_fatal,
** icalerror_set_error_state) and never looks a built-in zone up by name (a TZID is resolved through
** the file's VTIMEZONE, else tzdata). So:
**   - calgrid_ical_* calls may run on any number of threads at once: imports into distinct sets,
**     exports of any sets (an export only reads its set), each with its own input or output. They
**     take turns inside libical (parsing, writing); the rest of each call runs in parallel.
**   - The mutex is CalGrid's own, not exported. A program that calls libical itself as well must
**     not do so while a calgrid_ical_* call runs on another thread (there is no lock it can share),
**     must not call libical's global setters while CalGrid may use libical, and must leave
**     errors-are-fatal off (libical's default: with it on, a malformed file aborts the process).
*/

/* Imports the iCalendar file at `path` (read whole; any number of VCALENDARs) into the set.
** EPARSE for text that is empty, truncated, with an END closing the wrong component or that libical
** rejects; ESCHEMA for input that is not iCalendar (no BEGIN:VCALENDAR first), a value that does
** not exist ("DUE:20241345"), an unknown TZID or an item the set refuses (its field: "UID",
** "DUE"); EEXIST for a UID the set (or the input) already has; ELIMIT,
** ECANCELED, EIO (err->message names the system call and errno), ENOMEM; err says where. Under
** CALGRID_POLICY_SKIP_INVALID a bad item is skipped and reported in report->issues instead.
** `options`, `report` and `err` may be NULL; `path` is only read during the call.
** Changes the set: one thread; see "Threads" above for libical. */
int calgrid_ical_import_file(calgrid_import_report *report, calgrid_todo_set *set, const char *path,
                             const calgrid_import_options *options, calgrid_error *err);

/* The same for the `size` bytes at `data` (only read during the call). */
int calgrid_ical_import_buffer(calgrid_import_report *report, calgrid_todo_set *set, const void *data, size_t size,
                               const calgrid_import_options *options, calgrid_error *err);

/* Imports the vdir at `path`: every regular file named *.ics in it (not hidden ones, nor a write's
** NAME.ics.calgrid-tmp-*), in byte order of their names, each holding one item (one UID with its
** RECURRENCE-ID overrides; the UID is the id, the file name is only a name). Each file is an input
** of its own: an issue's err->message begins with the file's name ("a.ics: line 3, column 1 ...")
** and its line, column and byte offset are in that file. A file that cannot be read, is not
** iCalendar or holds a second UID is an issue like a bad item (strict: the import fails, the set
** untouched; skip-invalid: the other files import). Only regular files (or links to them) are read:
** a FIFO, socket, device or directory named *.ics is never opened, and is passed over with an issue
** in report->issues naming it ("fifo.ics: line 1, column 1: a FIFO, not a regular file; passed
** over") under either policy, not counted as skipped. An empty vdir imports nothing (CALGRID_OK).
** EIO when the directory cannot be listed. Changes the set: one thread. */
int calgrid_ical_import_vdir(calgrid_import_report *report, calgrid_todo_set *set, const char *path,
                             const calgrid_import_options *options, calgrid_error *err);

/* How an export writes. */
typedef struct calgrid_ical_export_options {
    size_t struct_size;           /* sizeof(calgrid_ical_export_options) */
    int64_t now;                  /* the DTSTAMP (and COMPLETED, LAST-MODIFIED) of what is written, seconds since
                                     1970-01-01T00:00:00Z; CALGRID_TIMESTAMP_NONE (the default) = the system clock */
    const calgrid_tz *zone;       /* vdir: the zone the set was imported in (calgrid_import_options.zone), in which a
                                     file's date-times are read to tell whether its item changed; NULL = UTC.
                                     Borrowed for the call. */
    int remove_others;            /* vdir: 1 = also remove the directory's item files whose UID is not in the set
                                     (the vdir becomes the set); default 0 */
} calgrid_ical_export_options;

#define CALGRID_ICAL_EXPORT_OPTIONS_INIT { sizeof(calgrid_ical_export_options), CALGRID_TIMESTAMP_NONE, NULL, 0 }

/* The whole set as one VCALENDAR with a VTODO per todo (a VEVENT per event), in index order (CRLF lines, folded at 75
** octets), in a new NUL-terminated buffer: *out (release it with calgrid_free) and *out_length (may
** be NULL) bytes without the NUL. calgrid_ical_import_buffer reads it back to the same ids, texts,
** tags, days and completion (what iCalendar cannot say: docs/icalendar.md, "Export"). `options`
** and `err` may be NULL. EINVAL for a NULL pointer or a bad struct_size, ENOMEM.
** Ownership: the caller owns *out. Reads the set (any number of threads at once). */
int calgrid_ical_export_buffer(char **out, size_t *out_length, const calgrid_todo_set *set,
                               const calgrid_ical_export_options *options, calgrid_error *err);

/* The same written to `path`, replaced atomically (a temporary file beside it, fsync, rename): on
** failure (EIO, err->message naming the call and errno) the old file is untouched and no temporary
** file remains. Takes no lock (docs/c-api.md, "Files and locks"). Reads the set. */
int calgrid_ical_export_file(const calgrid_todo_set *set, const char *path, const calgrid_ical_export_options *options,
                             calgrid_error *err);

/* What a vdir export did. */
typedef struct calgrid_vdir_report {
    size_t struct_size;           /* set by the caller: sizeof(calgrid_vdir_report) */
    int64_t written;              /* out: item files created or replaced */
    int64_t unchanged;            /* out: items whose file already said what the todo says: not rewritten (no new
                                     DTSTAMP, no SEQUENCE + 1) */
    int64_t removed;              /* out: files removed (remove_others) */
} calgrid_vdir_report;

/* Writes the set as a vdir at `path` (created, with its parents, when missing): one file per todo,
** one UID each. A todo whose UID a file of the directory already holds is written to that file,
** patched from its text: only the properties CalGrid maps and the todo changed are rewritten
** (DTSTAMP and LAST-MODIFIED new, SEQUENCE + 1); alarms, attendees, X- properties, VTIMEZONEs and
** overrides stay; unchanged (its file already reads as the todo, DTSTAMP, LAST-MODIFIED and
** SEQUENCE aside), it is not rewritten at all, so a second export of an unchanged set writes no
** file. A file that is a symbolic link is never written through: EIO ("open failed: Too many
** levels of symbolic links"), err->message naming it. Any other todo gets a new file named from
** its UID (letters, digits and - _ . @ + as they are, other bytes %XX, long UIDs shortened with a
** hash: never hidden, always *.ics). Every file is replaced atomically (temporary file in the same
** directory, fsync, rename; the directory fsynced once after the last), as vdirsyncer expects;
** files that are no item of the set are left alone unless remove_others. `report` (may be NULL), `options` and `err` may be
** NULL. EIO when a file cannot be written or removed: the files written before it stay written,
** each whole, old or new. Takes no lock. Reads the set (any number of threads at once). */
int calgrid_ical_export_vdir(calgrid_vdir_report *report, const calgrid_todo_set *set, const char *path,
                             const calgrid_ical_export_options *options, calgrid_error *err);

/* ---------------------------------------------------------------------------------------------
** Stores: where a user's todos live, kept as the `calgrid` command keeps them (the same code:
** CalGridStore). A store is one file (the native format, or one iCalendar .ics file) or a vdir (a
** directory of one .ics file per item, as vdirsyncer, todoman and khal keep it). Each change is one
** read-modify-write under the store's lock (`PATH.lock` beside a file, `DIR/.calgrid.lock` in a
** vdir, as the command takes it): the store is read as it is now, the change made, and only what
** changed is written, each file replaced atomically. In a vdir a changed item's file is patched
** (only the properties the change touched, DTSTAMP, LAST-MODIFIED and SEQUENCE are rewritten:
** every other content line stays byte for byte, CATEGORIES lists, unknown properties, alarms), a
** new item gets a new file named from its UID, a removed item's file is removed; a file another
** program (vdirsyncer) replaced after it was read is read again and the change made again on it,
** never written over. A vdir's listing is cached under $XDG_CACHE_HOME/calgrid (else
** ~/.cache/calgrid), as the command's is, so a change parses only the files that changed. Item ids
** are iCalendar UIDs in a vdir. Errors say what, where and why in err->message (the command's
** sentences: "PATH: no such file or directory (calgrid_store_open)"); a file or a lock that cannot
** be read or written is EIO, a todo the set refuses is the status and field calgrid_todo_set_add
** gives, an unknown id ENOTFOUND; on any failure the store's files are as they were.
**
** Linking: libcalgrid.so has these calls. In libcalgrid.a they are a member of their own
** (calgrid_store.o: the store with JSON and iCalendar, so it links libical as calgrid_ical.o does;
** docs/c-api.md, "Size"), which a program links only when it calls a calgrid_store_* function. Not
** in the embedded library.
** Threads: a store handle is used by one thread at a time; two handles (in one process or in
** several) on one path take turns through the lock. See "Threads" under iCalendar for libical. */
typedef struct calgrid_store calgrid_store;

/* Called for what a store did or passed over besides the change asked for: a file it created, an
** item file it could not read and left out ("DIR/x.ics: line 3, column 1: ...; left out"). The
** message is only valid during the call. Called on the thread of the store call. */
typedef void (*calgrid_notice_fn)(const char *message, void *context);

typedef struct calgrid_store_options {
    size_t struct_size;           /* sizeof(calgrid_store_options) */
    const calgrid_tz *zone;       /* date-times are read and written in this zone; NULL = the local zone ($TZ, else
                                     /etc/localtime). Borrowed for calgrid_store_open only (the store keeps its rules). */
    int create;                   /* 1 = a missing `path` is a new store, created by the first calgrid_store_add (a native
                                     file, or an .ics file when the name ends in .ics; its directory must exist); 0 (the
                                     default) = a missing path is an error naming it */
    calgrid_notice_fn notice;     /* NULL = none */
    void *notice_context;         /* passed to notice as is */
} calgrid_store_options;

#define CALGRID_STORE_OPTIONS_INIT { sizeof(calgrid_store_options), NULL, 0, NULL, NULL }

/* Opens the store at `path`: a directory is a vdir, a file starting with BEGIN:VCALENDAR (or a new
** one named *.ics) an iCalendar file, any other file the native format. Reads nothing yet beyond
** what tells these apart. A path that does not exist is EIO ("PATH: no such file or directory
** (calgrid_store_open)") unless options->create; even then a path ending in "/" is EIO (a store is
** never created where a directory was meant). `options` and `err` may be NULL.
** EINVAL for a NULL pointer or a bad struct_size, ENOMEM.
** Ownership: the caller owns *out and releases it with calgrid_store_close; `path` is copied.
** Thread-safe (the new store is not shared yet). */
int calgrid_store_open(calgrid_store **out, const char *path, const calgrid_store_options *options, calgrid_error *err);

/* *out = a new todo set holding the store's todos as the files say now (read, without a lock: each
** file is replaced only by a rename, so it is read whole, old or new). An unreadable vdir item is
** left out and told to options->notice. The set is the caller's: changing it writes nothing
** (changes go through the calls below). When the files are as at this handle's last snapshot
** (a vdir's listing, and each file's size, modification time, inode and device, as the view cache
** compares them), nothing is read again: the new set shares that snapshot's storage, not a copy
** of it, and a change of either set copies what it changes first. The handle keeps its last
** snapshot's storage (not a file, not a lock) until a change through it, a snapshot of changed
** files, or calgrid_store_close. EIO when the file or directory cannot be read or a native or .ics
** file does not parse (err->message names the file and why, with the line and column), ENOMEM.
** Ownership: the caller owns *out and releases it with calgrid_todo_set_free, before or after
** calgrid_store_close (the storage they share lives until both are released).
** Uses the store: one thread. The set is a set like any other: it may be used on another thread
** than the store's, at the same time as the store (what they share is only read, and it is
** released by whichever lets go of it last, through atomic reference counts). */
int calgrid_store_snapshot(calgrid_todo_set **out, calgrid_store *store, calgrid_error *err);

/* Adds `todo` to the store (a vdir: a new item file named after its id; a file: the file
** rewritten with it). Fails like calgrid_todo_set_add (EEXIST for an id the store has), EIO, ENOMEM;
** the store is then unchanged. Uses the store: one thread. */
int calgrid_store_add(calgrid_store *store, const calgrid_todo *todo, calgrid_error *err);

/* Replaces the todo whose id is `id` by `todo` (which may carry another id, unique in the store).
** In an iCalendar store only what the new todo changes is rewritten in its item. ENOTFOUND for an
** unknown id; otherwise fails like calgrid_store_add. Uses the store: one thread. */
int calgrid_store_update(calgrid_store *store, const char *id, const calgrid_todo *todo, calgrid_error *err);

/* Marks the todo `id` done (done = 1) or not done (0). `day` CALGRID_DATE_NONE: the todo as a whole
** (every tracked day; an iCalendar item's STATUS:COMPLETED). Else one day: a tracked todo's repeat
** day or a rule's occurrence is ticked; any other dated todo is done as a whole, on a day it falls
** on; written as completed at noon of `day` in the store's zone (iCalendar's COMPLETED). ERANGE
** (field "completed", the core's sentence) for a day the todo does not fall on, ENOTFOUND for
** an unknown id, EINVAL for an event, EIO, ENOMEM. Nothing is written when nothing changes.
** Uses the store: one thread. */
int calgrid_store_set_done(calgrid_store *store, const char *id, calgrid_date day, int done, calgrid_error *err);

/* Removes the todo `id` (a vdir: its item file; EIO, naming it, when that file holds other items
** too). ENOTFOUND for an unknown id, EIO, ENOMEM. Uses the store: one thread. */
int calgrid_store_remove(calgrid_store *store, const char *id, calgrid_error *err);

/* Releases the store handle (it holds no lock and no open file between calls; the snapshots it
** gave stay valid). NULL does nothing. */
void calgrid_store_close(calgrid_store *store);

#ifdef __cplusplus
}
#endif

#endif /* CALGRID_H */
