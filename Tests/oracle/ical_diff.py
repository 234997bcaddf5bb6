#!/usr/bin/env python3
"""What changed between two iCalendar texts, by python-icalendar: the properties of the item with
UID that differ (name, in either), and whether everything else (the other components, the item's
subcomponents such as VALARM, the VTIMEZONEs) is the same.

    ical_diff.py BEFORE AFTER UID

prints {"changed": [names...], "othersEqual": bool, "subcomponentsEqual": bool, "sequence": [before, after]}.
"""
import json
import sys

import icalendar


def load(path):
    with open(path, "rb") as f:
        return icalendar.Calendar.from_ical(f.read(), multiple=True)


def props(c):
    """Each property as (name, its value's text, its parameters but VALUE), without subcomponents.
    VALUE is left out: a writer may drop it where it is the property's default type."""
    def text(v):
        t = v.to_ical() if hasattr(v, "to_ical") else str(v)
        return t.decode() if isinstance(t, bytes) else str(t)
    return sorted((k, text(v),
                   json.dumps(sorted((n, str(p)) for n, p in getattr(v, "params", {}).items() if n != "VALUE")))
                  for k, vs in c.items() for v in (vs if isinstance(vs, list) else [vs]))


def tree(c):
    """A component as its name, its properties and its subcomponents' trees."""
    return (c.name, props(c), [tree(s) for s in c.subcomponents])


def main() -> int:
    before, after, uid = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]

    def split(cals):
        item, others = None, []
        for cal in cals:
            others.append(("VCALENDAR", props(cal)))
            for c in cal.subcomponents:
                if c.name in ("VTODO", "VEVENT") and str(c.get("UID")) == uid and "RECURRENCE-ID" not in c:
                    item = c
                else:
                    others.append(tree(c))
        return item, others

    a, ao = split(before)
    b, bo = split(after)
    pa, pb = props(a), props(b)
    names = sorted({p[0] for p in set(pa) ^ set(pb)})
    print(json.dumps({
        "changed": names,
        "othersEqual": ao == bo,
        "subcomponentsEqual": [tree(s) for s in a.subcomponents] == [tree(s) for s in b.subcomponents],
        "sequence": [int(a.get("SEQUENCE", 0)), int(b.get("SEQUENCE", 0))],
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
