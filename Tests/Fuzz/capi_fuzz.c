/* libFuzzer target for the C API as a caller uses it (`make fuzz-capi`): the input is a program of
** calls on one calgrid_todo_set (add, add_many, update, remove, ticks, completion, queries, day
** counts, sorts, pages, export and re-import), each checked against a reference model kept here in
** plain C (arrays and loops over days; nothing of the library's answers is reused), and after every
** call the whole set is compared with the model: count, ids, find, every fact of calgrid_todo_info,
** titles, memos, tags, per-day flags.
** A mismatch aborts with the call and what differed (libFuzzer saves the input).
** The model's rules are the header's: a todo falls on a day of [start, end] (open ends unbounded,
** undated never) whose weekday is in its repetition; tracked (start and end) todos have one flag per
** such day; sorts are stable with missing keys last in both directions. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calgrid.h"
#include "../C/split_oracle.h"

#define MAX_TODOS 40
#define MAX_DAYS 64     /* the longest span the program makes, in days */
#define BASE 20000      /* 2024-10-04: every date is BASE + 0 ... 127 */
#define NONE CALGRID_DATE_NONE

typedef struct model_todo {
    char id[8];
    int title, memo;            /* indices into the pools; memo -1 = none */
    int32_t start, end;         /* or NONE */
    int64_t created;            /* or CALGRID_TIMESTAMP_NONE */
    int challenge, completed;
    unsigned rep;
    int reminder;               /* or CALGRID_REMINDER_NONE */
    int tags;                   /* 0 ... 2 of the tag pool */
    uint8_t flags[MAX_DAYS + 1];
} model_todo;

static const char *const titles[] = { "Read", "read", "READ more", "Write report", "", "a", "B", "b",
                                      "\xEC\x9A\xB4\xEB\x8F\x99", "x\xC3\xBCy" };
static const char *const memos[] = { "", "memo", "\xEB\xA9\x94\xEB\xAA\xA8" };
static const char *const tag_pool[] = { "habit", "work" };
static const char *const queries[] = { "", "read", "RE", "b", "\xEC\x9A\xB4", "zz", "e r" };
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static model_todo model[MAX_TODOS];
static int model_count;
static calgrid_todo_set *set;
static const uint8_t *in_data;
static size_t in_size, in_pos;
static long step;

static unsigned u8(void) { return in_pos < in_size ? in_data[in_pos++] : 0; }
static unsigned pick(unsigned n) { return u8() % n; }

static void fail(const char *what, long long got, long long want) {
    fprintf(stderr, "capi fuzz: step %ld: %s: got %lld, want %lld\n", step, what, got, want);
    abort();
}
#define EXPECT(what, got, want) do { long long g_ = (long long)(got), w_ = (long long)(want); \
    if (g_ != w_) fail(what, g_, w_); } while (0)

/* --- the model's answers, by enumeration */
#ifndef CAPI_FUZZ_BROKEN_MODEL
static int weekday(int32_t d) { return (int)((((int64_t)d + 4) % 7 + 7) % 7); }   /* 1970-01-01 was a Thursday */
#else
/* The negative control (make fuzz-capi-control): a model one weekday off must be caught. */
static int weekday(int32_t d) { return (int)((((int64_t)d + 5) % 7 + 7) % 7); }
#endif
static int undated(const model_todo *t) { return t->start == NONE && t->end == NONE; }
static int tracked(const model_todo *t) { return t->start != NONE && t->end != NONE; }
static int64_t lo(const model_todo *t) { return t->start == NONE ? INT64_MIN : t->start; }
static int64_t hi(const model_todo *t) { return t->end == NONE ? INT64_MAX : t->end; }
static int falls(const model_todo *t, int32_t d) {
    return !undated(t) && d >= lo(t) && d <= hi(t) && (t->rep >> weekday(d) & 1u);
}
static int repeat_days_of(int32_t start, int32_t end, unsigned rep) {
    int n = 0;
    for (int32_t d = start; d <= end; d++) n += rep >> weekday(d) & 1u;
    return n;
}
static int repeat_days(const model_todo *t) { return tracked(t) ? repeat_days_of(t->start, t->end, t->rep) : 0; }
static int repeat_index(const model_todo *t, int32_t d) {   /* position of d among its repeat days, or -1 */
    if (!tracked(t) || !falls(t, d)) return -1;
    int k = 0;
    for (int32_t x = t->start; x < d; x++) k += t->rep >> weekday(x) & 1u;
    return k;
}
static int done_days(const model_todo *t) {
    int n = 0, total = repeat_days(t);
    for (int k = 0; k < total; k++) n += t->flags[k];
    return n;
}
static int done_on(const model_todo *t, int32_t d) {
    if (!falls(t, d)) return 0;
    return tracked(t) ? t->flags[repeat_index(t, d)] : t->completed;
}
static int whole_done(const model_todo *t) {
    int n = repeat_days(t);
    return tracked(t) && n > 0 ? done_days(t) == n : t->completed;
}
/* The completion share as a fraction num/den. */
static void share(const model_todo *t, int64_t *num, int64_t *den) {
    int n = repeat_days(t);
    if (tracked(t) && n > 0) { *num = done_days(t); *den = n; }
    else { *num = t->completed; *den = 1; }
}
static int kind_ok(const model_todo *t, unsigned kind) {
    return kind == CALGRID_KIND_ALL || (kind == CALGRID_KIND_CHALLENGES) == (t->challenge != 0);
}
static int model_find(const char *id) {
    for (int i = 0; i < model_count; i++) if (strcmp(model[i].id, id) == 0) return i;
    return -1;
}
static int contains_ascii_fold(const char *hay, const char *needle) {
    size_t n = strlen(hay), m = strlen(needle);
    for (size_t i = 0; i + m <= n; i++) {
        size_t k = 0;
        while (k < m) {
            unsigned char a = (unsigned char)hay[i + k], b = (unsigned char)needle[k];
            if (a >= 'A' && a <= 'Z') a = (unsigned char)(a + 32);
            if (b >= 'A' && b <= 'Z') b = (unsigned char)(b + 32);
            if (a != b) break;
            k++;
        }
        if (k == m) return 1;
    }
    return 0;
}

/* -1, 0, 1 for todo a before, tied with, after b under key (ascending), missing keys last. */
static int cmp_key(const model_todo *a, const model_todo *b, unsigned key, int descending) {
    int64_t x = 0, y = 0;
    int has_x = 1, has_y = 1;
    switch (key) {
    case CALGRID_SORT_DEADLINE: x = a->end; y = b->end; has_x = a->end != NONE; has_y = b->end != NONE; break;
    case CALGRID_SORT_REGISTRATION:
        x = a->created; y = b->created;
        has_x = a->created != CALGRID_TIMESTAMP_NONE; has_y = b->created != CALGRID_TIMESTAMP_NONE; break;
    case CALGRID_SORT_START: x = a->start; y = b->start; has_x = a->start != NONE; has_y = b->start != NONE; break;
    case CALGRID_SORT_TITLE: {
        const char *s = titles[a->title], *t = titles[b->title];
        size_t n = strlen(s), m = strlen(t);
        int c = memcmp(s, t, n < m ? n : m);
        x = c != 0 ? c : (n > m) - (n < m); y = 0;
        break;
    }
    default: {
        int64_t an, ad, bn, bd;
        share(a, &an, &ad); share(b, &bn, &bd);
        x = an * bd; y = bn * ad;
    }
    }
    if (!has_x || !has_y) return has_x == has_y ? 0 : (has_x ? -1 : 1);
    int c = (x > y) - (x < y);
    return descending ? -c : c;
}
static void model_sorted(size_t *out, const size_t *in, int n, unsigned key, int descending) {
    for (int i = 0; i < n; i++) {   /* stable insertion sort */
        size_t v = in[i];
        int j = i;
        while (j > 0 && cmp_key(&model[out[j - 1]], &model[v], key, descending) > 0) { out[j] = out[j - 1]; j--; }
        out[j] = v;
    }
}

/* --- the library's todo from a model todo */
static const char *tag_ptrs[2];
static calgrid_todo to_c(const model_todo *m, int flags_count, int pass_flags) {
    calgrid_todo t = CALGRID_TODO_INIT;
    t.id = m->id;
    t.title = titles[m->title];
    t.memo = m->memo < 0 ? NULL : memos[m->memo];
    t.start = m->start; t.end = m->end;
    t.created_at = m->created;
    t.is_challenge = m->challenge; t.is_completed = m->completed;
    t.repetition = m->rep;
    t.reminder_minutes = m->reminder;
    if (pass_flags) { t.completed_days = m->flags; t.completed_day_count = (size_t)flags_count; }
    tag_ptrs[0] = tag_pool[0]; tag_ptrs[1] = tag_pool[1];
    t.tags = m->tags ? tag_ptrs : NULL; t.tag_count = (size_t)m->tags;
    return t;
}

/* A random todo with at most one fault; returns the status the header promises for it. */
enum { FAULT_NONE, FAULT_DUP, FAULT_ORDER, FAULT_NO_REP, FAULT_FLAG_COUNT, FAULT_EMPTY_ID, FAULT_REMINDER,
       FAULT_FLAGS_UNTRACKED, FAULT_KINDS };
static int faults_allowed = 1;   /* 0 while a batch already has its one faulty todo */
static int random_todo(model_todo *m, calgrid_todo *c, int keep_index) {
    unsigned fault = pick(4) == 0 ? 1 + pick(FAULT_KINDS - 1) : FAULT_NONE;
    if (!faults_allowed) fault = FAULT_NONE;
    memset(m, 0, sizeof *m);
    /* An id: an existing one for FAULT_DUP (not the todo's own on update), else a free one. */
    if (fault == FAULT_DUP) {
        int candidates = model_count - (keep_index >= 0);
        if (candidates <= 0) fault = FAULT_NONE;
        else {
            int k = (int)pick((unsigned)candidates);
            if (keep_index >= 0 && k >= keep_index) k++;
            strcpy(m->id, model[k].id);
        }
    }
    if (fault != FAULT_DUP) {
        unsigned n = pick(64);
        for (unsigned tries = 0; tries < 64; tries++, n = (n + 1) % 64) {
            snprintf(m->id, sizeof m->id, "t%u", n);
            int at = model_find(m->id);
            if (at < 0 || at == keep_index) break;
        }
        if (fault == FAULT_EMPTY_ID) m->id[0] = 0;
    }
    m->title = (int)pick(COUNT(titles));
    m->memo = (int)pick(COUNT(memos) + 1) - 1;
    unsigned shape = pick(6);
    int32_t s = BASE + (int32_t)pick(100);
    m->start = m->end = NONE;
    if (shape == 1) m->start = s;
    else if (shape == 2) m->end = s;
    else if (shape >= 3) { m->start = s; m->end = s + (int32_t)pick(shape == 5 ? MAX_DAYS : 8); }
    if (fault == FAULT_ORDER) {
        if (tracked(m) && m->end > m->start) { int32_t x = m->start; m->start = m->end; m->end = x; }
        else if (m->start != NONE) m->end = m->start - 1 - (int32_t)pick(5);
        else { m->start = s; m->end = s - 1; }
    }
    unsigned r = pick(4);
    m->rep = r == 0 ? CALGRID_EVERY_DAY : r == 1 ? 1u << pick(7) : 1 + pick(127);
    if (fault == FAULT_NO_REP) m->rep = 0;
    m->created = pick(2) ? CALGRID_TIMESTAMP_NONE : 1700000000 + (int64_t)pick(8);
    m->challenge = (int)pick(2);
    m->completed = (int)pick(2);
    m->reminder = pick(2) ? CALGRID_REMINDER_NONE : (int)pick(1440);
    if (fault == FAULT_REMINDER) m->reminder = pick(2) ? 1440 + (int)pick(100) : -2 - (int)pick(100);
    m->tags = (int)pick(3);
    int n = fault == FAULT_ORDER ? 0 : repeat_days(m);
    int pass = 0, count = n;
    if (n > 0 && pick(3) != 0) {
        pass = 1;
        unsigned bias = pick(5);
        for (int k = 0; k < n; k++) m->flags[k] = pick(4) < bias;
    }
    if (fault == FAULT_FLAG_COUNT) {
        if (!tracked(m)) { m->start = s; m->end = s + 3; n = repeat_days(m); }
        pass = 1;
        count = n + 1 + (int)pick(3);
        if (count > MAX_DAYS) count = MAX_DAYS;
        for (int k = 0; k < count; k++) m->flags[k] = (uint8_t)pick(2);
        if (count == n) count = n + 1;
    }
    if (fault == FAULT_FLAGS_UNTRACKED) {
        if (tracked(m)) m->end = NONE;
        pass = 1;
        count = 1 + (int)pick(3);
        for (int k = 0; k < count; k++) m->flags[k] = (uint8_t)pick(2);
    }
    /* Without flags of its own a tracked todo takes them from is_completed: all done, or none. */
    if (!pass) memset(m->flags, tracked(m) && m->completed ? 1 : 0, sizeof m->flags);
    *c = to_c(m, count, pass);
    switch (fault) {
    case FAULT_NONE: return CALGRID_OK;
    case FAULT_DUP: return CALGRID_EEXIST;
    case FAULT_REMINDER: return CALGRID_ERANGE;
    default: return CALGRID_EINVAL;
    }
}

/* --- the whole set against the model */
static void check_set(const calgrid_todo_set *s, const char *where) {
    size_t n = 0;
    char buf[64];
    size_t len = 0;
    uint8_t flags[MAX_DAYS + 1];
    EXPECT(where, calgrid_todo_set_count(&n, s), CALGRID_OK);
    EXPECT("count", n, model_count);
    for (int i = 0; i < model_count; i++) {
        const model_todo *m = &model[i];
        size_t at = 0;
        EXPECT("find", calgrid_todo_set_find(&at, s, m->id), CALGRID_OK);
        EXPECT("find index", at, i);
        calgrid_todo_info info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        EXPECT("get", calgrid_todo_set_get(&info, s, (size_t)i), CALGRID_OK);
        EXPECT("start", info.start, m->start);
        EXPECT("end", info.end, m->end);
        EXPECT("created_at", info.created_at, m->created);
        EXPECT("is_challenge", info.is_challenge, m->challenge);
        EXPECT("is_completed", info.is_completed, m->completed);
        EXPECT("is_tracked", info.is_tracked, tracked(m));
        EXPECT("is_done", info.is_done, whole_done(m));
        EXPECT("repetition", info.repetition, m->rep);
        EXPECT("reminder", info.reminder_minutes, m->reminder);
        EXPECT("tracked_day_count", info.tracked_day_count, repeat_days(m));
        EXPECT("done_day_count", info.done_day_count, done_days(m));
        int64_t num, den;
        share(m, &num, &den);
        EXPECT("completion_share", info.completion_share == (double)num / (double)den, 1);
        EXPECT("has_memo", info.has_memo, m->memo >= 0);
        EXPECT("tag_count", info.tag_count, m->tags);
        EXPECT("id text", calgrid_todo_set_text(buf, sizeof buf, &len, s, (size_t)i, CALGRID_TEXT_ID, 0), CALGRID_OK);
        EXPECT("id", strcmp(buf, m->id), 0);
        EXPECT("title text", calgrid_todo_set_text(buf, sizeof buf, &len, s, (size_t)i, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
        EXPECT("title", strcmp(buf, titles[m->title]), 0);
        EXPECT("title length", len, strlen(titles[m->title]));
        int memo = calgrid_todo_set_text(buf, sizeof buf, NULL, s, (size_t)i, CALGRID_TEXT_MEMO, 0);
        EXPECT("memo status", memo, m->memo < 0 ? CALGRID_ENOTFOUND : CALGRID_OK);
        if (m->memo >= 0) EXPECT("memo", strcmp(buf, memos[m->memo]), 0);
        for (int k = 0; k < m->tags; k++) {
            EXPECT("tag text", calgrid_todo_set_text(buf, sizeof buf, NULL, s, (size_t)i, CALGRID_TEXT_TAG, (size_t)k), CALGRID_OK);
            EXPECT("tag", strcmp(buf, tag_pool[k]), 0);
        }
        EXPECT("tag past the end", calgrid_todo_set_text(buf, sizeof buf, NULL, s, (size_t)i, CALGRID_TEXT_TAG, (size_t)m->tags),
               CALGRID_ERANGE);
        size_t nf = 0;
        EXPECT("completed_days", calgrid_todo_set_completed_days(flags, sizeof flags, &nf, s, (size_t)i), CALGRID_OK);
        EXPECT("flag count", nf, repeat_days(m));
        for (size_t k = 0; k < nf; k++) EXPECT("flag", flags[k], m->flags[k]);
    }
}

/* --- the calls */
static void op_add(void) {
    model_todo m;
    calgrid_todo c;
    calgrid_error err;
    int want = random_todo(&m, &c, -1);
    if (model_count == MAX_TODOS) return;
    size_t index = 99;
    EXPECT("add", calgrid_todo_set_add(&index, set, &c, &err), want);
    if (want == CALGRID_OK) { EXPECT("add index", index, model_count); model[model_count++] = m; }
    else EXPECT("add err", err.status, want);
}

static void op_add_many(void) {
    model_todo m[3];
    calgrid_todo c[3];
    calgrid_error err;
    int n = 1 + (int)pick(3), want = CALGRID_OK, bad = -1;
    if (model_count + n > MAX_TODOS) return;
    int base = model_count;
    for (int k = 0; k < n; k++) {
        /* Each todo's id must also be free among the batch's earlier ones: make it so by adding
        ** them to the model provisionally. */
        int w = random_todo(&m[k], &c[k], -1);
        model[model_count++] = m[k];
        if (w != CALGRID_OK && bad < 0) { want = w; bad = k; faults_allowed = 0; }
    }
    faults_allowed = 1;
    model_count = base;
    for (int k = 0; k < n; k++) c[k].id = m[k].id;   /* point into the kept copies */
    int got = calgrid_todo_set_add_many(set, c, (size_t)n, &err);
    /* At most one todo of a batch is faulty (its position is the one to report); a duplicate is of
    ** the set's or of an earlier batch member's id. */
    EXPECT("add_many", got, want);
    if (want == CALGRID_OK) for (int k = 0; k < n; k++) model[model_count++] = m[k];
    else EXPECT("add_many record", err.record_index, bad);
}

static void op_update(void) {
    model_todo m;
    calgrid_todo c;
    calgrid_error err;
    size_t index = model_count == 0 ? 0 : pick((unsigned)model_count + 1);
    int in_range = (int)index < model_count;
    int want = random_todo(&m, &c, in_range ? (int)index : -1);
    if (!in_range) want = CALGRID_ERANGE;
    EXPECT("update", calgrid_todo_set_update(set, index, &c, &err), want);
    if (want == CALGRID_OK) model[index] = m;
}

static void op_remove(void) {
    if (pick(2)) {
        size_t index = pick((unsigned)model_count + 1);
        int want = (int)index < model_count ? CALGRID_OK : CALGRID_ERANGE;
        EXPECT("remove_at", calgrid_todo_set_remove_at(set, index), want);
        if (want != CALGRID_OK) return;
        memmove(&model[index], &model[index + 1], (size_t)(model_count - (int)index - 1) * sizeof model[0]);
        model_count--;
    } else {
        char id[8];
        snprintf(id, sizeof id, "t%u", pick(64));
        int at = model_find(id);
        EXPECT("remove", calgrid_todo_set_remove(set, id), at < 0 ? CALGRID_ENOTFOUND : CALGRID_OK);
        if (at < 0) return;
        memmove(&model[at], &model[at + 1], (size_t)(model_count - at - 1) * sizeof model[0]);
        model_count--;
    }
}

static void op_tick(void) {
    if (model_count == 0) return;
    int i = (int)pick((unsigned)model_count);
    model_todo *m = &model[i];
    int32_t d = BASE - 4 + (int32_t)pick(MAX_DAYS + 110);
    int k = repeat_index(m, d);
    unsigned how = pick(3);
    if (how == 0) {
        int done = (int)pick(2);
        EXPECT("set_done", calgrid_todo_set_set_done(set, (size_t)i, d, done), k < 0 ? CALGRID_ERANGE : CALGRID_OK);
        if (k >= 0) m->flags[k] = (uint8_t)done;
    } else if (how == 1) {
        int now = 7;
        EXPECT("toggle", calgrid_todo_set_toggle(&now, set, (size_t)i, d), k < 0 ? CALGRID_ERANGE : CALGRID_OK);
        if (k >= 0) { m->flags[k] = !m->flags[k]; EXPECT("toggle result", now, m->flags[k]); }
    } else {
        int c = (int)pick(2);
        EXPECT("set_completed", calgrid_todo_set_set_completed(set, (size_t)i, c), CALGRID_OK);
        m->completed = c;
    }
}

static void expect_indices(const char *what, int status, const size_t *got, size_t n, const size_t *want, int wn) {
    EXPECT(what, status, CALGRID_OK);
    EXPECT(what, n, wn);
    for (int k = 0; k < wn; k++) EXPECT(what, got[k], want[k]);
}

static void op_query(void) {
    size_t got[MAX_TODOS], want[MAX_TODOS], n = 0;
    int wn = 0;
    unsigned kind = pick(3);
    int32_t first = BASE - 10 + (int32_t)pick(140), last = first + (int32_t)pick(20);
    switch (pick(4)) {
    case 0:
        for (int i = 0; i < model_count; i++) {
            if (!kind_ok(&model[i], kind)) continue;
            for (int32_t d = first; d <= last; d++) if (falls(&model[i], d)) { want[wn++] = (size_t)i; break; }
        }
        expect_indices("overlapping", calgrid_todo_set_overlapping(got, MAX_TODOS, &n, set, first, last, kind), got, n, want, wn);
        if (wn > 0) {
            EXPECT("overlapping ENOSPC", calgrid_todo_set_overlapping(got, (size_t)wn - 1, &n, set, first, last, kind), CALGRID_ENOSPC);
            EXPECT("overlapping count", n, wn);
        }
        break;
    case 1: {
        unsigned split = pick(5);
        for (int i = 0; i < model_count; i++) {
            const model_todo *m = &model[i];
            if (!kind_ok(m, kind)) continue;
            if (split_oracle_contains((int)split, first, falls(m, first), done_on(m, first), m->start, m->end, whole_done(m)))
                want[wn++] = (size_t)i;
        }
        expect_indices("split", calgrid_todo_set_split(got, MAX_TODOS, &n, set, (calgrid_split)split, first, kind), got, n, want, wn);
        break;
    }
    case 2: {
        const char *q = queries[pick(COUNT(queries))];
        for (int i = 0; i < model_count; i++)
            if (kind_ok(&model[i], kind) && contains_ascii_fold(titles[model[i].title], q)) want[wn++] = (size_t)i;
        expect_indices("search", calgrid_todo_set_search(got, MAX_TODOS, &n, set, q, kind), got, n, want, wn);
        break;
    }
    default: {
        calgrid_day_count counts[21];
        EXPECT("day_counts", calgrid_todo_set_day_counts(counts, 21, set, first, last, kind), CALGRID_OK);
        for (int32_t d = first; d <= last; d++) {
            int total = 0, completed = 0;
            for (int i = 0; i < model_count; i++) {
                if (!kind_ok(&model[i], kind) || !falls(&model[i], d)) continue;
                total++;
                completed += done_on(&model[i], d);
            }
            EXPECT("day total", counts[d - first].total, total);
            EXPECT("day completed", counts[d - first].completed, completed);
        }
        if (last > first)
            EXPECT("day_counts ENOSPC", calgrid_todo_set_day_counts(counts, (size_t)(last - first), set, first, last, kind),
                   CALGRID_ENOSPC);
    }
    }
}

static void op_sort(void) {
    size_t all[MAX_TODOS], want[MAX_TODOS], got[MAX_TODOS], n = 0;
    unsigned key = pick(5);
    int descending = (int)pick(2);
    for (int i = 0; i < model_count; i++) all[i] = (size_t)i;
    model_sorted(want, all, model_count, key, descending);
    switch (pick(3)) {
    case 0:
        EXPECT("sort", calgrid_todo_set_sort(got, MAX_TODOS, set, (calgrid_sort_key)key, descending), CALGRID_OK);
        for (int k = 0; k < model_count; k++) EXPECT("sort order", got[k], want[k]);
        break;
    case 1: {
        size_t offset = pick((unsigned)model_count + 2), limit = pick((unsigned)model_count + 2);
        int from = (int)offset > model_count ? model_count : (int)offset;
        int wn = (int)limit < model_count - from ? (int)limit : model_count - from;
        EXPECT("top", calgrid_todo_set_top(got, MAX_TODOS, &n, set, (calgrid_sort_key)key, descending, offset, limit), CALGRID_OK);
        EXPECT("top count", n, wn);
        for (int k = 0; k < wn; k++) EXPECT("top order", got[k], want[from + k]);
        break;
    }
    default: {
        /* A subset (a query's answer) in order. */
        size_t subset[MAX_TODOS];
        int m = 0;
        for (int i = 0; i < model_count; i++) if (pick(2)) subset[m++] = (size_t)i;
        model_sorted(want, subset, m, key, descending);
        EXPECT("sort_indices", calgrid_todo_set_sort_indices(got, subset, (size_t)m, set, (calgrid_sort_key)key, descending),
               CALGRID_OK);
        for (int k = 0; k < m; k++) EXPECT("sort_indices order", got[k], want[k]);
    }
    }
}

static void op_export_import(void) {
    char *text = NULL;
    size_t len = 0;
    calgrid_error err;
    calgrid_export_format f = pick(2) ? CALGRID_EXPORT_NATIVE : CALGRID_EXPORT_JSON_LINES;
    EXPECT("export", calgrid_todo_set_export_buffer(&text, &len, set, f), CALGRID_OK);
    EXPECT("export NUL", text[len], 0);
    calgrid_todo_set *back = NULL;
    calgrid_todo_set_new(&back);
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    o.threads = (int)pick(3);   /* automatic, one, two */
    int st = calgrid_todo_set_import_buffer(NULL, back, text, len, &o, &err);
    /* An empty set's JSON Lines is 0 bytes; whether those import as the empty set is issue 24 item 4's. */
    if (!(model_count == 0 && f == CALGRID_EXPORT_JSON_LINES && st == CALGRID_EPARSE)) EXPECT("re-import", st, CALGRID_OK);
    check_set(back, "re-imported set");
    /* Into the set itself: every id is taken, so a non-empty export fails and changes nothing. */
    if (model_count > 0) {
        EXPECT("import into itself", calgrid_todo_set_import_buffer(NULL, set, text, len, NULL, &err), CALGRID_EEXIST);
    }
    calgrid_todo_set_free(back);
    calgrid_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    in_data = data; in_size = size; in_pos = 0;
    model_count = 0;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) abort();
    for (step = 0; step < 200 && in_pos < in_size; step++) {
        switch (u8() % 16) {
        case 0: case 1: case 2: case 3: op_add(); break;
        case 4: op_add_many(); break;
        case 5: case 6: op_update(); break;
        case 7: op_remove(); break;
        case 8: case 9: case 10: op_tick(); break;
        case 11: case 12: op_query(); break;
        case 13: case 14: op_sort(); break;
        default: op_export_import();
        }
        check_set(set, "after the call");
    }
    calgrid_todo_set_free(set);
    set = NULL;
    return 0;
}
