#!/usr/bin/env python3
"""Usage: ical_python_icalendar.py N OUTPUT

Renders the feed of N synthetic reminders (see synthetic_plan.py) with the `icalendar` package
(PyPI): Calendar, Event and Alarm objects, then to_ical(). Writes it to OUTPUT and prints
`seconds=<x>` for building the objects, rendering and writing.
"""

import datetime
import sys

from icalendar import Alarm, Calendar, Event

import synthetic_plan as plan


def render(reminders):
    language = plan.LANGUAGE
    calendar = Calendar()
    calendar.add("version", "2.0")
    calendar.add("prodid", "-//reminders//reminders 0.1//EN")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("name", plan.CALENDAR_NAME)
    calendar.add("x-wr-calname", plan.CALENDAR_NAME)
    calendar.add("description", plan.CALENDAR_DESCRIPTION, parameters={"LANGUAGE": language})
    calendar.add("x-wr-caldesc", plan.CALENDAR_DESCRIPTION)
    calendar.add("refresh-interval", datetime.timedelta(hours=1), parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", "PT1H")
    for reminder_id, kind, fire_at, title, body in reminders:
        event = Event()
        event.add("uid", plan.uid(reminder_id))
        event.add("dtstamp", plan.STAMP)
        event.add("dtstart", fire_at)
        event.add("duration", datetime.timedelta(minutes=5))
        event.add("summary", title, parameters={"LANGUAGE": language})
        if body:
            event.add("description", body, parameters={"LANGUAGE": language})
        event.add("categories", ["reminders", kind])
        event.add("transp", "TRANSPARENT")
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", title)
        alarm.add("trigger", datetime.timedelta(0))
        event.add_component(alarm)
        calendar.add_component(event)
    return calendar.to_ical()


if __name__ == "__main__":
    sys.exit(plan.timed_main(sys.argv, render))
