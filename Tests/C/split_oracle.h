/* The five splits of calgrid_todo_set_split as the model reads them (Challendar's tabs), written
** once for the C tests (test_queries.c) and the C API fuzzer (Tests/Fuzz/capi_fuzz.c). Each passes
** what its own model knows of one item on `day`. Valid C99 and C++11. */
#ifndef CALGRID_TEST_SPLIT_ORACLE_H
#define CALGRID_TEST_SPLIT_ORACLE_H

#include "calgrid.h"

/* Whether an item that falls on `day` (`falls`), is done there (`done_on_day`), spans
** start...end (either CALGRID_DATE_NONE) and is done as a whole (`done_overall`) is in `split`. */
static inline int split_oracle_contains(int split, long day, int falls, int done_on_day,
                                        long start, long end, int done_overall) {
    switch (split) {
    case CALGRID_SPLIT_COMPLETED: return falls && done_on_day;
    case CALGRID_SPLIT_INCOMPLETE: return falls && !done_on_day;
    case CALGRID_SPLIT_UPCOMING: return start != CALGRID_DATE_NONE && start > day;
    case CALGRID_SPLIT_NO_DEADLINE: return end == CALGRID_DATE_NONE;
    default: return end != CALGRID_DATE_NONE && end < day && !done_overall;
    }
}

#endif
