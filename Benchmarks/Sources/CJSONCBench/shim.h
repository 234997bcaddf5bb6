#ifndef CALGRID_BENCH_CJSONC_H
#define CALGRID_BENCH_CJSONC_H
/* json-c for the whole-file baseline: json_object_from_file and the DOM accessors. */
#include <json-c/json.h>
#endif
