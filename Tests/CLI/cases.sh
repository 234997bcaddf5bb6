# The golden cases, sourced by run.sh. Each line: case_ NAME [STDIN=FILE] -- ARGS...
# Files named in ARGS are looked up in Tests/CLI/data (the working directory of each run).
T=--today=2026-11-29

# Views, text and JSON, with the built-in sample set.
case_ month-default            -- month $T
case_ month-no-command         -- $T
case_ month-explicit           -- month 2026-12 $T
case_ month-ko-mon-iso         -- month $T --lang ko --first-weekday mon --week-numbers iso --rows auto
case_ month-select             -- month $T --select 2026-11-10..2026-11-18 --week-numbers simple
case_ month-select-single      -- month $T --select 2026-11-29
case_ month-color              -- month $T --color always --select 2026-11-24..2026-11-26
case_ month-json               -- month $T --json
case_ month-lunar              -- month 2026-09 $T --lunar
case_ month-lunar-ko-leap      -- month 2023-04 $T --lunar --lang ko --rows auto
case_ month-lunar-json         -- month 2026-09 $T --lunar --json --rows auto
case_ month-lunar-out-of-range -- month 2051-01 $T --lunar --rows auto
case_ day-lunar-ko             -- day 2026-09-25 $T --lunar --lang ko
case_ day-lunar-json           -- day 2023-03-22 $T --lunar --json
case_ month-holidays-kr        -- month 2026-09 $T --lunar --holidays KR --lang ko
case_ month-holidays-us-color  -- month 2026-11 $T --holidays us --color always --rows auto
case_ month-holidays-json      -- month 2026-10 $T --holidays KR --json --rows auto
case_ day-holidays-de          -- day 2026-10-03 $T --holidays DE
case_ day-holidays-json        -- day 2026-08-17 $T --holidays KR --json
case_ err-holidays-country     -- month $T --holidays FR
# The default country (issue 40): --holidays, else $CALGRID_HOLIDAYS, else the config file's
# `holidays = CC` ($XDG_CONFIG_HOME/calgrid/config, else ~/.config/calgrid/config), else KR under a
# ko_KR locale. A config directory per case; bad lines are reported with FILE:LINE and skipped.
config() { mkdir -p "$work/config-$1/calgrid"; printf "$2" >"$work/config-$1/calgrid/config"; }
config kr    '# calgrid settings\n\n  holidays = kr  \n'
config none  'holidays=none\r\n'
config twice 'holidays = us\nholidays = de\n'
config bad   'holidays kr\n= kr\ncolour = always\nholidays =\nholidays = fr\n\xff\n'
mkdir -p "$work/config-dir/calgrid/config" "$work/home/.config/calgrid"
printf 'holidays = us\n' >"$work/home/.config/calgrid/config"
config_env() { echo "ENV=XDG_CONFIG_HOME=$work/config-$1"; }
case_ config-holidays         "$(config_env kr)" -- day 2026-09-25 $T
case_ config-month-json       "$(config_env kr)" -- month 2026-10 $T --json --rows auto
case_ config-last-wins        "$(config_env twice)" -- day 2026-10-03 $T
case_ config-env-over-file    "$(config_env kr)" ENV=CALGRID_HOLIDAYS=us -- day 2026-11-26 $T
case_ config-flag-over-env    "$(config_env kr)" ENV=CALGRID_HOLIDAYS=us -- day 2026-10-03 $T --holidays de
case_ config-flag-none        "$(config_env kr)" -- day 2026-09-25 $T --holidays none
case_ config-bad-env          "$(config_env kr)" ENV=CALGRID_HOLIDAYS=fr -- day 2026-09-25 $T
case_ config-over-locale      "$(config_env none)" ENV=LC_ALL=ko_KR.UTF-8 -- day 2026-09-25 $T
case_ config-locale           "$(config_env absent)" ENV=LC_ALL=ko_KR.UTF-8 -- day 2026-09-25 $T
case_ config-bad-lines        "$(config_env bad)" ENV=LC_ALL=ko_KR.UTF-8 -- day 2026-09-25 $T
case_ config-unreadable       "$(config_env dir)" -- day 2026-09-25 $T
case_ config-home             ENV=XDG_CONFIG_HOME=relative/config ENV=HOME="$work/home" -- day 2026-11-26 $T
case_ month-json-select        -- month 2026-11 $T --json --first-weekday mon --rows auto --select 2026-11-27..2026-12-02 --week-numbers iso

# Usage errors: exit 2, one line on stderr.
case_ err-unknown-command      -- frobnicate
case_ err-unknown-option       -- month --frob
case_ err-missing-value        -- month --today
case_ err-bad-today            -- month --today 2026-02-30
case_ err-bad-month            -- month 2026-13
case_ err-bad-weekday          -- month $T --first-weekday funday
case_ err-bad-select           -- month $T --select 2026-11-20..2026-11-10
case_ err-extra-argument       -- month 2026-11 2026-12 $T
case_ err-flag-with-value      -- month $T --json=yes

# Help and version.
case_ version                  -- --version
case_ help                     -- --help
case_ month-help               -- month --help

case_ week-default             -- week $T
case_ week-select-ko           -- week 2026-11-25 $T --select 2026-11-24..2026-11-26 --lang ko --first-weekday mon --week-numbers iso
case_ week-json                -- week 2026-11-25 $T --json --select 2026-11-26
case_ day-today                -- day $T
case_ day-past-ko              -- day 2026-11-26 $T --lang ko
case_ day-json                 -- day $T --json
case_ day-empty                -- day 2027-06-01 $T
case_ year-default             -- year $T --select 2026-12-24..2026-12-27
case_ year-ko-iso              -- year 2026 $T --lang ko --first-weekday mon --week-numbers iso
case_ year-json                -- year 2026 $T --json --rows auto
case_ err-bad-year             -- year 26 $T
case_ err-bad-day              -- day 2026-11-31 $T
case_ week-help                -- week --help
case_ day-help                 -- day --help
case_ year-help                -- year --help

case_ list-default             -- list $T
case_ list-deadline            -- list $T --sort deadline
case_ list-overdue             -- list $T --status overdue
case_ list-week-newest-limit   -- list $T --period week --sort newest --limit 3
case_ list-search-progress     -- list $T --search "IN" --sort progress
case_ list-no-deadline-ko      -- list $T --status no-deadline --lang ko --sort title
case_ list-month-date-json     -- list $T --period month --date 2026-12-15 --sort start --json
case_ list-day-upcoming        -- list $T --period year --status upcoming --sort start
case_ err-list-bad-sort        -- list $T --sort priority
case_ err-list-bad-limit       -- list $T --limit -3
case_ stats                    MASK='s/size [0-9]+ KiB/size N KiB/' -- stats $T
case_ stats-json               MASK='s/"peakResidentKiB":[0-9]+/"peakResidentKiB":N/' -- stats $T --json
case_ list-help                -- list --help

# Todo files (Tests/CLI/data): --todos, import, export, standard input.
case_ todos-month              -- month $T --todos todos.json
case_ todos-month-json         -- month $T --todos todos.json --json --first-weekday mon
case_ todos-day-ko             -- day $T --todos todos.json --lang ko
case_ todos-list-deadline      -- list $T --todos todos.json --sort deadline
case_ todos-list-month-status  -- list $T --todos todos.json --period month --status incomplete
# The day flags' bytes are their array's capacity, which Swift on Linux takes from malloc_usable_size:
# 8 or 24 bytes by what the process allocated before (it moved when the config file began to be
# read); that number and the total are masked, the other parts stay exact.
case_ todos-stats              MASK='s/size [0-9]+ KiB/size N KiB/; s/todo set [0-9]+ bytes/todo set N bytes/; s/day flags [0-9]+,/day flags N,/' -- stats $T --todos todos.json
case_ todos-stdin              STDIN=todos.json -- week $T --todos -
case_ import-native            -- import todos.json
case_ import-native-json       -- import todos.json --json
case_ import-stdin             STDIN=todos.json -- import -
case_ import-stdin-out         STDIN=todos.json -- import - --out -
case_ import-jsonl-strict      -- import mixed.jsonl
case_ import-jsonl-skip        -- import mixed.jsonl --policy skip-invalid
case_ import-jsonl-skip-json   -- import mixed.jsonl --policy skip-invalid --json
case_ import-jsonl-as-native   -- import mixed.jsonl --format native
case_ import-syntax-error      -- import syntax-error.json --policy skip-invalid
case_ import-taskwarrior       -- import tasks.json --format taskwarrior --tz-offset +09:00 --out -
case_ import-empty             -- import empty.json
case_ import-empty-native      -- import empty.json --format native
case_ import-stdin-empty       STDIN=empty.json -- import -
case_ import-not-json          -- import not-json.txt
case_ import-missing           -- import missing.json
case_ import-directory         -- import .
case_ export-sample            -- export $T
case_ export-jsonl             -- export $T --todos todos.json --format jsonl
case_ err-todos-missing        -- month $T --todos missing.json
# A store path given or configured but not there is an error naming it and where it came from
# (issue 38); only the default path shows the sample set before the first add.
case_ err-todos-typo           -- list $T --todos vdri
paths_case() { CALGRID_TODOS="$work/paths/$1" case_ "${@:2}"; }
mkdir -p "$work/paths"
paths_case vdri  err-env-typo           -- month $T
paths_case vdri  err-env-typo-done      -- done x $T
paths_case vdri/ err-env-typo-slash     -- list $T
paths_case vdri/ err-add-trailing-slash -- add X --id x $T
paths_case no/t.json err-add-no-parent  -- add X --id x $T
paths_case t.json paths-add-creates     -- add X --id x $T
paths_case t.json paths-list-created    -- list $T
XDG_DATA_HOME="$work/paths-xdg" case_ paths-default-sample -- list $T --limit 3
case_ err-todos-invalid        -- month $T --todos mixed.jsonl
case_ err-import-no-file       -- import
case_ err-import-two-files     -- import todos.json tasks.json
case_ err-import-bad-policy    -- import todos.json --policy lenient
case_ err-tz-offset            -- import tasks.json --tz-offset +26:00
case_ err-tz-offset-shape      -- import tasks.json --tz-offset +1:00
case_ import-taskwarrior-tz    -- import tasks.json --format taskwarrior --tz Europe/Berlin --out -
case_ import-tz-json           -- import tasks.json --tz America/New_York --json
case_ err-tz-unknown           -- import tasks.json --tz Mars/Olympus --out -
case_ err-tz-invalid           -- month $T --tz ../../etc/passwd
case_ import-help              -- import --help
case_ export-help              -- export --help
case_ stats-help               -- stats --help
case_ help-json                -- help json

# Alarms (issue 39): a Thunderbird calendar's meeting and task alarms, the reminders of a JSON file.
case_ alarms-ics               -- alarms --todos ics/meetings.ics --tz Europe/Berlin --from 2026-03-16 --to +3d
case_ alarms-ics-json          -- alarms --todos ics/meetings.ics --tz Asia/Seoul --from 2026-03-17T16:00:00Z --to 2026-03-18T09:00+09:00 --json
case_ alarms-none              -- alarms --todos ics/meetings.ics --tz UTC --from 2027-01-01 --to +1h
case_ err-alarms-from          -- alarms --todos ics/meetings.ics --from tomorrow
case_ err-alarms-empty-range   -- alarms --todos ics/meetings.ics --from 2026-03-16 --to -1h
case_ alarms-help              -- alarms --help
# Apple Calendar's edited occurrences: an override's own alarms at its own time, one without
# VALARM silent, DESCRIPTION shown. The JSON one is also what Tests/C/test_alarms.c compares the C call with.
case_ alarms-overrides         -- alarms --todos ../../CalGridICalendarTests/Alarms/apple-override-alarms.ics --tz Europe/Berlin --from 2026-03-01 --to 2026-05-01
case_ alarms-overrides-json    -- alarms --todos ../../CalGridICalendarTests/Alarms/apple-override-alarms.ics --tz America/Los_Angeles --from 2026-03-01 --to 2026-05-01 --json

# Your own todos: each store_case runs with $CALGRID_TODOS pointing at one store in the scratch
# directory, so the cases below build on each other, in order.
store_case() { CALGRID_TODOS="$work/store/todos.json" case_ "$@"; }
mkdir -p "$work/store" "$work/rules" "$work/events"
NOW='s/"createdAt":[0-9]+/"createdAt":N/'
M=--today=2026-11-30
store_case store-add-challenge     -- add Gym --repeat mon,wed,fri --challenge --end +4w --id gym $M
store_case store-add-deadline-json MASK="$NOW" -- add Pay the rent --end friday --id rent --tag home --memo "by transfer" $M --json
store_case store-done-today        -- done gym $M
store_case store-done-prefix       -- done gy --on wed $M
store_case store-done-relative     -- done gym --on +4d $M
store_case store-undo-json         MASK="$NOW" -- undo gym --on 2026-11-30 $M --json
store_case store-done-all          -- done rent --all $M
store_case store-undo-all          -- undo rent --all $M
store_case store-done-whole        -- done rent $M
store_case store-undo-whole        -- undo rent $M
store_case store-month             -- month $M
store_case store-week              -- week $M
store_case store-add-gymnastics    -- add Gymnastics --start sat --id gymnastics $M
store_case err-store-off-day       -- done gym --on tuesday $M
store_case err-store-outside-span  -- done gym --on 2027-01-04 $M
store_case err-store-end-before    -- add X --start 2026-12-10 --end 2026-12-01 $M
store_case err-store-duplicate-id  -- add X --id gym $M
store_case err-store-bad-repeat    -- add X --repeat mon,funday $M
store_case err-store-bad-remind    -- add X --remind 7:30 $M
store_case err-store-bad-date      -- add X --end someday $M
store_case err-store-unknown-id    -- done nope $M
store_case err-store-ambiguous-id  -- done gy $M
store_case err-store-no-title      -- add $M
store_case err-store-stdin         -- add X --todos - $M
store_case store-show              MASK='s/created   .*/created   N/' -- show gym $M
store_case store-show-json         MASK="$NOW" -- show gym --today=2026-12-04 --json
store_case store-edit-dates        -- edit gym --start 2026-12-02 --repeat weekdays $M
store_case store-edit-fields-json  MASK="$NOW" -- edit rent --title "Pay rent" --tag bills --tag home --remind 09:00 --no-challenge $M --json
store_case store-edit-clear        -- edit rent --end none --memo none --no-tags --remind none $M
store_case store-show-edited       MASK='s/created   .*/created   N/' -- show rent $M
store_case err-store-edit-nothing  -- edit gym $M
store_case err-store-edit-end      -- edit gym --end 2026-11-01 $M
store_case err-store-edit-tags     -- edit gym --tag a --no-tags $M
store_case err-store-rm-unknown    -- rm gym nope $M
store_case store-rm                -- rm gymnastics rent $M
store_case store-rm-json           MASK="$NOW" -- rm gym --json $M
store_case store-list-empty        -- list $M
store_case err-store-show-unknown  -- show gym $M
store_case completion-bash         -- completion bash
store_case err-completion-shell    -- completion tcsh
store_case add-help                -- add --help
store_case done-help               -- done --help
store_case undo-help               -- undo --help
store_case edit-help               -- edit --help
store_case rm-help                 -- rm --help
store_case show-help               -- show --help
store_case completion-help         -- completion --help

# The README's walkthrough with the store a vdir (issue 37): the same commands on one .ics file per
# todo, the same month as the native store's (a deadline is done as a whole there, as clients read
# STATUS: `done 7tq` completes it), and a rule's start moved to its first day.
vdir_case() { CALGRID_TODOS="$work/vdir-store" case_ "$@"; }
mkdir -p "$work/vdir-store"
vdir_case vdir-add-challenge       -- add Gym --repeat mon,wed,fri --challenge --end +4w --id k3m9qa $M
vdir_case vdir-add-deadline        -- add "Quarterly report" --end friday --id 7tq2xd $M
vdir_case vdir-done-prefix         -- done k3m $M
vdir_case vdir-done-deadline       -- done 7tq $M
vdir_case vdir-month               -- month $M
vdir_case vdir-done-on             -- done k3m --on wed $M
vdir_case vdir-show                MASK='s/created   .*/created   N/' -- show k3m --today=2026-12-05
vdir_case vdir-add-synchronised    -- add Rent --repeat "monthly on the 1st" --id rent --today=2026-12-06
vdir_case vdir-add-weekdays-json   MASK="$NOW" -- add Swim --repeat tue,thu --start 2026-12-06 --end 2026-12-31 --id swim --today=2026-12-06 --json
vdir_case vdir-list                -- list --sort title --today=2026-12-06   # ties of registration order would be the second the adds ran in

# Recurrence rules (issue 19): friendly forms and RRULE text, days skipped and added, show's words
# and next occurrences, ticks per occurrence, the core's errors. A store of their own.
rule_case() { CALGRID_TODOS="$work/rules/todos.json" case_ "$@"; }
R=--today=2026-12-01
rule_case rule-add-nth-weekday     -- add Book club --repeat "monthly on the 3rd thu" --end 2027-06-30 --except 2027-02-18 --id club $R
rule_case rule-add-every-2-weeks   -- add Bins --repeat "every 2 weeks on tue,fri" --also 2026-12-24 --id bins $R
rule_case rule-add-last-day        -- add Rent --repeat "last day of month" --id rent $R
rule_case rule-add-rrule           -- add Thanksgiving --repeat "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH" --start 2026-11-26 --id tg $R
rule_case rule-add-every-3-days    -- add Water --repeat "every 3 days" --end 2026-12-31 --id water $R
rule_case rule-show                MASK='s/created   .*/created   N/' -- show club $R
rule_case rule-show-open           MASK='s/created   .*/created   N/' -- show bins --today=2026-12-10
rule_case rule-done-occurrence     -- done club --on 2026-12-17 $R
rule_case err-rule-done-off-day    -- done club --on 2026-12-18 $R
rule_case rule-month               -- month 2026-12 $R
rule_case rule-edit-start          -- edit water --start 2026-12-02 $R
rule_case rule-edit-to-weekdays    -- edit rent --repeat mon,fri $R
rule_case err-rule-sub-day         -- add X --repeat FREQ=HOURLY $R
rule_case err-rule-bad-ordinal     -- add X --repeat "FREQ=MONTHLY;BYDAY=9MO" $R
rule_case err-rule-unknown-form    -- add X --repeat "now and then" $R
# Open-ended: one tick per occurrence, kept as far as the last ticked (Nov 3, 6, 17, 20, Dec 1, 4).
rule_case rule-done-open           -- done bins --on 2026-12-04 $R
rule_case rule-done-open-earlier   -- done bins --on 2026-12-01 $R
rule_case err-rule-done-open-before -- done bins --on 2026-11-20 $R
rule_case err-rule-done-open-off   -- done bins --on 2026-12-05 $R
rule_case rule-show-open-ticked    MASK='s/created   .*/created   N/' -- show bins --today=2026-12-10
rule_case rule-list-json           MASK='s/"createdAt":[0-9]*/"createdAt":N/g' -- list --json $R
rule_case rule-undo-open           -- undo bins --on 2026-12-04 $R

# done --on a day that is not one of the todo's days (issue 38): exit 1 with the core's sentence and
# nothing changed, for a one-off span, a todo open on the right, a weekday todo and a rule.
on_case() { CALGRID_TODOS="$work/on/todos.json" case_ "$@"; }
mkdir -p "$work/on"
on_case on-add-span                -- add Trip --start 2026-12-01 --end 2026-12-03 --id trip $R
on_case on-add-open                -- add Course --start 2026-12-02 --id course $R
on_case on-add-weekdays            -- add Swim --repeat tue,thu --start 2026-12-01 --end 2026-12-31 --id swim $R
on_case on-add-rule                -- add Club --repeat "monthly on the 3rd thu" --end 2027-06-30 --id club $R
on_case err-on-span-outside        -- done trip --on 2026-12-09 $R
on_case err-on-open-before         -- done course --on 2026-11-20 $R
on_case err-on-weekdays-off        -- done swim --on 2026-12-02 $R
on_case err-on-rule-off            -- done club --on 2026-12-18 $R
on_case on-list-unchanged          MASK='s/"createdAt":[0-9]*/"createdAt":N/g' -- list --json $R
on_case on-open-inside             -- done course --on 2026-12-05 $R

# Events (issue 20): never done, counted apart ("+N" under the day, "events" in --json), a kind of
# their own in views, stats and show. A store of their own.
event_case() { CALGRID_TODOS="$work/events/todos.json" case_ "$@"; }
E=--today=2026-11-30
event_case event-add-todo          -- add Report --end 2026-12-02 --id report $E
event_case event-add-offsite       -- add Offsite --event --start 2026-12-01 --end 2026-12-03 --id offsite $E
event_case event-add-standup       -- add Standup --event --start 2026-12-02 --id standup $E
event_case event-add-weekly        -- add Review --event --start 2026-12-04 --repeat "every week on fri" --end 2026-12-31 --id review $E
event_case event-done-report       -- done report $E
event_case err-event-done          -- done standup $E
event_case err-event-done-on       -- done offsite --on 2026-12-02 $E
event_case event-month             -- month 2026-12 $E
event_case event-month-json        -- month 2026-12 --json $E
event_case event-day               -- day 2026-12-02 $E
event_case event-week-json         -- week 2026-12-02 --json $E
event_case event-list-json         MASK='s/"createdAt":[0-9]*/"createdAt":N/g' -- list --json $E
event_case event-show              MASK='s/created   .*/created   N/' -- show offsite $E
event_case event-stats-json        MASK='s/"(totalBytes|columnBytes|idIndexBytes|textBytes|flagBytes|histogramBytes|intervalIndexBytes|peakResidentKiB)":[0-9]+/"\1":N/g' -- stats --json $E
# A change to an event says it is one, not "not done" (an event is never done).
event_case event-edit-title        -- edit offsite --title "Team offsite" $E
# Lunar rules (issue 40, RFC 7529 RSCALE=DANGI): the friendly forms, English and Korean, become the
# core's rule; show says it in words; next days on the lunar calendar (Chuseok 2026: 2026-09-25).
# A store of their own.
mkdir -p "$work/lunar"
lunar_case() { CALGRID_TODOS="$work/lunar/todos.json" case_ "$@"; }
L=--today=2026-12-01
lunar_case lunar-add-birthday      -- add "어머니 생신" --repeat "yearly on lunar 3/12" --id mom $L
lunar_case lunar-add-korean        -- add 추석 --repeat "매년 음력 8월 15일" --id chuseok $L
lunar_case lunar-add-leap          -- add Leap --repeat "yearly on lunar leap 6/30 skip forward" --id leap $L
lunar_case lunar-show              MASK='s/created   .*/created   N/' -- show mom $L
lunar_case lunar-show-leap         MASK='s/created   .*/created   N/' -- show leap $L
lunar_case err-lunar-scale         -- add X --repeat "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5L" $L
lunar_case err-lunar-day-31        -- add X --repeat "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31" $L
# Hostile lunar input (issue 40): a lunar rule from a day outside the lunar table, or with no day
# left in it, is refused in the core's words; a bad scale or lunar part in a file is located.
lunar_case err-lunar-start-2051    -- add X --start 2051-03-01 --repeat "yearly on lunar 3/12" $L
lunar_case err-lunar-start-999     -- add X --start 0999-06-01 --repeat "RSCALE=DANGI;FREQ=YEARLY" $L
lunar_case err-lunar-no-day-left   -- add X --repeat "yearly on lunar 12/30" --today=2050-12-20
lunar_case err-lunar-edit-2051     -- edit mom --start 2051-04-01 $L
case_ err-lunar-import-json        -- import lunar-hostile.json --policy skip-invalid
case_ err-lunar-import-ics         -- import lunar-hostile.ics --policy skip-invalid
# Challenges on working days (issue 40): --skip-holidays turns the holidays up to the end into the
# rule's EXDATEs (Chuseok 2026: September 24 and 25 are weekdays); show names them. A store of its own.
mkdir -p "$work/workdays"
workdays_case() { CALGRID_TODOS="$work/workdays/todos.json" case_ "$@"; }
workdays_case skip-holidays-add    -- add 보고서 --challenge --start 2026-09-01 --end 2026-09-30 --skip-holidays --holidays kr --id report $L
workdays_case skip-holidays-show   MASK='s/created   .*/created   N/' -- show report --today=2026-09-23
workdays_case err-skip-holidays    -- add X --challenge --skip-holidays --holidays kr $L
workdays_case skip-holidays-config "$(config_env kr)" -- add 보고서 --challenge --start 2026-09-01 --end 2026-09-30 --skip-holidays --id report-config $L
workdays_case skip-holidays-config-show MASK='s/created   .*/created   N/' -- show report-config --today=2026-09-23

# Times of day and the agenda (issue 39): a vdir written as Thunderbird (a weekly standup in
# Europe/Berlin with its VTIMEZONE and LOCATION), Google Calendar (an all-day trip over two days and
# a UTC call) and todoman (a DATE due) write them; read in two zones.
A="--todos agenda-vdir --today 2026-11-24"
case_ agenda-berlin          -- agenda 2026-11-24 $A --tz Europe/Berlin
case_ agenda-newyork-json    -- agenda 2026-11-24 2026-12-01 $A --tz America/New_York --json
case_ agenda-empty           -- agenda 2027-01-01 2027-01-02 $A --tz Europe/Berlin
case_ err-agenda-reversed    -- agenda 2026-11-25 2026-11-24 $A --tz Europe/Berlin
case_ day-times              -- day 2026-11-24 $A --tz Europe/Berlin
case_ day-times-json         -- day 2026-11-24 $A --tz Europe/Berlin --json
case_ list-sort-time         -- list --sort time $A --tz Europe/Berlin
case_ show-event-times       MASK='s/created   .*/created   N/' -- show standup-thunderbird $A --tz Europe/Berlin
