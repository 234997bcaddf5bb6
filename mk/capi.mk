# The C API (issue 5): libcalgrid.so (Swift stdlib linked in), libcalgrid.a (Embedded Swift, needs only
# libc + libjson-c), calgrid.pc, install/uninstall, and C tests against both libraries, under valgrind,
# with ASan+UBSan, as C++, plus the header <-> symbol check and the pkg-config example.
#
#   make capi                  build both libraries and calgrid.pc into .build/capi
#   make install PREFIX=/usr/local [DESTDIR=...]    make uninstall PREFIX=...
#   make test-c                every C check (part of `make test`)

PREFIX      ?= /usr/local
CC          ?= cc
CXX         ?= c++
CAPI_DIR    := $(BUILD)/capi
CAPI_SO_DIR := $(CAPI_DIR)/shared
CAPI_EM_DIR := $(CAPI_DIR)/embedded
CAPI_T_DIR  := $(CAPI_DIR)/tests

CAPI_VERSION := $(shell sed -n 's/^\#define CALGRID_VERSION_STRING "\(.*\)"/\1/p' Include/calgrid.h)
CAPI_MAJOR   := $(firstword $(subst ., ,$(CAPI_VERSION)))
CAPI_SONAME  := libcalgrid.so.$(CAPI_MAJOR)
CAPI_SO_REAL := libcalgrid.so.$(CAPI_VERSION)
CAPI_SO      := $(CAPI_DIR)/libcalgrid.so
CAPI_A       := $(CAPI_DIR)/libcalgrid.a
CAPI_PC      := $(CAPI_DIR)/calgrid.pc

CAPI_SHARED_FLAGS := -parse-as-library -O -wmo

# C flags every test program is held to.
CAPI_CFLAGS   := -std=c99 -Wall -Wextra -Werror -pedantic -g -pthread -I Include
CAPI_CXXFLAGS := -x c++ -std=c++11 -Wall -Wextra -Werror -pedantic -g -pthread -I Include
CAPI_TEST_SRC := $(sort $(wildcard Tests/C/test_*.c))
CAPI_TEST_HDR := $(wildcard Tests/C/*.h)
CAPI_VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
                 --show-leak-kinds=definite,indirect
CAPI_TEST_ARGS = Tests/C/data $(CAPI_T_DIR)
# What a program linking libcalgrid.a adds (the C modules' libraries), and calgrid.pc's Requires.private.
# libical's module map (Sources/CLibical) has no pkg-config name (Package.swift says why), so the C
# library names it here for libcalgrid.a's users: a program that calls calgrid_ical_* from it links
# libical as pkg-config --static --libs calgrid says. libcalgrid.so gets -lical and the ICU
# libraries from the module map's link lines (swiftc's autolink; the ICU ones are there for the
# static calgrid, and libical.so.3 needs them anyway).
CAPI_ICAL_LIBS   := $(shell pkg-config --libs libical 2>/dev/null || echo -lical)
CAPI_STATIC_LIBS := $(call MODULE_LIBS,CalGridC) $(CAPI_ICAL_LIBS) -lm
CAPI_PC_REQUIRES := $(call MODULE_PKGCONFIG,CalGridC) libical

# Beyond the Makefile's deps: a C and a C++ compiler (gcc ships ASan/UBSan) and binutils.
deps-capi: deps
	@missing=""; \
	 command -v $(CC) >/dev/null || missing="$$missing gcc"; \
	 command -v $(CXX) >/dev/null || missing="$$missing g++"; \
	 command -v objcopy >/dev/null && command -v ld >/dev/null && command -v ar >/dev/null || missing="$$missing binutils"; \
	 if [ -n "$$missing" ]; then \
	   echo "installing:$$missing"; \
	   $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	 fi

.PHONY: deps-capi capi capi-shared capi-static install uninstall test-c test-c-shared test-c-static test-c-cxx \
        test-c-valgrind test-c-sanitize test-c-symbols test-c-example
TEST_RULES += test-c

capi: deps-capi
	@$(MAKE) --no-print-directory capi-shared capi-static $(CAPI_PC)
capi-shared: $(CAPI_SO)
capi-static: $(CAPI_A)

# --- libcalgrid.so: the C layer's modules (CalGridC and what it uses) compiled as ordinary Swift,
# linked with the static stdlib; a version script exports calgrid_* and nothing else. The one link
# line of every libcalgrid.so flavour: $(call CAPI_LINK_SO,OBJECT DIR,OUTPUT,EXTRA SWIFTC FLAGS)
# (mk/tsan.mk links the ThreadSanitizer one with it).
define CAPI_LINK_SO
$(2): $(call MODULE_OBJECTS,CalGridC,$(1))
	@printf '{\n  global: calgrid_*;\n  local: *;\n};\n' > $(1)/exports.map
	$$(SWIFTC) $(3) -static-stdlib -emit-library -o $$@ $$^ $(call MODULE_LIBS,CalGridC) -Xlinker --version-script=$(1)/exports.map
endef
$(call SWIFTC_MODULES,$(CAPI_SO_DIR),$(CAPI_SHARED_FLAGS),$(call MODULE_CLOSURE,CalGridC))
# ICU's data left out of libcalgrid.so too (issue 41, a lean binary; the static calgrid's way, mk/cli.mk):
# linked against the shared libical.so.3, the library loaded libicui18n, libicuuc and libicudata.so.72
# (31 MB mapped into every program using it), for libical's RSCALE, which CalGrid never asks it to
# expand (CalGrid implements RSCALE=DANGI itself). So libical.a, libicui18n.a and libicuuc.a are
# linked into it statically, and ICU's data table is the empty one of Sources/CICUDataStub: the module
# map's -lical, -licui18n, -licuuc and -licudata (swiftc's autolink: they come first, and cannot be
# made static by a later -Bstatic) find linker scripts in $(CAPI_LEAN_DIR) that name the archives
# (and an empty one for the data). Debian's archives are built as executables' code, reading libc's
# `stderr`, `tzname` and `__timezone` PC-relative: Sources/CICUDataStub/icu_shared_refs.c gives the
# library hidden copies of its own, set from libc's when it is loaded. Without the archives (no
# libical.a or libicu*.a), the library links the shared ones as before.
ICU_MAJOR       := $(firstword $(subst ., ,$(shell pkg-config --modversion icu-uc 2>/dev/null)))
CAPI_LEAN_DIR   := $(CAPI_DIR)/lean
CAPI_LEAN_LIBS  := $(foreach l,ical icui18n icuuc,$(abspath $(shell $(CC) -print-file-name=lib$(l).a 2>/dev/null)))
CAPI_LEAN_OK    := $(if $(ICU_MAJOR),$(if $(strip $(foreach a,$(CAPI_LEAN_LIBS),$(if $(wildcard $(a)),,missing))),,yes))
CAPI_LEAN_OBJS  := $(CAPI_LEAN_DIR)/icu_data_stub.o $(CAPI_LEAN_DIR)/icu_shared_refs.o
CAPI_LEAN_FLAGS := $(if $(CAPI_LEAN_OK),-L $(abspath $(CAPI_LEAN_DIR)) $(CAPI_LEAN_OBJS) -Xlinker --defsym=icudt$(ICU_MAJOR)_dat=calgrid_icu_empty_data)
$(CAPI_LEAN_DIR)/%.o: Sources/CICUDataStub/%.c
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -fPIC -Wall -Wextra -Werror -c $< -o $@
$(CAPI_LEAN_DIR)/libicudata.so: $(CAPI_LEAN_OBJS) mk/capi.mk
	@mkdir -p $(@D)
	@for a in $(CAPI_LEAN_LIBS); do n=$$(basename $$a .a); echo "INPUT($$a)" > $(@D)/$$n.so; done
	@rm -f $(@D)/empty.a && ar rcs $(@D)/empty.a && echo "INPUT($(abspath $(@D))/empty.a)" > $@
$(eval $(call CAPI_LINK_SO,$(CAPI_SO_DIR),$(CAPI_DIR)/$(CAPI_SO_REAL),-Xlinker -soname=$(CAPI_SONAME) $(CAPI_LEAN_FLAGS)))
$(CAPI_DIR)/$(CAPI_SO_REAL): | $(if $(CAPI_LEAN_OK),$(CAPI_LEAN_DIR)/libicudata.so)
$(CAPI_SO): $(CAPI_DIR)/$(CAPI_SO_REAL)
	ln -sf $(CAPI_SO_REAL) $(CAPI_DIR)/$(CAPI_SONAME)
	ln -sf $(CAPI_SONAME) $@

# --- libcalgrid.a: the Embedded Swift objects of the C layer's modules (the Makefile's Embedded flavour),
# merged into one relocatable object with the Unicode tables String needs, unreachable functions
# dropped (--gc-sections from the calgrid_* roots); only calgrid_* stay global, so nothing clashes
# with the caller's symbols.
#
# Merge order: the core, then the C layer, then the modules between them from the top down. Swift
# emits one .data section per object, holding that object's copies of weak type metadata, and ld
# keeps the first definition of each: objects whose .data stays anyway (the core's and the C
# layer's own classes) come first, so the others' .data sections drop out (1.3 KB less than
# dependency order, measured with the modules of 2026-12-01).
reverse = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
CAPI_MERGE_ORDER = $(firstword $(call MODULE_CLOSURE,CalGridC)) \
  $(call reverse,$(wordlist 2,$(words $(call MODULE_CLOSURE,CalGridC)),$(call MODULE_CLOSURE,CalGridC)))
#
# Three members (docs/c-api.md, "Size"): calgrid.o, every calgrid_* function but the iCalendar, lunar and holiday
# ones, calgrid_lunar.o (below), and
# calgrid_ical.o, the calgrid_ical_* functions with all they reach (CalGridICalendar, and its own
# copy of the parts of the core, the import layer and the runtime they use: each member keeps only
# its own functions global, so no member can call into another), merged the same way from the same
# objects (calgrid.o without CalGridICalendar.o, whose copies of shared generic code would otherwise
# be kept in its place: 291 bytes more). A program pulls calgrid_ical.o in only by calling a calgrid_ical_* function; then it
# links libical too. Both members handle the same sets: they are compiled from the same objects, so
# a set made by one is laid out as the other reads it, and there is no global state to share.
#
# calgrid.o's C layer is Sources/CalGridC compiled without its iCalendar files
# ($(CAPI_CORE_DIR)/CalGridC.o): CalGridICalendar is then neither imported nor reachable, and the
# optimizer decides about the rest exactly as before iCalendar (compiled into one object with them,
# its inlining and merging of shared code changed, and calgrid.o grew 3,918 bytes with none of the
# iCalendar code in it). calgrid_ical.o comes from the whole C layer, $(EMBEDDED_DIR)/CalGridC.o.
#
# The same holds for the lunar and holiday calls (CAPI_LUNAR_SOURCES): calgrid.o's C layer is compiled
# without them too (with them, calgrid.o grew 485 bytes though none of their code was kept), and
# calgrid_lunar.o comes from the C layer without the iCalendar and store files, $(CAPI_LUNAR_DIR)/CalGridC.o.
# The store calls (calgrid_store_*, CalGridC+Store.swift) are a fourth member, calgrid_store.o, made the
# same way from the whole C layer ($(EMBEDDED_DIR)/CalGridC.o) with CalGridStore and its own copies
# of the rest; calgrid_ical.o's C layer is Sources/CalGridC without the store's and the lunar files
# ($(CAPI_ICAL_DIR)/CalGridC.o), and neither calgrid.o nor calgrid_ical.o merges CalGridStore.o. So a
# program calling no calgrid_store_* function links exactly what it linked before the store came
# (docs/c-api.md, "Size").
CAPI_ICAL_SOURCES  := $(filter %/CalGridC+ICalendar.swift %/CalGridC+ICalendarExport.swift,$(CalGridC_SOURCES))
CAPI_LUNAR_SOURCES := $(filter %/CalGridC+Lunar.swift %/CalGridC+Holidays.swift,$(CalGridC_SOURCES))
CAPI_STORE_SOURCES := $(filter %/CalGridC+Store.swift,$(CalGridC_SOURCES))
CAPI_CORE_SOURCES  := $(filter-out $(CAPI_ICAL_SOURCES) $(CAPI_LUNAR_SOURCES) $(CAPI_STORE_SOURCES),$(CalGridC_SOURCES))
CAPI_CORE_DIR      := $(EMBEDDED_DIR)/capi-core
CAPI_LUNAR_DIR     := $(EMBEDDED_DIR)/capi-lunar
CAPI_ICAL_DIR      := $(EMBEDDED_DIR)/capi-ical
CAPI_CORE_USES     := $(filter-out CalGridICalendar CalGridStore,$(CalGridC_USES))
CAPI_ICAL_USES     := $(filter-out CalGridStore,$(CalGridC_USES))
# $(call CAPI_C_LAYER,DIR,SOURCES,USES): the C layer compiled from SOURCES into DIR/CalGridC.o.
define CAPI_C_LAYER
$(1)/CalGridC.o: $(2) $$(CalGridC_INPUTS) $$(patsubst %,$$(EMBEDDED_DIR)/%.o,$(3))
	@mkdir -p $$(@D)
	$$(SWIFTC) $$(EMBEDDED_FLAGS) -module-name CalGridC -package-name $$(PACKAGE_NAME) -I $$(EMBEDDED_DIR) $$(CalGridC_IMPORTS) \
	  $(2) -c -o $$@ -emit-module -emit-module-path $$(@D)/CalGridC.swiftmodule
endef
$(eval $(call CAPI_C_LAYER,$(CAPI_CORE_DIR),$(CAPI_CORE_SOURCES),$(CAPI_CORE_USES)))
$(eval $(call CAPI_C_LAYER,$(CAPI_LUNAR_DIR),$(CAPI_CORE_SOURCES) $(CAPI_LUNAR_SOURCES),$(CAPI_CORE_USES)))
# calgrid_ical.o's C layer leaves the lunar calls out as well (with the holiday calls in, it grew 5,104 bytes).
$(eval $(call CAPI_C_LAYER,$(CAPI_ICAL_DIR),$(CAPI_CORE_SOURCES) $(CAPI_ICAL_SOURCES),$(CAPI_ICAL_USES)))
CAPI_ROOTS = $$(nm $(5) | awk '$$2 == "T" && $$3 ~ /^calgrid_/ && ($(1)) { printf "-u %s ", $$3 }')
CAPI_MERGE = ld -r --gc-sections -T mk/capi-merge.ld -o $(CAPI_EM_DIR)/$(1)-merged.o $(call CAPI_ROOTS,$(2),,,,$(5)) \
	  $(patsubst $(EMBEDDED_DIR)/CalGridC.o,$(5),$(patsubst %,$(EMBEDDED_DIR)/%.o,$(4))) $(EMBEDDED_RUNTIME) && \
	objcopy --wildcard --keep-global-symbol='$(3)' --strip-debug --strip-unneeded $(CAPI_EM_DIR)/$(1)-merged.o $(CAPI_EM_DIR)/$(1).o
#
# The member calgrid_lunar.o holds the lunar and holiday calls (CAPI_LUNAR_CALLS, Include/calgrid.h's
# "Public holidays" section and the two lunar conversions), merged from calgrid.o's objects: a
# program that calls none of them links no holiday rows, names or lists (calgrid.o reaches the
# lunar table only through the lunar recurrence rules, and keeps its own copy for them).
CAPI_LUNAR_CALLS := lunar_from_date|date_from_lunar|grid_cells_fill|holidays_list|holiday_name|period_workdays
CAPI_LUNAR_ROOT  := $$3 ~ /^calgrid_($(CAPI_LUNAR_CALLS))$$/
$(CAPI_A): $(call MODULE_OBJECTS,CalGridC,$(EMBEDDED_DIR)) $(CAPI_CORE_DIR)/CalGridC.o $(CAPI_LUNAR_DIR)/CalGridC.o $(CAPI_ICAL_DIR)/CalGridC.o mk/capi-merge.ld mk/capi.mk
	@mkdir -p $(CAPI_EM_DIR)
	$(call CAPI_MERGE,calgrid,$$3 !~ /^calgrid_ical_/,calgrid_*,$(filter-out CalGridICalendar CalGridStore,$(CAPI_MERGE_ORDER)),$(CAPI_CORE_DIR)/CalGridC.o)
	@mv -f $(CAPI_EM_DIR)/calgrid-merged.o $(CAPI_EM_DIR)/merged.o
	$(call CAPI_MERGE,calgrid_lunar,$(CAPI_LUNAR_ROOT),calgrid_*,$(filter-out CalGridICalendar CalGridStore,$(CAPI_MERGE_ORDER)),$(CAPI_LUNAR_DIR)/CalGridC.o)
	$(call CAPI_MERGE,calgrid_ical,$$3 ~ /^calgrid_ical_/,calgrid_ical_*,$(filter-out CalGridStore,$(CAPI_MERGE_ORDER)),$(CAPI_ICAL_DIR)/CalGridC.o)
	$(call CAPI_MERGE,calgrid_store,$$3 ~ /^calgrid_store_/,calgrid_store_*,$(CAPI_MERGE_ORDER),$(EMBEDDED_DIR)/CalGridC.o)
	rm -f $@ && ar rcs $@ $(CAPI_EM_DIR)/calgrid.o $(CAPI_EM_DIR)/calgrid_lunar.o $(CAPI_EM_DIR)/calgrid_ical.o $(CAPI_EM_DIR)/calgrid_store.o

# calgrid.pc for a prefix: $(call CAPI_PC_LINES,prefix). Static users add json-c and libical (Requires.private;
# no Cflags of theirs are needed, calgrid.h includes neither) and libm (calgrid_ical.o calls ceil).
CAPI_PC_LINES = 'prefix=$(1)' 'exec_prefix=$${prefix}' 'libdir=$${exec_prefix}/lib' 'includedir=$${prefix}/include' '' \
  'Name: calgrid' 'Description: Calendar grids, periods and todo aggregates on integer civil days' \
  'Version: $(CAPI_VERSION)' 'Requires.private: $(CAPI_PC_REQUIRES)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lcalgrid' \
  'Libs.private: -lm'
$(CAPI_PC): mk/capi.mk Include/calgrid.h
	@mkdir -p $(@D)
	@printf '%s\n' $(call CAPI_PC_LINES,$(PREFIX)) > $@

# --- install / uninstall (DESTDIR is honoured for packagers).
CAPI_INST_LIB := $(DESTDIR)$(PREFIX)/lib
# calgrid: the static executable `make demo` runs (mk/cli.mk), so the installed command needs no
# Swift toolchain and starts like a C program.
install: deps-capi capi calgrid-static
	install -d $(DESTDIR)$(PREFIX)/include $(CAPI_INST_LIB)/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 Include/calgrid.h $(DESTDIR)$(PREFIX)/include/calgrid.h
	install -m 755 $(CAPI_DIR)/$(CAPI_SO_REAL) $(CAPI_INST_LIB)/$(CAPI_SO_REAL)
	ln -sf $(CAPI_SO_REAL) $(CAPI_INST_LIB)/$(CAPI_SONAME)
	ln -sf $(CAPI_SONAME) $(CAPI_INST_LIB)/libcalgrid.so
	install -m 644 $(CAPI_A) $(CAPI_INST_LIB)/libcalgrid.a
	printf '%s\n' $(call CAPI_PC_LINES,$(PREFIX)) > $(CAPI_INST_LIB)/pkgconfig/calgrid.pc
	install -m 755 $(CALGRID_STATIC) $(DESTDIR)$(PREFIX)/bin/calgrid
	install -D -m 644 docs/calgrid.1 $(DESTDIR)$(PREFIX)/share/man/man1/calgrid.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/calgrid.h $(CAPI_INST_LIB)/$(CAPI_SO_REAL) $(CAPI_INST_LIB)/$(CAPI_SONAME) \
	  $(CAPI_INST_LIB)/libcalgrid.so $(CAPI_INST_LIB)/libcalgrid.a $(CAPI_INST_LIB)/pkgconfig/calgrid.pc \
	  $(DESTDIR)$(PREFIX)/bin/calgrid
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/calgrid.1

# --- tests
$(CAPI_T_DIR)/shared: $(CAPI_TEST_SRC) $(CAPI_TEST_HDR) $(CAPI_SO)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -o $@ $(CAPI_TEST_SRC) -L$(CAPI_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_DIR))
$(CAPI_T_DIR)/static: $(CAPI_TEST_SRC) $(CAPI_TEST_HDR) $(CAPI_A)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -o $@ $(CAPI_TEST_SRC) $(CAPI_A) $(CAPI_STATIC_LIBS)
$(CAPI_T_DIR)/cxx: $(CAPI_TEST_SRC) $(CAPI_TEST_HDR) $(CAPI_SO)
	@mkdir -p $(@D)
	$(CXX) $(CAPI_CXXFLAGS) -o $@ $(CAPI_TEST_SRC) -x none -L$(CAPI_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_DIR))
$(CAPI_T_DIR)/asan-shared: $(CAPI_TEST_SRC) $(CAPI_TEST_HDR) $(CAPI_SO)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -o $@ \
	  $(CAPI_TEST_SRC) -L$(CAPI_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_DIR))
$(CAPI_T_DIR)/asan-static: $(CAPI_TEST_SRC) $(CAPI_TEST_HDR) $(CAPI_A)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -o $@ \
	  $(CAPI_TEST_SRC) $(CAPI_A) $(CAPI_STATIC_LIBS)

test-c-shared: $(CAPI_T_DIR)/shared
	$< $(CAPI_TEST_ARGS)
# The static test calls calgrid_ical_*, so it links libical (shared) beside libc, json-c and libm;
# whatever else it loads must be libical.so.3's own (a program without iCalendar: test-c-symbols).
test-c-static: $(CAPI_T_DIR)/static
	@ldd $$(ldd $< | awk '$$1 ~ /^libical\.so/ { print $$3 }') | awk '{print $$1}' > $(CAPI_T_DIR)/libical-needs.txt; \
	 libs=$$(ldd $< | awk '{print $$1}' | grep -v -e linux-vdso -e ld-linux -e '^libc\.so' -e '^libjson-c\.so' -e '^libm\.so' -e '^libical\.so' \
	   | grep -v -x -F -f $(CAPI_T_DIR)/libical-needs.txt || true); \
	 if [ -n "$$libs" ]; then echo "static test links more than libc, libjson-c, libm and libical (with its own libraries): $$libs"; exit 1; fi
	$< $(CAPI_TEST_ARGS)
test-c-cxx: $(CAPI_T_DIR)/cxx
	$< $(CAPI_TEST_ARGS)
test-c-valgrind: $(CAPI_T_DIR)/shared $(CAPI_T_DIR)/static
	$(CAPI_VALGRIND) $(CAPI_T_DIR)/shared $(CAPI_TEST_ARGS)
	$(CAPI_VALGRIND) $(CAPI_T_DIR)/static $(CAPI_TEST_ARGS)
test-c-sanitize: $(CAPI_T_DIR)/asan-shared $(CAPI_T_DIR)/asan-static
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(CAPI_T_DIR)/asan-shared $(CAPI_TEST_ARGS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(CAPI_T_DIR)/asan-static $(CAPI_TEST_ARGS)
# The size of libcalgrid.a is a promise to static users (docs/c-api.md, "Size"): the whole C API
# linked statically, with json-c (43.5 KB), stays under 512 KiB, so libcalgrid.a links under
# 480,000 bytes of code and data (512 KiB - 43.5 KB, no slack). It is one merged object, so a program calling any calgrid_*
# function pays all of it in its binary (flash on a small system); in RAM it pays .data/.bss (about
# 3 KB) and the text pages it runs. What grows it: entry points and the core they reach, and each
# format built in (JSON and the import layer are 77 KB of the 404 KB of 2026-12-01); a change past
# the bound pays with a cut or moves the promise in docs/c-api.md, not the number here alone
# (moved to 492,000, 502,000, 512,000, 548,000, 590,000 and then 600,000 on 2026-12-07: docs/c-api.md, Size, says by what;
# the last for the alarms' index, 590,338 B; then 620,000 for times per occurrence across DST, 607,695 B;
# then 640,000 for the agenda's marked form and calgrid_todo.time_zone: docs/c-api.md, Size).
# The Unicode data tables (String comparison, hashing, Character: 100+ KB at once) are refused by
# name, whatever the size; the file size catches a duplicated runtime.
CAPI_A_LINKED_MAX := 640000
# calgrid_ical.o, the iCalendar member: its own bound, paid only by programs that call calgrid_ical_*
# (and then on top of calgrid.o; libical is a shared library beside it). 499,423 bytes on 2026-12-02
# (349,063 before iCalendar recurrence, 516,427 with events and rules before the rule reader
# upper-cased bytes): CalGridICalendar 127 KB, the C calls 20 KB, and the member's own copies of
# what it shares with calgrid.o (core 154 KB, import layer 25 KB, system 10 KB, runtime 88 KB) and
# String's Unicode tables (38 KB, allowed here: the vdir code hashes and compares file names as
# Strings). 8% above it, as calgrid.o had. 678,947 bytes on 2026-12-07 (CalGrid's own fields in
# iCalendar, the splicing patch, the liberal reader, the vdir checks): bound moved to 690,000; then to
# 700,000 (692,179 B: the VTIMEZONE cache, the vdir's one listing and naming rule, rule changes that drop
# stale instances, RELATED=END reminders, counted rules kept as rules; docs/c-api.md, Size); then to
# 712,000 (707,891 B: its copy of the core's lunar rules); then to 760,000 (744,979 B: occurrence spans,
# times of day, locations and alarms read from and written to iCalendar, and its copy of them); then to
# 775,000 (758,259 B: every alarm exported, overrides' alarms, its copy of the agenda and alarm code).
# 795,000 (781,603 B: times per occurrence across DST, its copy of them and the VTIMEZONE as a POSIX rule);
# then, uncut, to 840,000 (819,459 B: zoned items written with their TZID, a VTIMEZONE made from the
# core's rules, and any VTIMEZONE read as a TZif of libical's expanded changes: +42,704 B);
# 823,475 B on tzid2 merged with main at 83ccee3 (a TZID tzdata knows read by tzdata, the fuzz fixes of zones
# made from a file's VTIMEZONE), 823,443 B on the landing merge, under the same bound.
CAPI_ICAL_LINKED_MAX := 840000
# calgrid_lunar.o, the lunar and holiday member: paid only by programs that call those calls (on top of
# calgrid.o). 73,203 bytes on 2026-12-07 (the holiday rows and names, the lunar table, their calls and the
# member's own copy of the core and runtime they reach); bound about 9% above (docs/c-api.md, Size).
CAPI_LUNAR_LINKED_MAX := 80000
# calgrid_store.o, the store member (calgrid_store_*: CalGridStore with JSON, iCalendar and its own
# copies of the rest), paid only by programs that call calgrid_store_*. 1,096,795 bytes on
# 2026-12-07; its bound is that with about 3% to grow (docs/c-api.md, Size); 1,155,163 bytes later that
# day with spans, times, alarms and the vdir view cache, bound 1,180,000; 1,191,131 bytes with every
# alarm through JSON and iCalendar, the agenda index and the binary view cache, bound 1,215,000;
# 1,218,955 bytes once the view cache's set snapshot and the alarms' index are merged, bound 1,245,000.
CAPI_STORE_LINKED_MAX := 1245000
CAPI_LINKED = size -A $(1) | awk '$$1 ~ /^\.(text|rodata|data|data\.rel\.ro|bss)$$/ { n += $$2 } END { print n }'
CAPI_A_UNICODE_TABLES := _swift_stdlib_\(normData\|nfc_comp[0-9]*\|names\|words\|word_indices\|generalCategory\|nfd_decomp\|nfc_comp\|graphemeBreakProperties\|mappings\|case\|scalar_binProps\)
CAPI_NO_ICAL_PROBE := Tests/C/probe/no_ical.c
test-c-symbols: $(CAPI_SO) $(CAPI_A) $(CAPI_NO_ICAL_PROBE)
	python3 Tests/C/check_symbols.py Include/calgrid.h $(CAPI_SO) $(CAPI_A)
	@file=$$(stat -c %s $(CAPI_EM_DIR)/calgrid.o); code=$$($(call CAPI_LINKED,$(CAPI_EM_DIR)/calgrid.o)); \
	 echo "libcalgrid.a's calgrid.o: $$file bytes on disk, $$code bytes of code and data linked into a program (target < $(CAPI_A_LINKED_MAX))"; \
	 [ $$code -lt $(CAPI_A_LINKED_MAX) ] || { echo "libcalgrid.a links $$code bytes of code and data into a program: over its $(CAPI_A_LINKED_MAX)-byte promise (docs/c-api.md, Size: cut something or move the promise there)"; exit 1; }; \
	 [ $$file -lt 1100000 ] || { echo "libcalgrid.a's calgrid.o grew past 1,100,000 bytes on disk (807 KB with rule todos, 2026-12-01; 940 KB with times and alarms, 1,053,880 B with times per occurrence, 2026-12-07): did the runtime get duplicated?"; exit 1; }
	@file=$$(stat -c %s $(CAPI_EM_DIR)/calgrid_ical.o); code=$$($(call CAPI_LINKED,$(CAPI_EM_DIR)/calgrid_ical.o)); \
	 echo "libcalgrid.a's calgrid_ical.o: $$file bytes on disk, $$code bytes of code and data linked into a program calling calgrid_ical_* (target < $(CAPI_ICAL_LINKED_MAX))"; \
	 [ $$code -lt $(CAPI_ICAL_LINKED_MAX) ] || { echo "calgrid_ical.o links $$code bytes: over its $(CAPI_ICAL_LINKED_MAX)-byte bound (docs/c-api.md, Size)"; exit 1; }
	@file=$$(stat -c %s $(CAPI_EM_DIR)/calgrid_lunar.o); code=$$($(call CAPI_LINKED,$(CAPI_EM_DIR)/calgrid_lunar.o)); \
	 echo "libcalgrid.a's calgrid_lunar.o: $$file bytes on disk, $$code bytes of code and data linked into a program calling the lunar or holiday calls (target < $(CAPI_LUNAR_LINKED_MAX))"; \
	 [ $$code -lt $(CAPI_LUNAR_LINKED_MAX) ] || { echo "calgrid_lunar.o links $$code bytes: over its $(CAPI_LUNAR_LINKED_MAX)-byte bound (docs/c-api.md, Size)"; exit 1; }; \
	 bad=$$(nm -g --defined-only $(CAPI_EM_DIR)/calgrid_lunar.o | awk '!($(CAPI_LUNAR_ROOT))'; nm -g --defined-only $(CAPI_EM_DIR)/calgrid.o | awk '$(CAPI_LUNAR_ROOT)'); \
	 [ -z "$$bad" ] || { echo "calgrid_lunar.o exports more than the lunar and holiday calls, or calgrid.o defines one of them: $$bad"; exit 1; }
	@file=$$(stat -c %s $(CAPI_EM_DIR)/calgrid_store.o); code=$$($(call CAPI_LINKED,$(CAPI_EM_DIR)/calgrid_store.o)); \
	 echo "libcalgrid.a's calgrid_store.o: $$file bytes on disk, $$code bytes of code and data linked into a program calling calgrid_store_* (target < $(CAPI_STORE_LINKED_MAX))"; \
	 [ $$code -lt $(CAPI_STORE_LINKED_MAX) ] || { echo "calgrid_store.o links $$code bytes: over its $(CAPI_STORE_LINKED_MAX)-byte bound (docs/c-api.md, Size)"; exit 1; }; \
	 bad=$$(nm -g --defined-only $(CAPI_EM_DIR)/calgrid_store.o | awk '$$3 !~ /^calgrid_store_/'); \
	 [ -z "$$bad" ] || { echo "calgrid_store.o exports more than calgrid_store_*: $$bad"; exit 1; }
	@members=$$(ar t $(CAPI_A) | tr '\n' ' '); [ "$$members" = "calgrid.o calgrid_lunar.o calgrid_ical.o calgrid_store.o " ] || { echo "libcalgrid.a holds $$members, not calgrid.o, calgrid_lunar.o, calgrid_ical.o and calgrid_store.o"; exit 1; }; \
	 bad=$$(nm -g --defined-only $(CAPI_EM_DIR)/calgrid.o | awk '$$3 ~ /^calgrid_ical_/'; nm -u $(CAPI_EM_DIR)/calgrid.o | awk '$$2 ~ /^ical/'); \
	 [ -z "$$bad" ] || { echo "calgrid.o defines or needs iCalendar symbols (it must not, so that programs without iCalendar never link it): $$bad"; exit 1; }; \
	 bad=$$(nm -g --defined-only $(CAPI_EM_DIR)/calgrid_ical.o | awk '$$3 !~ /^calgrid_ical_/'); \
	 [ -z "$$bad" ] || { echo "calgrid_ical.o exports more than calgrid_ical_*: $$bad"; exit 1; }
	@mkdir -p $(CAPI_T_DIR) && rm -f $(CAPI_T_DIR)/core-only.a && ar rcs $(CAPI_T_DIR)/core-only.a $(CAPI_EM_DIR)/calgrid.o && \
	 $(CC) $(CAPI_CFLAGS) -o $(CAPI_T_DIR)/no-ical $(CAPI_NO_ICAL_PROBE) $(CAPI_A) -Wl,--as-needed $(CAPI_STATIC_LIBS) && \
	 $(CC) $(CAPI_CFLAGS) -o $(CAPI_T_DIR)/no-ical-core $(CAPI_NO_ICAL_PROBE) $(CAPI_T_DIR)/core-only.a $(call MODULE_LIBS,CalGridC) && \
	 $(CAPI_T_DIR)/no-ical >/dev/null && cmp -s $(CAPI_T_DIR)/no-ical $(CAPI_T_DIR)/no-ical-core || \
	   { echo "a program calling no calgrid_ical_* differs when libcalgrid.a holds the iCalendar member: it pays for it"; size $(CAPI_T_DIR)/no-ical $(CAPI_T_DIR)/no-ical-core; exit 1; }; \
	 needs=$$(readelf -d $(CAPI_T_DIR)/no-ical | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | grep -v -e '^libc\.so' -e '^libjson-c\.so' || true); \
	 [ -z "$$needs" ] || { echo "a program calling no calgrid_ical_* needs $$needs (with --as-needed: libc and json-c only)"; exit 1; }; \
	 echo "a static program calling no calgrid_ical_* ($(CAPI_NO_ICAL_PROBE)): byte-identical with and without calgrid_ical.o, $$(size $(CAPI_T_DIR)/no-ical | awk 'NR == 2 { print $$4 }') bytes, needs libc and json-c only"
	@known=$$(nm $(EMBEDDED_RUNTIME) 2>/dev/null | grep -c '$(CAPI_A_UNICODE_TABLES)$$' || true); \
	 [ "$$known" -gt 0 ] || { echo "CAPI_A_UNICODE_TABLES names no table of $(EMBEDDED_RUNTIME): the check would pass blind"; exit 1; }
	@tables=$$(nm $(CAPI_EM_DIR)/merged.o | grep -c '$(CAPI_A_UNICODE_TABLES)$$' || true); \
	 [ "$$tables" = 0 ] || { echo "libcalgrid.a links $$tables Unicode data tables (is String ==, hashing or Character use pulling them in? docs/c-api.md, Size):"; \
	   nm $(CAPI_EM_DIR)/merged.o | grep '$(CAPI_A_UNICODE_TABLES)$$'; exit 1; }
	@if ldd $(CAPI_SO) | grep -q libswift; then echo "libcalgrid.so needs a libswift*:"; ldd $(CAPI_SO); exit 1; fi
	@echo "libcalgrid.so needs: $$(ldd $(CAPI_SO) | awk '{print $$1}' | grep -v -e vdso -e ld-linux | tr '\n' ' ')"
	@if [ -n "$(CAPI_LEAN_OK)" ] && ldd $(CAPI_SO) | grep -q -e libicu -e libical; then \
	   echo "libcalgrid.so loads libical or ICU (and ICU's 31 MB of data): they are to be linked in, without the data (CAPI_LEAN_FLAGS)"; ldd $(CAPI_SO); exit 1; fi

# The example is built the way a user builds it: make install into a fresh prefix, then pkg-config only.
test-c-example: deps-capi
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	 $(MAKE) --no-print-directory install PREFIX="$$tmp/prefix" >/dev/null && \
	 export PKG_CONFIG_PATH="$$tmp/prefix/lib/pkgconfig" && \
	 echo "pkg-config --cflags --libs calgrid: $$(pkg-config --cflags --libs calgrid)" && \
	 $(CC) -std=c99 -Wall -Wextra -Werror -pedantic -o "$$tmp/month" Examples/C/month.c $$(pkg-config --cflags --libs calgrid) && \
	 LD_LIBRARY_PATH="$$tmp/prefix/lib" "$$tmp/month" 2026-11 Examples/C/todos.json > "$$tmp/out.txt" && \
	 cat "$$tmp/out.txt" && \
	 echo "pkg-config --static --libs calgrid: $$(pkg-config --static --libs calgrid)" && \
	 $(CC) -std=c99 -Wall -Wextra -Werror -pedantic -o "$$tmp/month-static" Examples/C/month.c \
	   $$(pkg-config --cflags calgrid) "$$(pkg-config --variable=libdir calgrid)/libcalgrid.a" \
	   $$(pkg-config --static --libs calgrid | sed 's/-lcalgrid//') && \
	 "$$tmp/month-static" 2026-11 Examples/C/todos.json | cmp - "$$tmp/out.txt" && \
	 TZ=Asia/Seoul LD_LIBRARY_PATH="$$tmp/prefix/lib" "$$tmp/month" 2026-11 Examples/C/todos.ics > "$$tmp/ics.txt" && \
	 cat "$$tmp/ics.txt" && grep -q '^2026-11: 6 todos' "$$tmp/ics.txt" && \
	 TZ=Asia/Seoul "$$tmp/month-static" 2026-11 Examples/C/todos.ics | cmp - "$$tmp/ics.txt" && \
	 TZ=America/Los_Angeles "$$tmp/month-static" 2026-11 Examples/C/todos.ics | cmp -s - "$$tmp/ics.txt" && \
	   { echo "Examples/C/todos.ics: the same month in Los Angeles as in Seoul, but its 23:30 UTC due is another day there"; exit 1; }; \
	 env -i PATH=/usr/bin:/bin "$$tmp/prefix/bin/calgrid" import Examples/C/todos.ics --tz Asia/Seoul --out "$$tmp/ics.json" 2>/dev/null && \
	 TZ=Asia/Seoul "$$tmp/month-static" 2026-11 "$$tmp/ics.json" | cmp - "$$tmp/ics.txt" && \
	 env -i PATH=/usr/bin:/bin "$$tmp/prefix/bin/calgrid" export --todos "$$tmp/ics.json" --format vdir --out "$$tmp/vdir" --tz Asia/Seoul && \
	 TZ=Asia/Seoul LD_LIBRARY_PATH="$$tmp/prefix/lib" "$$tmp/month" 2026-11 "$$tmp/vdir" | cmp - "$$tmp/ics.txt" && \
	 echo "example on Examples/C/todos.ics (Seoul): shared = static = calgrid import's JSON = calgrid export's vdir read back" && \
	 if ldd "$$tmp/prefix/bin/calgrid" 2>&1 | grep -q libswift; then echo "installed calgrid needs libswift:"; ldd "$$tmp/prefix/bin/calgrid"; exit 1; fi && \
	 env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH=/nonexistent "$$tmp/prefix/bin/calgrid" month 2026-11 --today 2026-11-15 | grep -q '\[15\]' && \
	 echo "installed calgrid: $$(ldd "$$tmp/prefix/bin/calgrid" 2>&1 | head -n 1 | sed 's/^[[:space:]]*//'), runs without the toolchain's environment" && \
	 python3 Tests/DocSnippets/snippets.py extract c-month > "$$tmp/readme.c" && \
	 grep -q 'calgrid_month_grid_fill' "$$tmp/readme.c" && \
	 $(CC) -std=c99 -Wall -Wextra -Werror -pedantic -o "$$tmp/readme" "$$tmp/readme.c" $$(pkg-config --cflags --libs calgrid) && \
	 LD_LIBRARY_PATH="$$tmp/prefix/lib" "$$tmp/readme" | grep -q '29\*' && \
	 python3 Tests/DocSnippets/snippets.py extract c-recurrence > "$$tmp/recurrence.c" && \
	 $(CC) -std=c99 -Wall -Wextra -Werror -pedantic -o "$$tmp/recurrence" "$$tmp/recurrence.c" $$(pkg-config --cflags --libs calgrid) && \
	 LD_LIBRARY_PATH="$$tmp/prefix/lib" "$$tmp/recurrence" | grep -qx 'FREQ=MONTHLY;BYMONTHDAY=-1: 2026-01-30 2026-01-31 2026-02-28 2026-03-31 2026-04-30 2026-05-31 2026-06-30' && \
	 $(MAKE) --no-print-directory uninstall PREFIX="$$tmp/prefix" >/dev/null && \
	 left=$$(find "$$tmp/prefix" -type f -o -type l) && \
	 if [ -n "$$left" ]; then echo "uninstall left: $$left"; exit 1; fi && \
	 echo "example + README program + docs/recurrence.md program: built with pkg-config after make install; uninstall removed everything"

# The C oracle dumpers (Tests/C/NAME.c: ical_dump, store_keep, zones_dump), each linked against
# each library as NAME-shared and NAME-static; the checks below run both.
$(CAPI_T_DIR)/%-shared: Tests/C/%.c Include/calgrid.h $(CAPI_SO)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -o $@ $< -L$(CAPI_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_DIR))
$(CAPI_T_DIR)/%-static: Tests/C/%.c Include/calgrid.h $(CAPI_A)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -o $@ $< $(CAPI_A) $(CAPI_STATIC_LIBS)

# The iCalendar calls against python-icalendar (Tests/C/ical_check.py, the iCalendar venv of
# mk/icalendar.mk): Tests/C/ical_dump.c linked against each library, over the corpus.
CAPI_ICAL_CORPUS := Tests/CalGridICalendarTests/Corpus
.PHONY: test-c-ical
test-c-ical: ical-venv $(CAPI_T_DIR)/ical_dump-shared $(CAPI_T_DIR)/ical_dump-static
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	 $(ICAL_PYTHON) Tests/C/ical_check.py $(CAPI_ICAL_CORPUS) "$$tmp" $(CAPI_T_DIR)/ical_dump-shared $(CAPI_T_DIR)/ical_dump-static

# The store handle keeping a vdir (issue 38; Tests/C/store_check.py, todoman from mk/clients.mk, python-icalendar and
# recurring-ical-events the oracle): Tests/C/store_keep.c linked against each library.
.PHONY: test-c-store
test-c-store: ical-venv clients-venv $(CAPI_T_DIR)/store_keep-shared $(CAPI_T_DIR)/store_keep-static
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	 $(ICAL_PYTHON) Tests/C/store_check.py "$$tmp" --todoman $(abspath $(CLIENT_VENV))/bin $(CAPI_T_DIR)/store_keep-shared $(CAPI_T_DIR)/store_keep-static

# Times per occurrence through calgrid_todo.time_zone (Tests/C/zones_check.py, Python's zoneinfo the
# oracle): Tests/C/zones_dump.c linked against each library, a weekly event in a zone whose DST
# changes fall on other dates than the set's, by each C path that takes a todo.
.PHONY: test-c-zones
test-c-zones: $(CAPI_T_DIR)/zones_dump-shared $(CAPI_T_DIR)/zones_dump-static
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	 python3 Tests/C/zones_check.py "$$tmp" $(CAPI_T_DIR)/zones_dump-shared $(CAPI_T_DIR)/zones_dump-static

test-c: deps-capi
	@$(MAKE) --no-print-directory test-c-symbols test-c-shared test-c-static test-c-cxx test-c-sanitize test-c-valgrind test-c-ical test-c-lunar test-c-store test-c-zones test-c-example
	@echo "test-c: C API checks passed"

# Grid cells with lunar dates and holidays, and working days, from C (issue 40): Tests/C/cells_dump.c
# linked against each library, every day of 2000...2050 for KR, US and DE, against korean-lunar-calendar,
# python-holidays with Python's calendar, and `calgrid month --lunar --holidays --json`
# (Tests/C/lunar_cells_check.py, the lunar venv of mk/lunar.mk).
$(CAPI_T_DIR)/cells-dump-shared: Tests/C/cells_dump.c Include/calgrid.h $(CAPI_SO)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -o $@ $< -L$(CAPI_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_DIR))
$(CAPI_T_DIR)/cells-dump-static: Tests/C/cells_dump.c Include/calgrid.h $(CAPI_A)
	@mkdir -p $(@D)
	$(CC) $(CAPI_CFLAGS) -o $@ $< $(CAPI_A) $(call MODULE_LIBS,CalGridC)
.PHONY: test-c-lunar
test-c-lunar: lunar-venv $(CAPI_T_DIR)/cells-dump-shared $(CAPI_T_DIR)/cells-dump-static
	$(SWIFT) build --product calgrid
	$(LUNAR_PYTHON) Tests/C/lunar_cells_check.py $(CAPI_T_DIR)/cells-dump-shared $(CAPI_T_DIR)/cells-dump-static \
	  --calgrid $(BUILD)/debug/calgrid
	@python3 Tests/DocSnippets/snippets.py extract c-lunar-cells > $(CAPI_T_DIR)/lunar-cells.c && \
	 $(CC) $(CAPI_CFLAGS) -o $(CAPI_T_DIR)/lunar-cells $(CAPI_T_DIR)/lunar-cells.c $(CAPI_A) $(call MODULE_LIBS,CalGridC) && \
	 $(CAPI_T_DIR)/lunar-cells > $(CAPI_T_DIR)/lunar-cells.txt && \
	 printf '9/24 lunar 8/14 추석 전날\n9/25 lunar 8/15 추석\n9/26 lunar 8/16 추석 다음날\n' | cmp - $(CAPI_T_DIR)/lunar-cells.txt && \
	 echo "docs/lunar-and-holidays.md's C program (snippet c-lunar-cells): built against libcalgrid.a, prints Chuseok 2026"

# The agenda benchmark (issue 39): 1,000,000 todos (30% weekly rules, half timed), a 7-day agenda
# through calgrid_todo_set_occurrences against a plain C scan of the same items in the same run,
# both checked equal (Benchmarks/CAPI/bench_agenda.c; figures in Benchmarks/README.md). Timing
# belongs to Benchmarks: not in TEST_RULES.
.PHONY: bench-agenda
bench-agenda: $(CAPI_SO)
	cc -O2 -std=c99 -I Include -I Benchmarks/CAPI Benchmarks/CAPI/bench_agenda.c -L$(CAPI_DIR) -lcalgrid \
	   -Wl,-rpath,$(abspath $(CAPI_DIR)) -o $(CAPI_DIR)/bench_agenda
	$(CAPI_DIR)/bench_agenda

# The agenda's floor (issue 39): the same set's occurrences with their order keys known, timed
# only for putting them in order and filling calgrid_occurrence structs, warm and after 64 MB
# written (Benchmarks/CAPI/agenda_floor.c; figures in Benchmarks/README.md). No library call.
.PHONY: bench-agenda-floor
bench-agenda-floor:
	@mkdir -p $(CAPI_DIR)
	cc -O2 -std=c99 -I Include -I Benchmarks/CAPI Benchmarks/CAPI/agenda_floor.c -o $(CAPI_DIR)/agenda_floor
	$(CAPI_DIR)/agenda_floor
	$(CAPI_DIR)/agenda_floor 1000000 9 cold
