# The core on two 32-bit targets, where Int is 32 bits: a Cortex-M4 (armv7em-none-none-eabi,
# picolibc, under qemu-system-arm -M mps2-an386 with semihosting) and WebAssembly
# (wasm32-unknown-none-wasm, under Node). One check program (Tests/Embedded/Target) prints its
# answers; Tests/Embedded/target_oracle.py writes its inputs and the lines Python's datetime,
# calendar and zoneinfo expect. Any difference, a trap or a timeout fails the rule. Each flavour
# compiles once under .build/embedded-targets; the oracle's output is cached there too.

TARGET_DIR      := $(BUILD)/embedded-targets
TARGET_SOURCES  := $(sort $(wildcard Tests/Embedded/Target/*.swift))
TARGET_ORACLE   := Tests/Embedded/target_oracle.py
TARGET_TIMEOUT  ?= 300
TARGET_SWIFT    := $(EMBEDDED_FLAGS) -enable-experimental-feature Extern

ARM_CC          ?= arm-none-eabi-gcc
ARM_SIZE        ?= arm-none-eabi-size
ARM_QEMU        := qemu-system-arm -M mps2-an386 -cpu cortex-m4 -nographic -monitor none -serial none -chardev stdio,id=semi \
                   -semihosting-config enable=on,target=native,chardev=semi
ARM_SWIFT_FLAGS := -target armv7em-none-none-eabi -Xcc -mfloat-abi=soft -Xcc -mcpu=cortex-m4 $(TARGET_SWIFT)
ARM_CFLAGS      := --specs=picolibc.specs -mcpu=cortex-m4 -mthumb -mfloat-abi=soft -Os -ffunction-sections -fdata-sections -Wall -Wextra -Werror
# mps2-an386: 4 MiB of code SRAM at 0, 4 MiB of data SRAM at 0x20000000.
ARM_LDFLAGS     := --oslib=semihost --crt0=semihost -Wl,--gc-sections \
                   -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=0x400000 \
                   -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 -Wl,--no-warn-mismatch
WASM_CC         := $(dir $(shell command -v $(SWIFTC)))clang
WASM_LD         := $(dir $(shell command -v $(SWIFTC)))wasm-ld
WASM_SWIFT_FLAGS := -target wasm32-unknown-none-wasm $(TARGET_SWIFT)
WASM_CFLAGS     := --target=wasm32-unknown-none-wasm -Os -ffreestanding -fno-builtin -mbulk-memory -Wall -Wextra -Werror
NODE            ?= node

TargetChecks_SOURCES := $(TARGET_SOURCES)
TargetChecks_USES    := CalGrid
$(call SWIFTC_MODULES,$(TARGET_DIR)/arm,$(ARM_SWIFT_FLAGS),CalGrid TargetChecks)
$(call SWIFTC_MODULES,$(TARGET_DIR)/wasm,$(WASM_SWIFT_FLAGS),CalGrid TargetChecks)

# Debian packages for the two targets (Node may come from elsewhere: any node on PATH will do).
deps: deps-embedded
deps-embedded:
	@missing=""; \
	 command -v $(ARM_CC) >/dev/null || missing="$$missing gcc-arm-none-eabi"; \
	 test -r /usr/lib/picolibc/arm-none-eabi/picolibc.specs || missing="$$missing picolibc-arm-none-eabi"; \
	 command -v qemu-system-arm >/dev/null || missing="$$missing qemu-system-arm"; \
	 command -v $(NODE) >/dev/null || missing="$$missing nodejs"; \
	 if [ -n "$$missing" ]; then \
	   echo "installing:$$missing"; \
	   $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	 fi

$(TARGET_DIR)/oracle/expected.txt: $(TARGET_ORACLE)
	@mkdir -p $(@D)
	python3 $(TARGET_ORACLE) $(@D)
$(TARGET_DIR)/oracle/target_data.c: $(TARGET_DIR)/oracle/expected.txt

$(TARGET_DIR)/arm/%.o: Tests/Embedded/Target/%.c
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_CFLAGS) -c -o $@ $<
$(TARGET_DIR)/arm/target_data.o: $(TARGET_DIR)/oracle/target_data.c
	@mkdir -p $(@D)
	$(ARM_CC) $(ARM_CFLAGS) -c -o $@ $<
$(TARGET_DIR)/arm/target.elf: $(TARGET_DIR)/arm/CalGrid.o $(TARGET_DIR)/arm/TargetChecks.o \
                              $(addprefix $(TARGET_DIR)/arm/,target_arm.o target_alloc.o target_data.o)
	$(ARM_CC) $(ARM_CFLAGS) $(ARM_LDFLAGS) -Wl,--defsym=__stack_size=0x10000 -o $@ $^

$(TARGET_DIR)/wasm/%.o: Tests/Embedded/Target/%.c
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -c -o $@ $<
$(TARGET_DIR)/wasm/target_data.o: $(TARGET_DIR)/oracle/target_data.c
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -c -o $@ $<
$(TARGET_DIR)/wasm/target.wasm: $(TARGET_DIR)/wasm/CalGrid.o $(TARGET_DIR)/wasm/TargetChecks.o \
                                $(addprefix $(TARGET_DIR)/wasm/,target_wasm.o target_alloc.o target_data.o)
	$(WASM_LD) --no-entry --export=target_main --gc-sections -z stack-size=1048576 --initial-memory=8388608 -o $@ $^

# Runs a program and compares its stdout with the oracle's lines: $(call TARGET_RUN,NAME,COMMAND).
# Lines starting "# " are measurements, not checks (shown, not compared).
define TARGET_RUN
	@rm -f $(TARGET_DIR)/$(1).out; \
	 timeout $(TARGET_TIMEOUT) $(2) > $(TARGET_DIR)/$(1).run 2> $(TARGET_DIR)/$(1).err; status=$$?; \
	 grep -v '^# ' $(TARGET_DIR)/$(1).run > $(TARGET_DIR)/$(1).out; grep '^# ' $(TARGET_DIR)/$(1).run >> $(TARGET_DIR)/$(1).err; \
	 if [ $$status -ne 0 ] || ! cmp -s $(TARGET_DIR)/$(1).out $(TARGET_DIR)/oracle/expected.txt; then \
	   echo "$(1): the program exited $$status; its lines against the oracle's:"; \
	   diff $(TARGET_DIR)/oracle/expected.txt $(TARGET_DIR)/$(1).out | head -20; cat $(TARGET_DIR)/$(1).err; exit 1; \
	 fi; \
	 echo "$(1): $$(grep -c . $(TARGET_DIR)/$(1).out) lines agree with the oracle ($$(tail -1 $(TARGET_DIR)/$(1).out)) $$(cat $(TARGET_DIR)/$(1).err)"
endef

.PHONY: deps-embedded test-embedded-targets test-embedded-arm test-embedded-wasm
test-embedded-targets: test-embedded-arm test-embedded-wasm
test-embedded-arm: deps-embedded $(TARGET_DIR)/arm/target.elf $(TARGET_DIR)/oracle/expected.txt
	$(call TARGET_RUN,armv7em,$(ARM_QEMU) -kernel $(TARGET_DIR)/arm/target.elf)
test-embedded-wasm: deps-embedded $(TARGET_DIR)/wasm/target.wasm $(TARGET_DIR)/oracle/expected.txt
	$(call TARGET_RUN,wasm32,$(NODE) Tests/Embedded/Target/run_wasm.mjs $(TARGET_DIR)/wasm/target.wasm)

TEST_RULES += test-embedded-targets
