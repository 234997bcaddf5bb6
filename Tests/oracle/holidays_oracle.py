#!/usr/bin/env python3
"""Independent oracle for CalGrid's holidays: python-holidays (pinned in mk/lunar.mk), category
"public", national (no subdivision).

Usage: holidays_oracle.py COUNTRY FIRST_YEAR LAST_YEAR     COUNTRY: KR, US or DE

One line per (day, holiday), in date order: "DN<TAB>ENGLISH<TAB>LOCAL", where ENGLISH is the name in
python-holidays' en_US and LOCAL in the country's language (ko for KR, de for DE; en_US for US).
Several holidays on one day (python-holidays joins them with "; ") are one line each, paired in the
order both languages list them. DN is the CalGrid day number: date.toordinal() - 719163.
"""
import sys

import holidays

EPOCH = 719163
LOCAL = {"KR": "ko", "DE": "de", "US": "en_US"}


def main(country, first, last):
    years = range(first, last + 1)
    english = holidays.country_holidays(country, years=years, language="en_US", categories=("public",))
    local = holidays.country_holidays(country, years=years, language=LOCAL[country], categories=("public",))
    out = []
    for day in sorted(english):
        en = english[day].split("; ")
        lo = local[day].split("; ")
        if len(en) != len(lo):
            sys.exit("%s: %d English names, %d local ones" % (day, len(en), len(lo)))
        for e, l in zip(en, lo):
            out.append("%d\t%s\t%s" % (day.toordinal() - EPOCH, e, l))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
