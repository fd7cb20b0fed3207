#!/usr/bin/env python3
"""Usage: ical_python_strings.py N OUTPUT

Renders the feed of N synthetic reminders (see synthetic_plan.py) with hand-written string
formatting, escaping and byte-wise folding, writes it to OUTPUT and prints `seconds=<x>` for
render + write. The output is meant to be byte-identical to `reminders-bench ical N`.
"""

import sys

import synthetic_plan as plan

# Control characters other than tab cannot appear in a content line; they are dropped.
DROP_CONTROLS = {c: None for c in list(range(0, 9)) + list(range(11, 13)) + list(range(14, 32)) + [127]}


def escape(text):
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\r", "\\n")
        .replace("\n", "\\n")
        .translate(DROP_CONTROLS)
    )


def fold(line):
    """The content line as UTF-8 with CRLF, folded at 75 octets between characters."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return data + b"\r\n"
    pieces = []
    start = 0
    room = 75
    while len(data) - start > room:
        cut = start + room
        while data[cut] & 0xC0 == 0x80:
            cut -= 1
        pieces.append(data[start:cut])
        start = cut
        room = 74
    pieces.append(data[start:])
    return b"\r\n ".join(pieces) + b"\r\n"


def utc(moment):
    return moment.strftime("%Y%m%dT%H%M%SZ")


def render(reminders):
    language = plan.LANGUAGE
    out = [
        b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//reminders//reminders 0.1//EN\r\n"
        b"CALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n",
        fold("NAME:" + escape(plan.CALENDAR_NAME)),
        fold("X-WR-CALNAME:" + escape(plan.CALENDAR_NAME)),
        fold(f"DESCRIPTION;LANGUAGE={language}:" + escape(plan.CALENDAR_DESCRIPTION)),
        fold("X-WR-CALDESC:" + escape(plan.CALENDAR_DESCRIPTION)),
        b"REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n",
    ]
    stamp = "DTSTAMP:" + utc(plan.STAMP) + "\r\n"
    for reminder_id, kind, fire_at, title, body in reminders:
        summary = escape(title)
        out.append(
            b"BEGIN:VEVENT\r\n"
            + fold("UID:" + plan.uid(reminder_id))
            + stamp.encode()
            + ("DTSTART:" + utc(fire_at) + "\r\nDURATION:PT5M\r\n").encode()
            + fold(f"SUMMARY;LANGUAGE={language}:" + summary)
            + (fold(f"DESCRIPTION;LANGUAGE={language}:" + escape(body)) if body else b"")
            + ("CATEGORIES:reminders," + kind + "\r\nTRANSP:TRANSPARENT\r\n").encode()
            + b"BEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            + fold("DESCRIPTION:" + summary)
            + b"TRIGGER:PT0S\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        )
    out.append(b"END:VCALENDAR\r\n")
    return b"".join(out)


if __name__ == "__main__":
    sys.exit(plan.timed_main(sys.argv, render))
