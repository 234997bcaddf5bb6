/// `calgrid help json`: the documented shape of every command's `--json` output.
enum JSONSchemas {
    static let text = """
    calgrid --json: one JSON document on standard output (objects inside arrays start on a new
    line). Dates are "YYYY-MM-DD"; weekdays are numbers, 0 = Sunday ... 6 = Saturday; a
    percentage is a whole number 0...100 (completed / count, rounded; 0 when count is 0);
    "count" and "completed" are todos; "events" counts the events apart (never done);
    "selection" is "none", "single", "first", "middle" or "last".

    month   {"year", "month", "firstWeekday", "rows", "weekNumbers"?: [one per row],
             "selection": {"from", "to"} | null,
             "cells": [{"date", "inMonth", "weekday", "isToday", "count", "completed",
                        "percentage", "events", "selection",
                        "lunar"? (with --lunar): {"year", "month", "day", "leap"} | null}]}
    year    {"year", "firstWeekday", "months": [twelve month objects as above]}
    week    {"first", "last", "firstWeekday", "weekNumber"?,
             "days": [{"date", "weekday", "isToday", "count", "completed", "percentage",
                       "events", "selection", "todos": [{"id", "title", "done"}]}]}
    day     {"date", "weekday", "isToday", "count", "completed", "percentage", "events",
             "lunar"? (with --lunar, as in month),
             "done": [todo], "notDone": [todo], "eventItems": [todo]}
    list    {"total", "shown", "todos": [todo]}
    todo    {"id", "title", "memo", "start", "end", "createdAt" (seconds since 1970, or null),
             "kind" ("todo" or "event": an event is never done), "isChallenge", "isDone", "isOverdue", "doneDays", "totalDays"
             (null for a rule with no end; "doneDays" is then its ticked occurrences), "repetition": [weekdays], "tags": [strings],
             "rrule" (an RFC 5545 RRULE value, or null), "exdates": [dates], "rdates": [dates],
             "occurrenceDays"? (days each occurrence of the rule covers, when more than 1)}
    stats   {"todos", "challenges", "events", "dated", "openEnded", "undated", "done", "overdue",
             "trackedDays", "doneDays", "earliestStart", "latestEnd", "longest": {"id", "days"},
             "memory": {"totalBytes", "columnBytes", "idIndexBytes", "textBytes", "flagBytes",
                        "histogramBytes", "intervalIndexBytes"}, "peakResidentKiB"}
    import  {"file", "format", "zone", "bytes", "records", "imported", "skipped", "unknownFields",
             "deletedSkipped", "recurringSkipped", "issues": [{"line", "column", "byteOffset",
             "record" (from 1, or null), "field", "reason", "message", "source" (a vdir's file)}],
             "warnings": [the same], "unreportedIssues", "unreportedWarnings", "out"}
    export  the native format itself: {"format": "calgrid", "version": 1, "todos": [...]}
    add, done, undo, edit
            the todo they added or changed: one todo object as above
    rm      {"removed": [todo]}
    alarms  {"from", "to" (RFC 3339 in UTC), "alarms": [{"at" (RFC 3339 in UTC), "id", "title",
             "occurrence" (the first day of the occurrence it rings for, or null), "action"
             ("DISPLAY", "AUDIO", "EMAIL" or "OTHER"), "description" (the alarm's DESCRIPTION,
             absent without one)}]}, in time order
    show    one todo object plus "reminder" ("HH:MM" or null), "currentStreak", "longestStreak",
            "nextDue" (the first day from today it falls on and is not done, or null),
            "doneDates": [dates]

    """
}
