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
CAPI_STATIC_LIBS := $(call MODULE_LIBS,CalGridC)
CAPI_PC_REQUIRES := $(call MODULE_PKGCONFIG,CalGridC)

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
$(eval $(call CAPI_LINK_SO,$(CAPI_SO_DIR),$(CAPI_DIR)/$(CAPI_SO_REAL),-Xlinker -soname=$(CAPI_SONAME)))
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
$(CAPI_A): $(call MODULE_OBJECTS,CalGridC,$(EMBEDDED_DIR)) mk/capi-merge.ld
	@mkdir -p $(CAPI_EM_DIR)
	ld -r --gc-sections -T mk/capi-merge.ld -o $(CAPI_EM_DIR)/merged.o \
	  $$(nm $(EMBEDDED_DIR)/CalGridC.o | awk '$$2 == "T" && $$3 ~ /^calgrid_/ { printf "-u %s ", $$3 }') \
	  $(patsubst %,$(EMBEDDED_DIR)/%.o,$(CAPI_MERGE_ORDER)) $(EMBEDDED_RUNTIME)
	objcopy --wildcard --keep-global-symbol='calgrid_*' --strip-debug --strip-unneeded $(CAPI_EM_DIR)/merged.o $(CAPI_EM_DIR)/calgrid.o
	rm -f $@ && ar rcs $@ $(CAPI_EM_DIR)/calgrid.o

# calgrid.pc for a prefix: $(call CAPI_PC_LINES,prefix). Static users add json-c (Requires.private).
CAPI_PC_LINES = 'prefix=$(1)' 'exec_prefix=$${prefix}' 'libdir=$${exec_prefix}/lib' 'includedir=$${prefix}/include' '' \
  'Name: calgrid' 'Description: Calendar grids, periods and todo aggregates on integer civil days' \
  'Version: $(CAPI_VERSION)' 'Requires.private: $(CAPI_PC_REQUIRES)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lcalgrid'
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
test-c-static: $(CAPI_T_DIR)/static
	@libs=$$(ldd $< | awk '{print $$1}' | grep -v -e linux-vdso -e ld-linux -e '^libc\.so' -e '^libjson-c\.so' || true); \
	 if [ -n "$$libs" ]; then echo "static test links more than libc + libjson-c: $$libs"; exit 1; fi
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
# the bound pays with a cut or moves the promise in docs/c-api.md, not the number here alone.
# The Unicode data tables (String comparison, hashing, Character: 100+ KB at once) are refused by
# name, whatever the size; the file size catches a duplicated runtime.
CAPI_A_LINKED_MAX := 480000
CAPI_A_UNICODE_TABLES := _swift_stdlib_\(normData\|nfc_comp[0-9]*\|names\|words\|word_indices\|generalCategory\|nfd_decomp\|nfc_comp\|graphemeBreakProperties\|mappings\|case\|scalar_binProps\)
test-c-symbols: $(CAPI_SO) $(CAPI_A)
	python3 Tests/C/check_symbols.py Include/calgrid.h $(CAPI_SO) $(CAPI_A)
	@file=$$(stat -c %s $(CAPI_A)); code=$$(size -A $(CAPI_A) | awk '$$1 ~ /^\.(text|rodata|data|data\.rel\.ro|bss)$$/ { n += $$2 } END { print n }'); \
	 echo "libcalgrid.a: $$file bytes on disk, $$code bytes of code and data linked into a program (target < $(CAPI_A_LINKED_MAX))"; \
	 [ $$code -lt $(CAPI_A_LINKED_MAX) ] || { echo "libcalgrid.a links $$code bytes of code and data into a program: over its $(CAPI_A_LINKED_MAX)-byte promise (docs/c-api.md, Size: cut something or move the promise there)"; exit 1; }; \
	 [ $$file -lt 917504 ] || { echo "libcalgrid.a grew past 896 KiB on disk (807 KB with rule todos, 2026-12-01): did the runtime get duplicated?"; exit 1; }
	@known=$$(nm $(EMBEDDED_RUNTIME) 2>/dev/null | grep -c '$(CAPI_A_UNICODE_TABLES)$$' || true); \
	 [ "$$known" -gt 0 ] || { echo "CAPI_A_UNICODE_TABLES names no table of $(EMBEDDED_RUNTIME): the check would pass blind"; exit 1; }
	@tables=$$(nm $(CAPI_EM_DIR)/merged.o | grep -c '$(CAPI_A_UNICODE_TABLES)$$' || true); \
	 [ "$$tables" = 0 ] || { echo "libcalgrid.a links $$tables Unicode data tables (is String ==, hashing or Character use pulling them in? docs/c-api.md, Size):"; \
	   nm $(CAPI_EM_DIR)/merged.o | grep '$(CAPI_A_UNICODE_TABLES)$$'; exit 1; }
	@if ldd $(CAPI_SO) | grep -q libswift; then echo "libcalgrid.so needs a libswift*:"; ldd $(CAPI_SO); exit 1; fi
	@echo "libcalgrid.so needs: $$(ldd $(CAPI_SO) | awk '{print $$1}' | grep -v -e vdso -e ld-linux | tr '\n' ' ')"

# The example is built the way a user builds it: make install into a fresh prefix, then pkg-config only.
test-c-example: deps-capi
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	 $(MAKE) --no-print-directory install PREFIX="$$tmp/prefix" >/dev/null && \
	 export PKG_CONFIG_PATH="$$tmp/prefix/lib/pkgconfig" && \
	 echo "pkg-config --cflags --libs calgrid: $$(pkg-config --cflags --libs calgrid)" && \
	 $(CC) -std=c99 -Wall -Wextra -Werror -pedantic -o "$$tmp/month" Examples/C/month.c $$(pkg-config --cflags --libs calgrid) && \
	 LD_LIBRARY_PATH="$$tmp/prefix/lib" "$$tmp/month" 2026-11 Examples/C/todos.json > "$$tmp/out.txt" && \
	 cat "$$tmp/out.txt" && \
	 $(CC) -std=c99 -Wall -Wextra -Werror -pedantic -o "$$tmp/month-static" Examples/C/month.c \
	   $$(pkg-config --static --cflags calgrid) "$$tmp/prefix/lib/libcalgrid.a" $$(pkg-config --static --libs-only-l json-c) && \
	 "$$tmp/month-static" 2026-11 Examples/C/todos.json | cmp - "$$tmp/out.txt" && \
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

test-c: deps-capi
	@$(MAKE) --no-print-directory test-c-symbols test-c-shared test-c-static test-c-cxx test-c-sanitize test-c-valgrind test-c-example
	@echo "test-c: C API checks passed"
