#ifndef CALGRID_CJSONC_SHIM_H
#define CALGRID_CJSONC_SHIM_H
/* The only door from Swift to json-c (and the few libc calls the import layer needs).
   Kept as a header so the same module map works in Embedded Swift, where Glibc is not importable:
   every libc call CalGridJSON makes is one of the `cg_` wrappers below, so the Swift side never
   touches errno, flags or struct layouts. */
#include <json-c/json.h>
#include <json-c/json_tokener.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- files: every call returns -1 and leaves the reason in *err (an errno value) ---- */

static inline int cg_open_read(const char *path, int *err) {
    int fd;
    do { fd = open(path, O_RDONLY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
    if (fd < 0) *err = errno;
    return fd;
}

/* Creates `path` exclusively (fails if it exists) with mode 0644 before the umask. */
static inline int cg_open_create_exclusive(const char *path, int *err) {
    int fd;
    do { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644); } while (fd < 0 && errno == EINTR);
    if (fd < 0) *err = errno;
    return fd;
}

/* Size of a regular file, -1 with EISDIR / ESPIPE-like errors for directories and other kinds. */
static inline int64_t cg_file_size(int fd, int *err) {
    struct stat st;
    if (fstat(fd, &st) != 0) { *err = errno; return -1; }
    if (S_ISDIR(st.st_mode)) { *err = EISDIR; return -1; }
    if (!S_ISREG(st.st_mode)) return -2; /* a pipe or device: size unknown, still readable */
    return (int64_t)st.st_size;
}

/* Reads up to `count` bytes, retrying on EINTR; 0 at end of file. */
static inline int64_t cg_read(int fd, void *buffer, int64_t count, int *err) {
    ssize_t n;
    do { n = read(fd, buffer, (size_t)count); } while (n < 0 && errno == EINTR);
    if (n < 0) { *err = errno; return -1; }
    return (int64_t)n;
}

/* Writes all `count` bytes or fails. */
static inline int cg_write_all(int fd, const void *buffer, int64_t count, int *err) {
    const char *p = (const char *)buffer;
    while (count > 0) {
        ssize_t n = write(fd, p, (size_t)count);
        if (n < 0) { if (errno == EINTR) continue; *err = errno; return -1; }
        p += n; count -= n;
    }
    return 0;
}

static inline int cg_fsync(int fd, int *err) {
    if (fsync(fd) != 0) { *err = errno; return -1; }
    return 0;
}

static inline int cg_close(int fd) { return close(fd); }

static inline int cg_rename(const char *from, const char *to, int *err) {
    if (rename(from, to) != 0) { *err = errno; return -1; }
    return 0;
}

static inline int cg_unlink(const char *path) { return unlink(path); }

/* fsync of the directory holding `path`, so the rename itself survives a crash. Best effort. */
static inline void cg_fsync_parent_directory(const char *path) {
    char dir[4096];
    size_t n = strlen(path);
    if (n >= sizeof dir) return;
    memcpy(dir, path, n + 1);
    char *slash = strrchr(dir, '/');
    if (slash == NULL) { dir[0] = '.'; dir[1] = 0; }
    else if (slash == dir) { dir[1] = 0; }
    else *slash = 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) { (void)fsync(fd); close(fd); }
}

static inline int cg_getpid(void) { return (int)getpid(); }

/* The text of an errno value, copied into `buffer` (always NUL-terminated). */
static inline void cg_strerror(int code, char *buffer, size_t size) {
    if (size == 0) return;
    const char *s = strerror(code);
    size_t n = strlen(s);
    if (n >= size) n = size - 1;
    memcpy(buffer, s, n);
    buffer[n] = 0;
}

/* ---- threads ---- */

typedef void *(*cg_thread_body)(void *);

static inline int cg_thread_start(pthread_t *thread, cg_thread_body body, void *context) {
    return pthread_create(thread, NULL, body, context);
}

static inline int cg_thread_join(pthread_t thread) { return pthread_join(thread, NULL); }

static inline long cg_online_cpus(void) { return sysconf(_SC_NPROCESSORS_ONLN); }

/* Counters shared by the import threads (plain int64_t slots, accessed only through these). */
static inline int64_t cg_atomic_load(const int64_t *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void cg_atomic_store(int64_t *p, int64_t value) { __atomic_store_n(p, value, __ATOMIC_RELEASE); }
static inline int64_t cg_atomic_fetch_add(int64_t *p, int64_t value) { return __atomic_fetch_add(p, value, __ATOMIC_ACQ_REL); }
static inline void cg_yield(void) { sched_yield(); }

/* json-c's json_tokener_parse_ex switches the calling thread to a "C" LC_NUMERIC locale on every call
   (duplocale + newlocale + freelocale: allocations and glibc's global locale lock). When the thread
   already uses glibc's static C locale object, all three return it without allocating or locking.
   cg_use_c_locale switches the calling thread to it and returns the previous locale for
   cg_restore_locale. */
static inline void *cg_use_c_locale(void) {
    locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (c == (locale_t)0) return NULL;
    return (void *)uselocale(c);
}
static inline void cg_restore_locale(void *previous) {
    if (previous != NULL) (void)uselocale((locale_t)previous);
}

/* A value threads can sleep on until it changes (a mutex and a condition variable). */
typedef struct cg_signal { pthread_mutex_t mutex; pthread_cond_t changed; int64_t value; } cg_signal;

static inline cg_signal *cg_signal_new(void) {
    cg_signal *s = (cg_signal *)malloc(sizeof(cg_signal));
    if (s == NULL) return NULL;
    pthread_mutex_init(&s->mutex, NULL);
    pthread_cond_init(&s->changed, NULL);
    s->value = 0;
    return s;
}

static inline void cg_signal_free(cg_signal *s) {
    if (s == NULL) return;
    pthread_cond_destroy(&s->changed);
    pthread_mutex_destroy(&s->mutex);
    free(s);
}

static inline void cg_signal_set(cg_signal *s, int64_t value) {
    pthread_mutex_lock(&s->mutex);
    s->value = value;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->mutex);
}

/* Waits until the value differs from `seen`; returns it. */
static inline int64_t cg_signal_wait_change(cg_signal *s, int64_t seen) {
    pthread_mutex_lock(&s->mutex);
    while (s->value == seen) pthread_cond_wait(&s->changed, &s->mutex);
    int64_t v = s->value;
    pthread_mutex_unlock(&s->mutex);
    return v;
}

/* ---- bytes ---- */

static inline const uint8_t *cg_memchr(const uint8_t *p, uint8_t byte, int64_t count) {
    return (const uint8_t *)memchr(p, byte, (size_t)count);
}

static inline void cg_memmove(void *to, const void *from, int64_t count) { memmove(to, from, (size_t)count); }

static inline int cg_memcmp(const void *a, const void *b, int64_t count) { return memcmp(a, b, (size_t)count); }

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
