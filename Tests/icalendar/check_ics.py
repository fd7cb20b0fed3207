#!/usr/bin/env python3
"""Check an iCalendar file with an independent parser and print its events as JSON.

Usage: check_ics.py FILE.ics      (FILE may be "-" for standard input)

Fails (exit status 1, one message per problem on stderr) when:
  - a line does not end in CRLF, the file does not end in CRLF, or a line is longer than
    75 octets (RFC 5545 section 3.1), or the file is not UTF-8;
  - the `icalendar` package (PyPI) cannot parse the file, or any property value is broken:
    icalendar 6 and later keep such a value as `icalendar.prop.vBroken`; older versions drop
    it and record it in the component's `errors`. Both are checked.

On success prints one JSON object to standard output:
  {"calname": ..., "events": [{"uid", "dtstart", "summary", "description", "sequence"}, ...]}
with DTSTART in UTC as RFC 3339 ("2026-11-20T23:00:00Z"); a DATE start is printed as
"YYYY-MM-DD" and a floating time without a zone as "YYYY-MM-DDTHH:MM:SS". "sequence" is 0 when
the event has none. Exit status 2 means bad usage.
"""

import datetime
import json
import sys

import icalendar

MAX_OCTETS = 75


def line_problems(data):
    """Problems with line ends, line lengths and the encoding of the raw bytes."""
    problems = []
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.append(f"byte {error.start}: not UTF-8")
    if not data.endswith(b"\r\n"):
        problems.append("the file does not end in CRLF")
    lines = data.split(b"\r\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        if b"\n" in line:
            problems.append(f"line {number}: LF without CR")
        if b"\r" in line:
            problems.append(f"line {number}: CR without LF")
        # A bare LF inside `line` hides a line break; measure each piece it separates.
        for piece in line.replace(b"\r", b"\n").split(b"\n"):
            if len(piece) > MAX_OCTETS:
                problems.append(f"line {number}: {len(piece)} octets, more than {MAX_OCTETS}")
                break
    return problems


def broken_values(calendars):
    """Property values the parser could not read, as messages."""
    broken_type = getattr(icalendar.prop, "vBroken", None)
    problems = []
    for calendar in calendars:
        for component in calendar.walk():
            reported = set()
            for name, message in getattr(component, "errors", []) or []:
                problems.append(f"{component.name}: {name}: {message}")
                reported.add(name)
            for name, value in component.property_items(recursive=False):
                if name in ("BEGIN", "END") or name in reported:
                    continue
                values = value if isinstance(value, list) else [value]
                for item in values:
                    if broken_type is not None and isinstance(item, broken_type):
                        problems.append(f"{component.name}: {name}: cannot parse {str(item)!r}")
    return problems


def utc_text(value):
    """DTSTART as RFC 3339 in UTC, or the date or floating time as written."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            return value.strftime("%Y-%m-%dT%H:%M:%S")
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return None


def text(component, name):
    value = component.get(name)
    if value is None:
        return None
    if isinstance(value, list):
        value = value[0]
    return str(value)


def main(argv):
    if len(argv) != 2:
        print("usage: check_ics.py FILE.ics", file=sys.stderr)
        return 2
    path = argv[1]
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        print(f"check_ics: {path}: {error.strerror}", file=sys.stderr)
        return 1

    problems = line_problems(data)
    try:
        calendars = icalendar.Calendar.from_ical(data, multiple=True)
    except Exception as error:  # the parser raises ValueError, KeyError, IndexError, ...
        problems.append(f"icalendar {icalendar.__version__} cannot parse it: {error}")
        calendars = []
    if not calendars and not problems:
        problems.append("no VCALENDAR")
    problems += broken_values(calendars)
    if problems:
        for problem in problems:
            print(f"check_ics: {path}: {problem}", file=sys.stderr)
        return 1

    events = []
    for calendar in calendars:
        for event in calendar.walk("VEVENT"):
            start = event.get("DTSTART")
            events.append(
                {
                    "uid": text(event, "UID"),
                    "dtstart": utc_text(start.dt) if start is not None else None,
                    "summary": text(event, "SUMMARY"),
                    "description": text(event, "DESCRIPTION"),
                    "sequence": int(event.get("SEQUENCE", 0)),
                }
            )
    calname = text(calendars[0], "X-WR-CALNAME") or text(calendars[0], "NAME")
    output = json.dumps({"calname": calname, "events": events}, ensure_ascii=False, indent=2)
    sys.stdout.buffer.write(output.encode("utf-8") + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
