#ifndef CALGRID_CSYSTEM_SHIM_H
#define CALGRID_CSYSTEM_SHIM_H
/* The only door from Swift to libc (CalGridSystem's `cg_` wrappers). Kept as a header so the same
   module map works in Embedded Swift, where Glibc is not importable: every libc call CalGrid's
   modules and the calgrid command make is one of the wrappers below, so the Swift side never
   touches errno, flags or struct layouts. */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <locale.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- files: every call returns -1 and leaves the reason in *err (an errno value) ---- */

static inline int cg_open_read(const char *path, int *err) {
    int fd;
    do { fd = open(path, O_RDONLY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
    if (fd < 0) *err = errno;
    return fd;
}

/* Creates `path` exclusively (fails if it exists) with `mode` before the umask. */
static inline int cg_open_create_exclusive(const char *path, int mode, int *err) {
    int fd;
    do { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, (mode_t)mode); } while (fd < 0 && errno == EINTR);
    if (fd < 0) *err = errno;
    return fd;
}

/* Opens `path` for reading only when it is a regular file (following symbolic links: a vdir's
   item may be a link to a file elsewhere, as vdirsyncer reads it). stat first, so a FIFO, socket,
   device or directory is never opened (opening a FIFO blocks until a writer comes; opening a device
   may act); then O_NONBLOCK | O_NOCTTY, so a FIFO put there between the stat and the open cannot
   block either, and fstat of the descriptor, which must still be a regular file. The descriptor and
   its status in `out` (cg_stat_values' 5 values); -2 when it is not a regular file (its status, of
   the stat or the fstat, in `out`); -1 with *err on a failure. */
static inline int cg_stat_values(const struct stat *st, int64_t *out);
static inline int cg_open_regular(const char *path, int64_t *out, int *err) {
    struct stat st;
    if (stat(path, &st) != 0) { *err = errno; return -1; }
    if (!S_ISREG(st.st_mode)) { cg_stat_values(&st, out); return -2; }
    int fd;
    do { fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
    if (fd < 0) { *err = errno; return -1; }
    if (fstat(fd, &st) != 0) { *err = errno; close(fd); return -1; }
    cg_stat_values(&st, out);
    if (!S_ISREG(st.st_mode)) { close(fd); return -2; }
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

/* close that reports its error (a deferred write error on some file systems); EINTR counts as closed. */
static inline int cg_close_checked(int fd, int *err) {
    if (close(fd) != 0 && errno != EINTR) { *err = errno; return -1; }
    return 0;
}

static inline int cg_fchmod(int fd, int mode, int *err) {
    if (fchmod(fd, (mode_t)mode) != 0) { *err = errno; return -1; }
    return 0;
}

/* The permission bits of the file at `path` (following symbolic links) in *mode: 1 when it exists,
   0 when it does not, -1 on another error. */
static inline int cg_file_mode(const char *path, int *mode, int *err) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        *err = errno; return -1;
    }
    *mode = (int)(st.st_mode & 07777);
    return 1;
}

/* When `path` is a symbolic link to an existing file, its resolved path into `buffer` (PATH_MAX
   bytes) and 1: a replacement then replaces the file the link names, and the link stays. */
static inline int cg_resolve_link(const char *path, char *buffer) {
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) return 0;
    return realpath(path, buffer) != NULL ? 1 : 0;
}

static inline int cg_rename(const char *from, const char *to, int *err) {
    if (rename(from, to) != 0) { *err = errno; return -1; }
    return 0;
}

static inline int cg_unlink(const char *path) { return unlink(path); }

/* The directory part of `path` into `dir` ("." when there is none); 0 when it does not fit. */
static inline int cg_parent_directory(const char *path, char *dir, size_t size) {
    size_t n = strlen(path);
    if (n >= size) return 0;
    memcpy(dir, path, n + 1);
    char *slash = strrchr(dir, '/');
    if (slash == NULL) { dir[0] = '.'; dir[1] = 0; }
    else if (slash == dir) { dir[1] = 0; }
    else *slash = 0;
    return 1;
}

/* fsync of the directory holding `path`, so the rename itself survives a crash. Best effort. */
static inline void cg_fsync_parent_directory(const char *path) {
    char dir[PATH_MAX];
    if (!cg_parent_directory(path, dir, sizeof dir)) return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) { (void)fsync(fd); close(fd); }
}

/* The marker every temporary file of AtomicFile has in its name: `<target>.calgrid-tmp-<pid>-<n>`. */
#define CG_TEMPORARY_MARK ".calgrid-tmp-"

/* True when `name` is a temporary file's name of a process other than this one that no longer
   runs: `<anything>.calgrid-tmp-<pid>-<digits>`. A process id in another PID namespace looks dead
   from here (its write then fails cleanly at the rename). */
static inline int cg_is_stale_temporary_name(const char *name) {
    const char *mark = NULL, *m = name;
    while ((m = strstr(m, CG_TEMPORARY_MARK)) != NULL) { mark = m; m += 1; }
    if (mark == NULL || mark == name) return 0;
    const char *p = mark + strlen(CG_TEMPORARY_MARK);
    char *end;
    long pid = strtol(p, &end, 10);
    if (end == p || *p < '0' || *p > '9' || *end != '-' || pid <= 0 || pid == (long)getpid()) return 0;
    const char *q = end + 1;
    if (*q == 0) return 0;
    while (*q >= '0' && *q <= '9') q++;
    if (*q != 0) return 0;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;  /* alive, or someone else's (EPERM): kept */
}

/* Removes the stale temporary files (cg_is_stale_temporary_name) in the directory holding `path`:
   what a kill -9 or a power loss left behind. Only a regular file of such a name is one of ours: a
   link, a FIFO or a directory someone named so is left alone. Once per directory (by device and
   inode, and its path: a directory removed and made again may get the same inode) and process: a
   write of 10,000 files into one directory scanned it 10,000 times (38 s); a directory is swept
   again only after 64 others pushed it out of the table. Best effort; thread-safe. */
static inline void cg_sweep_stale_temporaries(const char *path) {
    static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
    static struct { dev_t dev; ino_t ino; uint64_t name; } swept[64];
    static unsigned count, next;
    char dir[PATH_MAX];
    if (!cg_parent_directory(path, dir, sizeof dir)) return;
    DIR *d = opendir(dir);
    if (d == NULL) return;
    struct stat ds;
    if (fstat(dirfd(d), &ds) != 0) { closedir(d); return; }
    uint64_t name = 0xcbf29ce484222325u;  /* FNV-1a of the directory's path as written */
    for (const char *c = dir; *c; c++) name = (name ^ (uint8_t)*c) * 0x100000001b3u;
    pthread_mutex_lock(&mutex);
    int seen = 0;
    for (unsigned k = 0; k < count; k++) {
        if (swept[k].dev == ds.st_dev && swept[k].ino == ds.st_ino && swept[k].name == name) { seen = 1; break; }
    }
    if (!seen) {
        swept[next].dev = ds.st_dev; swept[next].ino = ds.st_ino; swept[next].name = name;
        next = (next + 1) % 64;
        if (count < 64) count++;
    }
    pthread_mutex_unlock(&mutex);
    if (seen) { closedir(d); return; }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strstr(e->d_name, CG_TEMPORARY_MARK) == NULL || !cg_is_stale_temporary_name(e->d_name)) continue;
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
        (void)unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

/* ---- temporary files a signal must not leave behind ----
   Only AtomicFile.swift calls these: they share the static state below, and a header's static
   variables exist once per object file that uses them (one Swift file, one copy). A write registers
   its temporary path before creating the file and releases it after the rename; the handler unlinks
   every registered path (unlink and sigaction are async-signal-safe, the slot states are lock-free
   atomics), restores the default action and re-raises, so the process still ends by the signal. */
#define CG_PENDING_SLOTS 16
typedef struct cg_pending_slot { int state; char path[PATH_MAX]; } cg_pending_slot;  /* 0 free, 1 filling, 2 set */

/* The slot table, allocated by the first cg_install_pending_cleanup (64 KiB on the heap, not in every
   program's .bss); NULL before. A function-local static: Swift's importer emits it with the function
   (it skips file-scope ones). */
static inline cg_pending_slot **cg_pending_table(void) {
    static cg_pending_slot *table;
    return &table;
}

static inline cg_pending_slot *cg_pending_slots(void) { return __atomic_load_n(cg_pending_table(), __ATOMIC_ACQUIRE); }

/* A process-wide serial number for temporary file names (threads may write beside the same file). */
static inline int64_t cg_next_temporary_serial(void) {
    static int64_t serial;
    return __atomic_fetch_add(&serial, 1, __ATOMIC_RELAXED);
}

/* Registers `path`; returns the slot or -1 when all are taken (the write then goes unprotected). */
static inline int cg_pending_add(const char *path) {
    cg_pending_slot *cg_pending = cg_pending_slots();
    size_t n = strlen(path);
    if (cg_pending == NULL || n >= PATH_MAX) return -1;  /* no handler, nothing to protect against */
    for (int k = 0; k < CG_PENDING_SLOTS; k++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&cg_pending[k].state, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            memcpy(cg_pending[k].path, path, n + 1);
            __atomic_store_n(&cg_pending[k].state, 2, __ATOMIC_RELEASE);
            return k;
        }
    }
    return -1;
}

static inline void cg_pending_remove(int slot) {
    cg_pending_slot *cg_pending = cg_pending_slots();
    if (cg_pending != NULL && slot >= 0 && slot < CG_PENDING_SLOTS) __atomic_store_n(&cg_pending[slot].state, 0, __ATOMIC_RELEASE);
}

static void cg_pending_signal_handler(int sig) {
    cg_pending_slot *cg_pending = cg_pending_slots();
    for (int k = 0; cg_pending != NULL && k < CG_PENDING_SLOTS; k++) {
        if (__atomic_load_n(&cg_pending[k].state, __ATOMIC_ACQUIRE) == 2) (void)unlink(cg_pending[k].path);
    }
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    (void)sigaction(sig, &dfl, NULL);
    (void)raise(sig);  /* blocked while the handler runs; delivered, with the default action, on return */
}

/* Installs the handler for SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGXFSZ where the current action is
   the default one (an ignored signal stays ignored, a program's own handler stays). */
static inline void cg_install_pending_cleanup(void) {
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ };
    if (cg_pending_slots() == NULL) {
        cg_pending_slot *fresh = (cg_pending_slot *)calloc(CG_PENDING_SLOTS, sizeof(cg_pending_slot));
        cg_pending_slot *expected = NULL;
        if (fresh == NULL) return;
        if (!__atomic_compare_exchange_n(cg_pending_table(), &expected, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) free(fresh);
    }
    for (size_t k = 0; k < sizeof signals / sizeof signals[0]; k++) {
        struct sigaction old;
        if (sigaction(signals[k], NULL, &old) != 0) continue;
        if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = cg_pending_signal_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        (void)sigaction(signals[k], &sa, NULL);
    }
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

/* ---- environment and symbolic links (time zones: TZ, TZDIR, /etc/localtime) ---- */

/* The value of an environment variable, or NULL. */
static inline const char *cg_getenv(const char *name) { return getenv(name); }

/* The target of the symbolic link `path` into `buffer` (NUL-terminated); its length, or -1 when
   `path` is not a link or the target does not fit. */
static inline int64_t cg_readlink(const char *path, char *buffer, int64_t size) {
    if (size <= 1) return -1;
    ssize_t n = readlink(path, buffer, (size_t)(size - 1));
    if (n < 0 || n >= size - 1) return -1;
    buffer[n] = 0;
    return (int64_t)n;
}

/* ---- threads ---- */

typedef void *(*cg_thread_body)(void *);

static inline int cg_thread_start(pthread_t *thread, cg_thread_body body, void *context) {
    return pthread_create(thread, NULL, body, context);
}

static inline int cg_thread_join(pthread_t thread) { return pthread_join(thread, NULL); }

static inline long cg_online_cpus(void) { return sysconf(_SC_NPROCESSORS_ONLN); }

/* json-c's tokener (its parse call) switches the calling thread to a "C" LC_NUMERIC locale on every call
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

/* A mutex and two condition variables: the import's chunk pipeline keeps its counters under the
   mutex and sleeps on `work` (decoding threads waiting for records) or `results` (the main thread
   waiting for a decoded chunk or for idle workers) instead of spinning. Lives in memory the caller
   allocates (Swift), so it cannot fail; the default attributes never make these calls fail. */
typedef struct cg_monitor { pthread_mutex_t mutex; pthread_cond_t work; pthread_cond_t results; } cg_monitor;

static inline void cg_monitor_init(cg_monitor *m) {
    pthread_mutex_init(&m->mutex, NULL);
    pthread_cond_init(&m->work, NULL);
    pthread_cond_init(&m->results, NULL);
}
static inline void cg_monitor_destroy(cg_monitor *m) {
    pthread_cond_destroy(&m->results);
    pthread_cond_destroy(&m->work);
    pthread_mutex_destroy(&m->mutex);
}
static inline void cg_monitor_lock(cg_monitor *m) { pthread_mutex_lock(&m->mutex); }
static inline void cg_monitor_unlock(cg_monitor *m) { pthread_mutex_unlock(&m->mutex); }
/* `results` != 0 picks the main thread's condition; called with the mutex held, returns holding it
   (maybe spuriously: callers re-check their condition in a loop). */
static inline void cg_monitor_wait(cg_monitor *m, int results) {
    pthread_cond_wait(results ? &m->results : &m->work, &m->mutex);
}
static inline void cg_monitor_signal(cg_monitor *m, int results) {
    pthread_cond_signal(results ? &m->results : &m->work);
}
static inline void cg_monitor_broadcast(cg_monitor *m, int results) {
    pthread_cond_broadcast(results ? &m->results : &m->work);
}

/* ---- bytes ---- */

static inline const uint8_t *cg_memchr(const uint8_t *p, uint8_t byte, int64_t count) {
    return (const uint8_t *)memchr(p, byte, (size_t)count);
}

static inline void cg_memmove(void *to, const void *from, int64_t count) { memmove(to, from, (size_t)count); }

static inline int cg_memcmp(const void *a, const void *b, int64_t count) { return memcmp(a, b, (size_t)count); }

/* ---- locks, directories, the process ---- */

/* Opens (creating it owner-only if missing) `path` and takes an exclusive flock on it, waiting while
   another process holds it; the descriptor, or -1 with the reason in *err and the failing step in
   *step (0 open, 1 flock). Closing the descriptor releases the lock; so does the process's end. */
static inline int cg_lock_file(const char *path, int *err, int *step) {
    int fd;
    /* O_NOFOLLOW: a link there (dangling or not) would make the lock, or create a file, outside;
       O_NONBLOCK: a FIFO there must not block the open. Anything but a regular file is refused. */
    do { fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0600); } while (fd < 0 && errno == EINTR);
    if (fd < 0) { *err = errno; *step = 0; return -1; }
    struct stat st;
    int bad = fstat(fd, &st) != 0 ? errno : (S_ISREG(st.st_mode) ? 0 : (S_ISDIR(st.st_mode) ? EISDIR : EINVAL));
    if (bad != 0) {
        *err = bad; *step = 0;
        close(fd);
        return -1;
    }
    while (flock(fd, LOCK_EX) != 0) {
        if (errno == EINTR) continue;
        *err = errno; *step = 1;
        close(fd);
        return -1;
    }
    return fd;
}

/* mkdir with `mode` before the umask; an existing entry counts as success only to the caller. */
static inline int cg_mkdir(const char *path, int mode, int *err) {
    if (mkdir(path, (mode_t)mode) != 0) { *err = errno; return -1; }
    return 0;
}

/* 1 when `path` names something (following symbolic links), 0 when not. */
static inline int cg_exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* What identifies a file's content for a reader that wants to know whether it changed: size, the
   modification time in nanoseconds, inode and device (a rename over the path gives another inode
   even within one clock tick), and its kind (0 regular, 1 directory, 2 FIFO, 3 socket, 4 character
   device, 5 block device, 6 symbolic link, 7 other). 1 when it exists, 0 when not, -1 with
   *err on another error. `out` holds 5 values. */
static inline int cg_stat_values(const struct stat *st, int64_t *out) {
    out[0] = (int64_t)st->st_size;
    out[1] = (int64_t)st->st_mtim.tv_sec * 1000000000 + (int64_t)st->st_mtim.tv_nsec;
    out[2] = (int64_t)st->st_ino;
    out[3] = (int64_t)st->st_dev;
    out[4] = S_ISREG(st->st_mode) ? 0 : S_ISDIR(st->st_mode) ? 1 : S_ISFIFO(st->st_mode) ? 2 : S_ISSOCK(st->st_mode) ? 3
           : S_ISCHR(st->st_mode) ? 4 : S_ISBLK(st->st_mode) ? 5 : S_ISLNK(st->st_mode) ? 6 : 7;
    return 1;
}
/* The status of `path` itself: a symbolic link is not followed (lstat). */
static inline int cg_lstat_path(const char *path, int64_t *out, int *err) {
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        *err = errno; return -1;
    }
    return cg_stat_values(&st, out);
}
static inline int cg_stat_path(const char *path, int64_t *out, int *err) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        *err = errno; return -1;
    }
    return cg_stat_values(&st, out);
}
static inline int cg_stat_fd(int fd, int64_t *out, int *err) {
    struct stat st;
    if (fstat(fd, &st) != 0) { *err = errno; return -1; }
    return cg_stat_values(&st, out);
}

/* A directory opened for the *at calls below (O_DIRECTORY: anything else is ENOTDIR). */
static inline int cg_open_directory(const char *path, int *err) {
    int fd;
    do { fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
    if (fd < 0) *err = errno;
    return fd;
}
/* cg_stat_path of `name` in the directory `dirfd` (following symbolic links): no walk of the
   directory's own path per name, which a view of 100,000 files otherwise pays 100,000 times. */
static inline int cg_stat_at(int dirfd, const char *name, int64_t *out, int *err) {
    struct stat st;
    if (fstatat(dirfd, name, &st, 0) != 0) {
        if (errno == ENOENT) return 0;
        *err = errno; return -1;
    }
    return cg_stat_values(&st, out);
}

/* A directory's entries one by one (no "." or ".."): opendir, then readdir until NULL, closedir. */
static inline DIR *cg_opendir(const char *path, int *err) {
    DIR *d = opendir(path);
    if (d == NULL) *err = errno;
    return d;
}
/* The next entry's name, NULL at the end (*err 0) or on an error (*err set). */
static inline const char *cg_readdir_name(DIR *d, int *err) {
    struct dirent *e;
    for (;;) {
        errno = 0;
        e = readdir(d);
        if (e == NULL) { *err = errno; return NULL; }
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) return e->d_name;
    }
}
static inline void cg_closedir(DIR *d) { (void)closedir(d); }

/* ---- a vdir's listing and statuses in bulk (a warm view of 100,000 files is mostly these) ---- */

/* The names in the directory `path` that end in `suffix` and do not start with ".", in the order
   the file system gives them, each followed by a NUL, in one buffer from malloc (*out, *length
   bytes, *count names; free it with cg_free). 0; -1 with *err when the directory cannot be opened;
   -2 with *err when reading it fails (readdir's errno, or ENOMEM). No String per name: a cache compares the whole buffer with the one it kept. */
static inline int cg_list_names(const char *path, const char *suffix, char **out, size_t *length, size_t *count, int *err) {
    DIR *d = opendir(path);
    if (d == NULL) { *err = errno; return -1; }
    size_t cap = 1 << 16, used = 0, n = 0, ls = strlen(suffix);
    char *buf = malloc(cap);
    if (buf == NULL) { closedir(d); *err = ENOMEM; return -2; }
    for (;;) {
        errno = 0;
        struct dirent *e = readdir(d);
        if (e == NULL) {
            if (errno != 0) { *err = errno; free(buf); closedir(d); return -2; }
            break;
        }
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < ls || memcmp(e->d_name + len - ls, suffix, ls) != 0) continue;
        if (used + len + 1 > cap) {
            while (used + len + 1 > cap) cap *= 2;
            char *grown = realloc(buf, cap);
            if (grown == NULL) { *err = ENOMEM; free(buf); closedir(d); return -2; }
            buf = grown;
        }
        memcpy(buf + used, e->d_name, len + 1);
        used += len + 1;
        n++;
    }
    closedir(d);
    *out = buf; *length = used; *count = n;
    return 0;
}
static inline void cg_free(void *p) { free(p); }

/* cg_stat_at of `count` names laid one after the other from `names` (each ended by a NUL), in the
   directory `dirfd`: 5 values per name into `out` (cg_stat_values), the kind -1 where nothing is
   there or it cannot be looked at. One loop in C, no path built per name. */
static inline void cg_stat_names_at(int dirfd, const char *names, size_t count, int64_t *out) {
    struct stat st;
    for (size_t k = 0; k < count; k++) {
        if (fstatat(dirfd, names, &st, 0) == 0) cg_stat_values(&st, out + 5 * k);
        else { out[5 * k] = out[5 * k + 1] = out[5 * k + 2] = out[5 * k + 3] = 0; out[5 * k + 4] = -1; }
        names += strlen(names) + 1;
    }
}

/* cg_stat_names_at shared by threads, in runs of CG_STAT_RUN names taken in turn (an atomic
   counter): a thread started at once, while the caller does other work (a view reads its cache),
   and the caller, which takes the runs left when it is done. `starts[k]` is where name k starts in
   `names`; `out` as cg_stat_names_at's. Each run is written by the one thread that took it. */
#define CG_STAT_RUN 2048
struct cg_stat_batch { int dirfd; const char *names; const intptr_t *starts; size_t count; int64_t *out; size_t next; };
static inline void cg_stat_batch_work(struct cg_stat_batch *b) {
    for (;;) {
        size_t from = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED) * CG_STAT_RUN;
        if (from >= b->count) return;
        size_t n = b->count - from < CG_STAT_RUN ? b->count - from : CG_STAT_RUN;
        cg_stat_names_at(b->dirfd, b->names + b->starts[from], n, b->out + 5 * from);
    }
}
static inline void *cg_stat_batch_thread(void *b) { cg_stat_batch_work(b); return NULL; }
/* No run is taken after this (those under way finish): a batch whose statuses are not wanted. */
static inline void cg_stat_batch_cancel(struct cg_stat_batch *b) { __atomic_store_n(&b->next, b->count, __ATOMIC_RELAXED); }

/* Maps `size` bytes of the file `fd` read-only, its pages read ahead (MAP_POPULATE): a cache of
   20 MB read without a zeroed 20 MB buffer and a copy into it. NULL with *err on a failure. */
static inline const void *cg_map_file(int fd, size_t size, int *err) {
    void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (p == MAP_FAILED) { *err = errno; return NULL; }
    return p;
}
static inline void cg_unmap(const void *p, size_t size) { (void)munmap((void *)p, size); }

/* The GNU build id of the program or shared library this code is linked into (the object whose
   loaded segments hold cg_build_id itself), up to `cap` bytes into `out`; its length, 0 when the
   object has none. What a cache written by one build keys on, so that another build (a new
   calgrid, a new libcalgrid.so under the same program) never reads it. */
struct cg_build_id_search { uintptr_t address; unsigned char *out; int cap; int length; };
/* dl_iterate_phdr and its struct dl_phdr_info are GNU extensions of <link.h>, declared there only
   under _GNU_SOURCE, which this header cannot define (Swift's own Glibc module is built without it,
   and the two would disagree on libc's types). The leading members of glibc's struct, declared
   here under a name of our own, and the function under our name bound to its symbol. */
struct cg_phdr_info { ElfW(Addr) dlpi_addr; const char *dlpi_name; const ElfW(Phdr) *dlpi_phdr; ElfW(Half) dlpi_phnum; };
extern int cg_dl_iterate_phdr(int (*)(struct cg_phdr_info *, size_t, void *), void *) __asm__("dl_iterate_phdr");
static inline int cg_build_id_visit(struct cg_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct cg_build_id_search *s = data;
    int mine = 0;
    for (int k = 0; k < info->dlpi_phnum; k++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[k];
        uintptr_t start = (uintptr_t)info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && s->address >= start && s->address < start + ph->p_memsz) mine = 1;
    }
    if (!mine) return 0;
    for (int k = 0; k < info->dlpi_phnum; k++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[k];
        if (ph->p_type != PT_NOTE) continue;
        const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
            const unsigned char *name = p + sizeof(ElfW(Nhdr));
            const unsigned char *desc = name + ((n->n_namesz + 3) & ~3u);
            if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && memcmp(name, "GNU", 4) == 0 && desc + n->n_descsz <= end) {
                s->length = (int)n->n_descsz < s->cap ? (int)n->n_descsz : s->cap;
                memcpy(s->out, desc, (size_t)s->length);
                return 1;
            }
            p = desc + ((n->n_descsz + 3) & ~3u);
        }
    }
    return 1;
}
static inline int cg_build_id(unsigned char *out, int cap) {
    struct cg_build_id_search s = { (uintptr_t)&cg_build_id_visit, out, cap, 0 };
    cg_dl_iterate_phdr(cg_build_id_visit, &s);
    return s.length;
}

/* unlink that reports why it failed. */
static inline int cg_unlink_checked(const char *path, int *err) {
    if (unlink(path) != 0) { *err = errno; return -1; }
    return 0;
}

static inline int cg_isatty(int fd) { return isatty(fd) == 1; }

/* Seconds since 1970-01-01T00:00:00Z. */
static inline int64_t cg_time_now(void) { return (int64_t)time(NULL); }

/* Monotonic nanoseconds (CLOCK_MONOTONIC). */
static inline int64_t cg_monotonic_nanoseconds(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}

/* The process's peak resident set size in KiB (getrusage's ru_maxrss), 0 when unknown. */
static inline int64_t cg_peak_resident_kib(void) {
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
    return (int64_t)u.ru_maxrss;
}

/* Every allocation of 128 KiB or more gets its own mapping, given back to the kernel when freed.
   glibc's default raises that threshold to the size of each mapped block freed (up to 32 MiB), so
   the old columns a growing TodoSet leaves behind stay resident as free heap: an import from a pipe
   (no size to reserve from) peaked at 1.57x the same file by path, 1.45x with the threshold fixed
   (Benchmarks/README.md, issue 24 item 2). A no-op where the C library has no mallopt. */
static inline void cg_map_large_blocks(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

static inline __attribute__((noreturn)) void cg_exit(int code) { exit(code); }

#endif
