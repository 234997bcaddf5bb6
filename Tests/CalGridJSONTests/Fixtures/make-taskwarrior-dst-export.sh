#!/bin/sh
# Makes a Taskwarrior 2.6 export of tasks due on many days of 2026, entered with TZ set to a zone
# (the real `task` program, a throwaway TASKDATA). Each task's description names the day given to
# `task add`, the independent answer an import in that zone must reproduce.
# Usage: make-taskwarrior-dst-export.sh OUTPUT.json ZONE      (e.g. Europe/Berlin)
set -eu
out=$1
export TZ=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/data"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\n' "$work/data" > "$work/rc"
export TASKRC="$work/rc" TASKDATA="$work/data"
# Two days a month, plus the days around every 2026 DST change in Europe and North America.
for day in 2026-01-01 2026-01-15 2026-02-01 2026-02-15 2026-03-01 2026-03-07 2026-03-08 2026-03-09 \
           2026-03-15 2026-03-28 2026-03-29 2026-03-30 2026-04-01 2026-04-15 2026-05-01 2026-05-15 \
           2026-06-01 2026-06-15 2026-07-01 2026-07-15 2026-08-01 2026-08-15 2026-09-01 2026-09-15 \
           2026-10-01 2026-10-15 2026-10-24 2026-10-25 2026-10-26 2026-10-31 2026-11-01 2026-11-02 \
           2026-11-15 2026-12-01 2026-12-31; do
  task rc.gc=off add "due $day" "due:$day" >/dev/null 2>&1
  task rc.gc=off add "scheduled $day" "scheduled:$day" >/dev/null 2>&1
done
task export > "$out"
