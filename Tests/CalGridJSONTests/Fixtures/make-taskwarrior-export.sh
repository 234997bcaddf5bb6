#!/bin/sh
# Makes a Taskwarrior 2.6 export with every status and the awkward text cases, using the real `task`
# program in a throwaway TASKDATA. Usage: make-taskwarrior-export.sh OUTPUT.json [lines]
# (`lines` writes one task per line, rc.json.array=off). Used by the fixtures and by a live test.
set -eu
out=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/data"
cat > "$work/rc" <<RC
data.location=$work/data
confirmation=off
verbose=nothing
recurrence.limit=2
uda.estimate.type=numeric
uda.estimate.label=Estimate
uda.area.type=string
uda.area.label=Area
RC
export TASKRC="$work/rc" TASKDATA="$work/data"
t() { task rc.gc=off "$@" >/dev/null 2>&1; }
t add 'Write "report" with / slashes and \\ backslash' due:2024-06-10 project:work +urgent +q2
t add '한국어 할일 😀 emoji' scheduled:2024-06-03 due:2024-06-07 estimate:3 area:home
t add 'No dates at all'
t 3 annotate 'first note'
t 3 annotate 'second: tab	end'
t add 'Done one' due:2024-05-01
t 4 done
t add 'Deleted one'
t 5 delete
t add 'Weekly review' due:2024-06-05 recur:weekly until:2024-07-01
t add 'Someday' wait:2099-01-01
t add 'Starts later' scheduled:2030-01-01 due:2030-01-31 priority:H
if [ "${2:-}" = lines ]; then task rc.json.array=off export > "$out"; else task export > "$out"; fi
