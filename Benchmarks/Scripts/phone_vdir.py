"""A vdir as phones and their sync clients leave it (issues 38 and 41): one VTODO per file, timed,
with the VTIMEZONE its TZID names in every file, DUE with TZID, 10 % recurring.

Three shapes, item k taking shape k % 3, each written as the program it imitates writes it (our own
text, from the shapes of the project's Phones corpus, Tests/CalGridICalendarTests/Phones):
- Apple Reminders on iOS 18 (CalDAV): PRODID -//Apple Inc.//iOS 18.2//EN, America/Los_Angeles with
  the 2007 rules (DAYLIGHT before STANDARD), DTSTART equal to DUE, X-APPLE-SORT-ORDER, a VALARM;
- Tasks.org 14.5 synced by DAVx5: PRODID +//IDN tasks.org//android-140503//EN, Europe/Berlin with
  the 1970 rules (STANDARD first), DUE only, PRIORITY, LAST-MODIFIED; its recurring items weekly;
- Thunderbird 128: PRODID -//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN, Europe/Berlin (DAYLIGHT
  first, BYDAY before BYMONTH), DTSTART and DUE, X-MOZ-GENERATION, a RELATED=END VALARM.
Every tenth item recurs (COUNT, so every client reads the same occurrences); every seventh is done.
Dates fall over a year around 2026-11-29, CRLF line ends. Deterministic: the same n, the same bytes.
Usage as a program: phone_vdir.py DIR N (writes N files into DIR, which must not exist)."""
import datetime, os, sys

LA = ["BEGIN:VTIMEZONE", "TZID:America/Los_Angeles", "BEGIN:DAYLIGHT", "TZOFFSETFROM:-0800",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "DTSTART:20070311T020000", "TZNAME:PDT", "TZOFFSETTO:-0700",
      "END:DAYLIGHT", "BEGIN:STANDARD", "TZOFFSETFROM:-0700", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
      "DTSTART:20071104T020000", "TZNAME:PST", "TZOFFSETTO:-0800", "END:STANDARD", "END:VTIMEZONE"]
BERLIN_DAVX5 = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET",
                "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "END:DAYLIGHT", "END:VTIMEZONE"]
BERLIN_MOZILLA = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                  "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
                  "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
                  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "END:VTIMEZONE"]
BASE = datetime.date(2026, 6, 1)
TITLES = ["Pick up the dry cleaning", "Pay the rent", "Call the plumber", "Write the grant proposal",
          "Renew the passport", "Take out the recycling", "Book the dentist", "Water the plants"]


def stamp(d, h=8, m=0):
    return f"{d:%Y%m%d}T{h:02d}{m:02d}00"


def item(k):
    """(file name, bytes) of item k."""
    day = BASE + datetime.timedelta(days=(k * 37) % 365)
    hour, minute = 7 + k % 13, (k * 7) % 60
    created = day - datetime.timedelta(days=3 + k % 20)
    title = f"{TITLES[k % len(TITLES)]} {k}"
    done, recurring, shape = k % 7 == 0, k % 10 == 3, k % 3
    if shape == 0:  # Apple Reminders, iOS 18
        uid = f"{k:08X}-3D4F-4A6B-9C8D-{k * 2654435761 % 16 ** 12:012X}"
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.2//EN", "CALSCALE:GREGORIAN"] + LA
        lines += ["BEGIN:VTODO", f"CREATED:{stamp(created, 18, 5)}Z", f"UID:{uid}",
                  f"DTSTART;TZID=America/Los_Angeles:{stamp(day, hour, minute)}",
                  f"DUE;TZID=America/Los_Angeles:{stamp(day, hour, minute)}", f"SUMMARY:{title}",
                  f"DTSTAMP:{stamp(created, 18, 5)}Z", "SEQUENCE:0"]
        if recurring:
            lines.append("RRULE:FREQ=MONTHLY;COUNT=12")
        lines += ["STATUS:COMPLETED", f"COMPLETED:{stamp(day, 20)}Z"] if done else ["STATUS:NEEDS-ACTION"]
        lines += [f"X-APPLE-SORT-ORDER:{700000000 + k}", "BEGIN:VALARM", f"X-WR-ALARMUID:A{uid}", f"UID:A{uid}",
                  "TRIGGER:-PT15M", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM", "END:VTODO", "END:VCALENDAR"]
    elif shape == 1:  # Tasks.org 14.5 through DAVx5
        uid = str(6870512244977771234 + k * 7919)
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-140503//EN"] + BERLIN_DAVX5
        lines += ["BEGIN:VTODO", f"DTSTAMP:{stamp(created, 19, 12)}Z", f"UID:{uid}", f"CREATED:{stamp(created, 19, 11)}Z",
                  f"LAST-MODIFIED:{stamp(created, 19, 12)}Z", f"SUMMARY:{title}", f"PRIORITY:{(1, 5, 9)[k % 3]}",
                  f"DUE;TZID=Europe/Berlin:{stamp(day, hour, minute)}"]
        if recurring:
            lines.append("RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=10")
        if done:
            lines += ["STATUS:COMPLETED", f"COMPLETED:{stamp(day, 17, 30)}Z", "PERCENT-COMPLETE:100"]
        lines += ["END:VTODO", "END:VCALENDAR"]
    else:  # Thunderbird 128
        uid = f"{k:08x}-0d9e-4a57-b3c2-{k * 40503 % 16 ** 12:012x}"
        start = day - datetime.timedelta(days=k % 4)
        lines = ["BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0"] + BERLIN_MOZILLA
        lines += ["BEGIN:VTODO", f"CREATED:{stamp(created, 9, 15)}Z", f"LAST-MODIFIED:{stamp(created, 9, 17)}Z",
                  f"DTSTAMP:{stamp(created, 9, 17)}Z", f"UID:{uid}", f"SUMMARY:{title}",
                  f"DTSTART;TZID=Europe/Berlin:{stamp(start, 9)}", f"DUE;TZID=Europe/Berlin:{stamp(day, hour, minute)}"]
        if recurring:
            lines.append("RRULE:FREQ=WEEKLY;COUNT=8")
        if done:
            lines += ["STATUS:COMPLETED", "PERCENT-COMPLETE:100", f"COMPLETED:{stamp(day, 15, 30)}Z"]
        lines += ["X-MOZ-GENERATION:2", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT1H",
                  "DESCRIPTION:Default Mozilla Description", "END:VALARM", "END:VTODO", "END:VCALENDAR"]
    return uid + ".ics", ("\r\n".join(lines) + "\r\n").encode()


def write(directory, n):
    """Writes items 0..<n into `directory` (made here)."""
    os.makedirs(directory)
    for k in range(n):
        name, data = item(k)
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    write(sys.argv[1], int(sys.argv[2]))
