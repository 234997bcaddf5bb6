/* The C API's iCalendar calls as a command, for Tests/C/ical_check.py (python-icalendar the oracle):
**
**   ical_dump import-file|import-buffer|import-vdir INPUT ZONE [skip-invalid]
**   ical_dump export-ics|export-buffer|export-vdir INPUT ZONE OUTPUT
**   ical_dump reimport INPUT ZONE
**
** Imports INPUT (a .ics file, the same file's bytes through calgrid_ical_import_buffer, or a vdir)
** with date-times read in ZONE, then prints the set as native JSON on stdout (one source for the
** checker: the library's own export), or exports it: to the file OUTPUT, to stdout, or as the vdir
** OUTPUT. A failure prints "status S line L column C field F: MESSAGE" on stderr and exits 1;
** skip-invalid prints each issue so on stderr and goes on. Exit 2 for bad usage. reimport is the
** C API's export/import pair (issue 41: what import accepts reads back): the set imported from the
** .ics file is exported as native JSON and as JSON Lines, each imported into a fresh set, whose
** native export must be the first byte for byte; it prints that export, or "reimport differs" and
** exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calgrid.h"

static int fail(int rc, const calgrid_error *err) {
    fprintf(stderr, "status %d line %lld column %lld field %s: %s\n", rc, (long long)err->line, (long long)err->column,
            err->field, err->message);
    return 1;
}

static char *read_all(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (f == NULL) return NULL;
    for (;;) {
        if (n == cap) {
            char *grown = (char *)realloc(buf, cap = cap ? cap * 2 : 65536);
            if (grown == NULL) { free(buf); fclose(f); return NULL; }
            buf = grown;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        if (got == 0) break;
        n += got;
    }
    fclose(f);
    *size = n;
    return buf;
}

/* Exports `set` as `format`, imports that into a fresh set and compares its native export with
** `set`'s (both by the library): 0 when equal. */
static int reimported_equal(const calgrid_todo_set *set, calgrid_export_format format, const char *first, size_t first_n) {
    calgrid_todo_set *again = NULL;
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_import_report r;
    calgrid_error err;
    char *text = NULL, *back = NULL;
    size_t n = 0, m = 0;
    int rc, same;
    memset(&err, 0, sizeof err);
    r.struct_size = sizeof r; r.issues = NULL; r.issue_capacity = 0;
    if ((rc = calgrid_todo_set_export_buffer(&text, &n, set, format)) != CALGRID_OK) return fail(rc, &err);
    if (calgrid_todo_set_new(&again) != CALGRID_OK) { calgrid_free(text); return 1; }
    rc = calgrid_todo_set_import_buffer(&r, again, text, n, &o, &err);
    calgrid_free(text);
    if (rc != CALGRID_OK) { calgrid_todo_set_free(again); return fail(rc, &err); }
    if ((rc = calgrid_todo_set_export_buffer(&back, &m, again, CALGRID_EXPORT_NATIVE)) != CALGRID_OK) {
        calgrid_todo_set_free(again);
        return fail(rc, &err);
    }
    same = m == first_n && memcmp(back, first, m) == 0;
    calgrid_free(back);
    calgrid_todo_set_free(again);
    if (!same) { fprintf(stderr, "reimport differs (format %d)\n", (int)format); return 1; }
    return 0;
}

static int reimport(const calgrid_todo_set *set) {
    char *first = NULL;
    size_t n = 0;
    int rc;
    if ((rc = calgrid_todo_set_export_buffer(&first, &n, set, CALGRID_EXPORT_NATIVE)) != CALGRID_OK) return 1;
    rc = reimported_equal(set, CALGRID_EXPORT_NATIVE, first, n);
    if (rc == 0) rc = reimported_equal(set, CALGRID_EXPORT_JSON_LINES, first, n);
    if (rc == 0) fwrite(first, 1, n, stdout);
    calgrid_free(first);
    return rc;
}

int main(int argc, char **argv) {
    calgrid_todo_set *set = NULL;
    calgrid_tz *zone = NULL;
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_ical_export_options eo = CALGRID_ICAL_EXPORT_OPTIONS_INIT;
    calgrid_import_report r;
    calgrid_error err, issues[64];
    const char *mode, *input;
    char *out = NULL;
    size_t n = 0, k;
    int rc;
    if (argc < 4) return 2;
    mode = argv[1]; input = argv[2];
    memset(&err, 0, sizeof err);
    if ((rc = calgrid_tz_new(&zone, argv[3], &err)) != CALGRID_OK) return fail(rc, &err);
    o.zone = zone;
    eo.zone = zone;
    if (argc > 4 && strcmp(argv[4], "skip-invalid") == 0) o.policy = CALGRID_POLICY_SKIP_INVALID;
    r.struct_size = sizeof r; r.issues = issues; r.issue_capacity = 64;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return 1;
    if (strcmp(mode, "import-buffer") == 0) {
        char *bytes = read_all(input, &n);
        if (bytes == NULL) { perror(input); return 1; }
        rc = calgrid_ical_import_buffer(&r, set, bytes, n, &o, &err);
        free(bytes);
    } else if (strcmp(mode, "import-vdir") == 0) {
        rc = calgrid_ical_import_vdir(&r, set, input, &o, &err);
    } else {
        rc = calgrid_ical_import_file(&r, set, input, &o, &err);
    }
    if (rc != CALGRID_OK) return fail(rc, &err);
    for (k = 0; k < r.issues_written; k++) fail(issues[k].status, &issues[k]);
    if (r.format != CALGRID_FORMAT_ICALENDAR) { fprintf(stderr, "report format %d\n", (int)r.format); return 1; }
    if (strcmp(mode, "reimport") == 0) {
        rc = reimport(set);
        calgrid_todo_set_free(set);
        calgrid_tz_free(zone);
        return rc;
    }
    if (strcmp(mode, "export-ics") == 0 && argc > 4) {
        rc = calgrid_ical_export_file(set, argv[4], &eo, &err);
    } else if (strcmp(mode, "export-vdir") == 0 && argc > 4) {
        calgrid_vdir_report vr;
        vr.struct_size = sizeof vr;
        rc = calgrid_ical_export_vdir(&vr, set, argv[4], &eo, &err);
        if (rc == CALGRID_OK) fprintf(stderr, "written %lld unchanged %lld removed %lld\n", (long long)vr.written,
                                      (long long)vr.unchanged, (long long)vr.removed);
    } else if (strcmp(mode, "export-buffer") == 0) {
        rc = calgrid_ical_export_buffer(&out, &n, set, &eo, &err);
        if (rc == CALGRID_OK) fwrite(out, 1, n, stdout);
        calgrid_free(out);
        out = NULL;
    }
    if (rc != CALGRID_OK) return fail(rc, &err);
    if (strncmp(mode, "import-", 7) == 0 || strcmp(mode, "export-ics") == 0 || strcmp(mode, "export-vdir") == 0) {
        if ((rc = calgrid_todo_set_export_buffer(&out, &n, set, CALGRID_EXPORT_NATIVE)) != CALGRID_OK) return 1;
        fwrite(out, 1, n, stdout);
        calgrid_free(out);
    }
    calgrid_todo_set_free(set);
    calgrid_tz_free(zone);
    return 0;
}
