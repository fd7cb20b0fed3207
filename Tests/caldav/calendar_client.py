#!/usr/bin/env python3
"""An independent CalDAV client for the integration tests: reads back and changes one
calendar collection with PyPI's `caldav` (pinned caldav==3.6.0) and `icalendar` (7.3.0).

    calendar_client.py URL USER PASSWORD list
    calendar_client.py URL USER PASSWORD put-foreign UID SUMMARY DTSTART
    calendar_client.py URL USER PASSWORD put-foreign-as NAME UID SUMMARY DTSTART
    calendar_client.py URL USER PASSWORD edit UID NEW_SUMMARY
    calendar_client.py URL USER PASSWORD delete UID

URL is the calendar collection (as printed by Tests/harness/caldav-server.sh). USER and
PASSWORD may be '-' for a server without authentication (xandikos).

list prints a JSON list sorted by UID, one entry per VEVENT resource:
  {"uid", "href" (URL path of the resource), "etag" (when the server gave one),
   "summary", "description", "dtstart" (ISO 8601; with offset unless floating or a date),
   "alarms": [TRIGGER values as in the iCalendar text, e.g. "-PT10M"]}
put-foreign stores, at URL/UID.ics, an event another client made (its own PRODID, no
properties of ours); DTSTART is ISO 8601 (e.g. 2026-12-01T09:00:00+01:00 or ...Z; an
offset is stored as UTC, no offset as a floating time, a bare date as an all-day event).
put-foreign-as stores it at URL/NAME instead (a feed imported by another app names its resources
as it likes: the same UID under another name, which the server holds against a second one).
edit changes SUMMARY in place (PUT with If-Match of the ETag it read, SEQUENCE bumped),
so the resource's ETag changes on the server. delete removes the event (If-Match too).
Exit status: 0 on success, 1 when the UID is not found or the server refuses, 2 on usage.
"""

import datetime as dt
import json
import sys
import uuid

import caldav
import icalendar
from caldav.elements import dav

FOREIGN_PRODID = "-//Someone Else//Foreign Calendar Client 1.0//EN"


def usage():
    print(__doc__.strip(), file=sys.stderr)
    sys.exit(2)


def connect(url, user, password):
    kwargs = {"url": url}
    if user != "-":
        kwargs["username"] = user
        kwargs["password"] = "" if password == "-" else password
    client = caldav.DAVClient(**kwargs)
    return client, client.calendar(url=url)


def iso(value):
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def text(component, name):
    value = component.get(name)
    return None if value is None else str(value)


def etags_by_path(calendar):
    """PROPFIND Depth: 1 getetag for every child, in case the REPORT gave none."""
    result = {}
    try:
        response = calendar.client.propfind(
            str(calendar.url),
            '<?xml version="1.0" encoding="utf-8"?>'
            '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
            depth=1,
        )
        for href, props in response.expand_simple_props([dav.GetEtag()]).items():
            etag = props.get(dav.GetEtag.tag)
            if etag:
                result[caldav.lib.url.URL.objectify(href).path] = etag
    except Exception as exc:  # the list is still useful without ETags
        print(f"warning: PROPFIND getetag failed: {exc}", file=sys.stderr)
    return result


def describe(obj, fallback_etags):
    cal = obj.icalendar_instance
    events = [c for c in cal.walk("VEVENT")]
    if not events:
        return None
    # The master (no RECURRENCE-ID) describes the resource.
    event = next((e for e in events if "RECURRENCE-ID" not in e), events[0])
    path = obj.url.path
    etag = obj.etag or fallback_etags.get(path)
    start = event.get("DTSTART")
    entry = {
        "uid": text(event, "UID"),
        "href": path,
        "summary": text(event, "SUMMARY"),
        "description": text(event, "DESCRIPTION"),
        "dtstart": iso(start.dt) if start is not None else None,
        "alarms": [
            alarm["TRIGGER"].to_ical().decode() if hasattr(alarm["TRIGGER"], "to_ical")
            else str(alarm["TRIGGER"])
            for alarm in event.walk("VALARM") if "TRIGGER" in alarm
        ],
    }
    if etag:
        entry["etag"] = etag
    return entry


def all_events(calendar):
    objects = calendar.get_events()
    fallback = {}
    if any(not o.etag for o in objects):
        fallback = etags_by_path(calendar)
    entries = [e for e in (describe(o, fallback) for o in objects) if e is not None]
    return sorted(entries, key=lambda e: (e["uid"] or "", e["href"]))


def find(calendar, uid):
    try:
        obj = calendar.get_event_by_uid(uid)
    except caldav.error.NotFoundError:
        print(f"no event with UID {uid}", file=sys.stderr)
        sys.exit(1)
    if not obj.etag:
        obj.load()  # a GET, which caches the ETag header for If-Match
    return obj


def parse_start(value):
    """ISO date, floating date-time, or date-time with offset (stored in UTC: icalendar
    would write a fixed offset as TZID="UTC+01:00" with no VTIMEZONE, which is invalid)."""
    if "T" not in value:
        return dt.date.fromisoformat(value)
    start = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    if start.tzinfo is not None:
        start = start.astimezone(dt.timezone.utc)
    return start


def put_foreign(calendar, uid, summary, dtstart, name=None):
    start = parse_start(dtstart)
    cal = icalendar.Calendar()
    cal.add("PRODID", FOREIGN_PRODID)
    cal.add("VERSION", "2.0")
    event = icalendar.Event()
    event.add("UID", uid)
    event.add("DTSTAMP", dt.datetime.now(dt.timezone.utc).replace(microsecond=0))
    event.add("DTSTART", start)
    if isinstance(start, dt.datetime):
        event.add("DTEND", start + dt.timedelta(hours=1))
    event.add("SUMMARY", summary)
    event.add("DESCRIPTION", "Made by someone else's calendar app.")
    event.add("CATEGORIES", ["Work"])
    event.add("SEQUENCE", 0)
    cal.add_component(event)
    if name is None:
        calendar.add_event(cal.to_ical().decode(), no_overwrite=True, increase_seqno=False)
    else:
        caldav.Event(client=calendar.client, url=calendar.url.join(name), data=cal.to_ical().decode(),
                     parent=calendar).save(no_overwrite=True, increase_seqno=False)


def edit(calendar, uid, new_summary):
    obj = find(calendar, uid)
    with obj.edit_icalendar_instance() as cal:
        for event in cal.walk("VEVENT"):
            event.pop("SUMMARY", None)
            event.add("SUMMARY", new_summary)
            now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
            for name in ("DTSTAMP", "LAST-MODIFIED"):
                event.pop(name, None)
                event.add(name, now)
    obj.save(precondition="etag")  # If-Match: the ETag read; bumps SEQUENCE if present


def delete(calendar, uid):
    obj = find(calendar, uid)
    obj.delete(if_match=True if obj.etag else False, precondition="etag")


def main(argv):
    if len(argv) < 5:
        usage()
    url, user, password, command, args = argv[1], argv[2], argv[3], argv[4], argv[5:]
    expected = {"list": 0, "put-foreign": 3, "put-foreign-as": 4, "edit": 2, "delete": 1}
    if command not in expected or len(args) != expected[command]:
        usage()
    client, calendar = connect(url, user, password)
    try:
        if command == "list":
            json.dump(all_events(calendar), sys.stdout, indent=1, ensure_ascii=False)
            print()
        elif command == "put-foreign":
            put_foreign(calendar, *args)
        elif command == "put-foreign-as":
            put_foreign(calendar, *args[1:], name=args[0])
        elif command == "edit":
            edit(calendar, *args)
        elif command == "delete":
            delete(calendar, *args)
    except caldav.error.DAVError as exc:
        print(f"{command} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
