#!/usr/bin/env bash
# Golden tests for the calgrid command: each case runs the built binary with --today pinned and
# compares stdout, stderr and the exit status with Tests/CLI/golden/NAME.txt.
#   Tests/CLI/run.sh [path/to/calgrid]          run all cases
#   UPDATE_GOLDEN=1 Tests/CLI/run.sh ...         rewrite the golden files (review the diff!)
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../.build/debug/calgrid}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
golden="$here/golden"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
export NO_COLOR= TERM=xterm LC_ALL=C.UTF-8 TZ=UTC
# The views read the user's store when there is one: point it at an empty place, so every case
# without --todos sees the sample set whatever the machine's home holds.
export XDG_DATA_HOME="$work/xdg"; unset CALGRID_TODOS
# Nor the user's config file or default country: a config of their own for the cases that want one.
export XDG_CONFIG_HOME="$work/xdg-config"; unset CALGRID_HOLIDAYS
pass=0; fail=0; failed=()

# case NAME [STDIN=FILE] [MASK=SED] [ENV=NAME=VALUE]... -- ARGS...: run `calgrid ARGS` (stdin from
# FILE in Tests/CLI/data, else /dev/null); MASK is a sed -E expression applied to the output first
# (for values such as memory sizes that differ between runs); each ENV sets a variable for calgrid
# alone (through env(1): a locale this machine lacks, set in the shell, would make bash warn).
case_() {
  local name="$1"; shift
  local input=/dev/null mask="" envs=()
  while [[ "$1" == STDIN=* || "$1" == MASK=* || "$1" == ENV=* ]]; do
    if [[ "$1" == STDIN=* ]]; then input="$here/data/${1#STDIN=}"
    elif [[ "$1" == ENV=* ]]; then envs+=("${1#ENV=}")
    else mask="${1#MASK=}"; fi
    shift
  done
  [[ "$1" == "--" ]] && shift
  local actual="$work/$name.txt"
  {
    printf '$'; (( ${#envs[@]} )) && printf ' %q' "${envs[@]}"; printf ' calgrid'; printf ' %q' "$@"; printf '\n'
    (cd "$here/data" && env "${envs[@]}" "$bin" "$@" <"$input" 2>"$work/err"); local rc=$?
    if [[ -s "$work/err" ]]; then printf '[stderr]\n'; cat "$work/err"; fi
    printf '[exit %d]\n' "$rc"
  } >"$actual.raw"
  # The scratch directory's name differs between runs: a path in it reads as $WORK.
  sed -i "s|$work|\$WORK|g" "$actual.raw"
  if [[ -n "$mask" ]]; then sed -E "$mask" "$actual.raw" >"$actual"; else mv "$actual.raw" "$actual"; fi
  if [[ "${UPDATE_GOLDEN:-}" == 1 ]]; then cp "$actual" "$golden/$name.txt"; fi
  if [[ -f "$golden/$name.txt" ]] && diff -u "$golden/$name.txt" "$actual" >"$work/diff"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); failed+=("$name")
    echo "FAIL $name"; [[ -f "$golden/$name.txt" ]] && head -40 "$work/diff" || echo "  (no golden file $golden/$name.txt)"
  fi
}

source "$here/cases.sh"

# Every --json output must parse, and the month grids must match Python's calendar (an independent oracle).
if ! python3 "$here/oracle.py" "$bin"; then fail=$((fail + 1)); failed+=("oracle.py"); else pass=$((pass + 1)); fi
# list, stats and import against a model computed in Python from generated input files.
if ! python3 "$here/todo_oracle.py" "$bin"; then fail=$((fail + 1)); failed+=("todo_oracle.py"); else pass=$((pass + 1)); fi

# The store: a fresh-home walkthrough against a Python model, bad commands, concurrency.
if ! python3 "$here/store_test.py" "$bin"; then fail=$((fail + 1)); failed+=("store_test.py"); else pass=$((pass + 1)); fi
# The store as one JSON Lines file: changes keep it JSON Lines; a Taskwarrior export is never written.
if ! python3 "$here/jsonl_store_test.py" "$bin"; then fail=$((fail + 1)); failed+=("jsonl_store_test.py"); else pass=$((pass + 1)); fi
# Completion scripts run in bash (and zsh, fish when installed); the man page renders and names every command.
if ! python3 "$here/completion_test.py" "$bin"; then fail=$((fail + 1)); failed+=("completion_test.py"); else pass=$((pass + 1)); fi

# export --out into folders that are not there yet: a vdir made with its parents, a file refused by name.
if ! python3 "$here/export_test.py" "$bin"; then fail=$((fail + 1)); failed+=("export_test.py"); else pass=$((pass + 1)); fi

# Time zones: Taskwarrior exports made with TZ set, bad zones, TZDIR, today (Tests/CLI/tz_oracle.py).
if ! python3 "$here/tz_oracle.py" "$bin"; then fail=$((fail + 1)); failed+=("tz_oracle.py"); else pass=$((pass + 1)); fi

# The command-line blocks of README.md and docs/*.md, run from the docs (Tests/DocSnippets/snippets.py).
if ! python3 "$here/../DocSnippets/snippets.py" cli "$bin"; then fail=$((fail + 1)); failed+=("doc snippets"); else pass=$((pass + 1)); fi

echo "cli: $pass passed, $fail failed"
if (( fail > 0 )); then echo "failed: ${failed[*]}"; exit 1; fi
