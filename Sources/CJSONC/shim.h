#ifndef CALGRID_CJSONC_SHIM_H
#define CALGRID_CJSONC_SHIM_H
/* The only door from Swift to json-c. Kept as a header so the same module map works in Embedded
   Swift. Nothing else lives here: every libc call goes through CalGridSystem (Sources/CSystem). */
#include <json-c/json.h>
#include <json-c/json_tokener.h>

/* ---- json-c object walking (json_object_object_foreach is a macro Swift cannot see) ---- */

static inline struct lh_entry *cg_object_first(struct json_object *object) {
    return lh_table_head(json_object_get_object(object));
}
static inline struct lh_entry *cg_entry_next(struct lh_entry *entry) { return lh_entry_next(entry); }
static inline const char *cg_entry_key(struct lh_entry *entry) { return (const char *)lh_entry_k(entry); }
static inline struct json_object *cg_entry_value(struct lh_entry *entry) {
    return (struct json_object *)lh_entry_v(entry);
}

#endif
