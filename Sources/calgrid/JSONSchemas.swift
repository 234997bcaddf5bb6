/// `calgrid help json`: the documented shape of every command's `--json` output.
enum JSONSchemas {
    static let text = """
    calgrid --json output: one JSON document on standard output; dates are "YYYY-MM-DD",
    weekdays are numbers 0 = Sunday ... 6 = Saturday, percentages are whole numbers 0...100
    (completed / count, rounded; 0 when count is 0).

    month:  {"year", "month", "firstWeekday", "rows", "weekNumbers"?: [int per row],
             "selection": {"from", "to"} | null,
             "cells": [{"date", "inMonth", "weekday", "isToday", "count", "completed",
                        "percentage", "selection": "none"|"single"|"first"|"middle"|"last"}]}

    """
}
