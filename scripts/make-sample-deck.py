#!/usr/bin/env python3
"""Build a sample `reminders` deck (deck.json) from a words TSV.

usage: make-sample-deck.py WORDS_TSV OUTPUT_JSON [--today YYYY-MM-DD] [--zone IANA]

WORDS_TSV is UTF-8, tab-separated, with the header `collection<TAB>front<TAB>back<TAB>note`
(note may be empty). Fronts must be unique: a card's id is a UUIDv5 of its front.

Due dates are laid out relative to "today" (default: today's date in --zone; the zone defaults to
$TZ, else UTC), so the deck is always fresh:
  * 12 cards due today or overdue, from five collections (a few never-reviewed new cards, a few
    answered wrongly yesterday, the rest overdue by a day or so);
  * 5 cards due tomorrow;
  * the rest spread over today+2 … today+29.
Each card's stepIndex, lastReviewedAt and createdAt are consistent with the ladder
T = [0, 1, 2, 4, 7, 15, 30]: a card at step s > 0 was last answered correctly T[s] days before its
nextReviewDate; a card at step 0 was either never reviewed (due on its creation day) or answered
wrongly the day before it is due.
The review log has one entry per card's last answer; every one of the last five days has answers,
the sixth day back has none and today has none, so the streak is 5 (ending yesterday).
Before those, HISTORY_WEEKS weeks of earlier review history (today-56 … today-7): most days a
few to forty answers (fewer at weekends, about 85% correct), some days none, so that
`reminders stats` has a heatmap to show with a longest streak longer than the current one; each
answer is of a card that already existed and was answered again later.
The focus log (`focusLog`, docs/focus-and-stats.md) has a 25-minute focus phase or two on most study days.
Two recall items fall due today at 14:30 and 14:35 local time (they coalesce with the default
10-minute window).

The output is deterministic for a given today and zone.
"""

import argparse
import datetime as dt
import json
import os
import random
import sys
import uuid
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

LADDER = [0, 1, 2, 4, 7, 15, 30]
SEED = 20261121
# Namespace for the deterministic card and recall ids.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/reminders/sample-deck")

# Due today or overdue, per collection (12 in all).
DUE_NOW_QUOTA = {"JLPT N5": 4, "TOEIC": 3, "JLPT N4": 2, "漢字": 2, "Phrases": 1}
DUE_TOMORROW = 5
# Cards due today that are "new" (never reviewed) or were answered wrongly yesterday.
NEW_CARDS = 2
WRONG_YESTERDAY = 3
STREAK_DAYS = 5
LAST_FUTURE_OFFSET = 29  # the furthest due date: a step-6 card answered yesterday is due today+29
HISTORY_WEEKS = 8  # earlier answers reach this far back (today-56 … today-7)


def die(message):
    print(f"make-sample-deck: {message}", file=sys.stderr)
    sys.exit(1)


def read_words(path):
    try:
        with open(path, encoding="utf-8", newline="") as f:
            lines = f.read().splitlines()
    except OSError as e:
        die(f"{path}: {e.strerror}")
    if not lines or lines[0].split("\t") != ["collection", "front", "back", "note"]:
        die(f"{path}:1: expected the header collection<TAB>front<TAB>back<TAB>note")
    rows, seen = [], {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) == 3:
            fields.append("")
        if len(fields) != 4:
            die(f"{path}:{number}: expected 4 tab-separated fields, found {len(fields)}")
        collection, front, back, note = (x.strip() for x in fields)
        if not collection or not front or not back:
            die(f"{path}:{number}: collection, front and back must not be empty")
        if front in seen:
            die(f"{path}:{number}: duplicate front {front!r} (first on line {seen[front]})")
        seen[front] = number
        rows.append({"collection": collection, "front": front, "back": back, "note": note})
    return rows


def resolve_zone(name):
    if name is None:
        name = os.environ.get("TZ", "").lstrip(":") or "UTC"
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        die(f"unknown time zone {name!r} (expected an IANA name such as Asia/Tokyo)")


def stamp(day, seconds, zone):
    """RFC 3339 with the zone's offset for `seconds` after local midnight of `day`."""
    wall = dt.datetime.combine(day, dt.time()) + dt.timedelta(seconds=seconds)
    # The offset is the one in force at that wall time (times used here avoid DST gaps: 07:00+).
    return wall.replace(tzinfo=zone).isoformat(timespec="seconds")


def daytime(rng):
    """A plausible study time of day: 07:00–22:59, in seconds after midnight."""
    return rng.randrange(7 * 3600, 23 * 3600 - 60) // 60 * 60 + rng.randrange(60)


def plan_cards(rows, today, rng):
    """Returns, per row index, (stepIndex, nextReviewDate, lastReviewed day or None, created day)."""
    order = list(range(len(rows)))
    rng.shuffle(order)
    plan = {}
    barred = today - dt.timedelta(days=STREAK_DAYS + 1)  # no answers that day: streak stays 5

    # Due today or overdue.
    due_now = []
    quota = dict(DUE_NOW_QUOTA)
    for i in order:
        c = rows[i]["collection"]
        if quota.get(c, 0) > 0:
            quota[c] -= 1
            due_now.append(i)
    missing = {c: n for c, n in quota.items() if n > 0}
    if missing:
        die(f"not enough cards for the due-today quota: {missing}")
    for n, i in enumerate(due_now):
        if n < NEW_CARDS:
            # Never reviewed: added a day or two ago, due on the day it was added.
            created = today - dt.timedelta(days=1 + n)
            plan[i] = (0, created, None, created)
        elif n < NEW_CARDS + WRONG_YESTERDAY:
            # Answered wrongly yesterday: back to step 0, due today.
            last = today - dt.timedelta(days=1)
            plan[i] = (0, today, last, None)
        else:
            # Answered correctly some days ago; due today or overdue by up to 3 days.
            overdue = rng.choice([0, 0, 0, 1, 1, 2, 3])
            nxt = today - dt.timedelta(days=overdue)
            for _ in range(50):
                step = rng.choice([1, 2, 3, 3, 4, 4, 5])
                last = nxt - dt.timedelta(days=LADDER[step])
                if last != barred:
                    break
            plan[i] = (step, nxt, last, None)

    rest = [i for i in order if i not in plan]
    tomorrow = today + dt.timedelta(days=1)
    for i in rest[:DUE_TOMORROW]:
        for _ in range(50):
            step = rng.choice([2, 3, 4, 5, 6])
            last = tomorrow - dt.timedelta(days=LADDER[step])
            if last != barred:
                break
        plan[i] = (step, tomorrow, last, None)

    for i in rest[DUE_TOMORROW:]:
        while True:
            offset = rng.randint(2, LAST_FUTURE_OFFSET)
            # Steps whose interval reaches past today: the answer was given yesterday or earlier.
            steps = [s for s in range(1, 7) if LADDER[s] >= offset + 1]
            step = rng.choice(steps)
            nxt = today + dt.timedelta(days=offset)
            last = nxt - dt.timedelta(days=LADDER[step])
            if last != barred:
                break
        plan[i] = (step, nxt, last, None)

    # createdAt: early enough to have climbed to the card's step (sum of the lower intervals),
    # plus some slack.
    done = {}
    for i, (step, nxt, last, created) in plan.items():
        if created is None:
            climb = sum(LADDER[1:step]) if step > 0 else rng.randint(1, 20)
            created = last - dt.timedelta(days=climb + rng.randint(1, 14))
        done[i] = (step, nxt, last, created)
    return done, due_now


def build(rows, today, zone):
    rng = random.Random(SEED)
    plan, due_now = plan_cards(rows, today, rng)
    cards, log = [], []
    wrong_fronts = []
    for i, row in enumerate(rows):
        step, nxt, last, created = plan[i]
        card_id = str(uuid.uuid5(NAMESPACE, "card:" + row["front"]))
        created_secs = daytime(rng)
        card = {
            "id": card_id,
            "front": row["front"],
            "back": row["back"],
            "collection": row["collection"],
            "tags": [],
            "stepIndex": step,
            "nextReviewDate": nxt.isoformat(),
            "createdAt": stamp(created, created_secs, zone),
        }
        if row["note"]:
            card["note"] = row["note"]
        if last is not None:
            secs = daytime(rng)
            if last == created:
                secs = max(secs, created_secs + 600)
            at = stamp(last, secs, zone)
            card["lastReviewedAt"] = at
            correct = step > 0
            log.append({"cardId": card_id, "at": at, "correct": correct})
            if not correct:
                wrong_fronts.append(row["front"])
        cards.append(card)

    # Every one of the last STREAK_DAYS days must have answers (it does with ~300 cards; this is
    # the guard): add a correct answer from a card last reviewed on a later day if one is missing.
    days_with_answers = {e["at"][:10] for e in log}
    for back in range(1, STREAK_DAYS + 1):
        day = today - dt.timedelta(days=back)
        if day.isoformat() not in days_with_answers:
            for card in cards:
                if card.get("lastReviewedAt", "")[:10] > day.isoformat():
                    log.append({"cardId": card["id"], "at": stamp(day, daytime(rng), zone), "correct": True})
                    break
            else:
                die(f"could not place an answer on {day}")
    log.extend(history(cards, today, zone, rng))
    log.sort(key=lambda e: (dt.datetime.fromisoformat(e["at"]), e["cardId"]))
    focus = focus_log(log, today, zone, rng)

    # Two recall items today at 14:30 and 14:35: topics from cards answered wrongly yesterday.
    topics = wrong_fronts[:2] if len(wrong_fronts) >= 2 else [rows[due_now[0]]["front"], rows[due_now[1]]["front"]]
    recalls = [
        {
            "id": str(uuid.uuid5(NAMESPACE, "recall:" + topics[0])),
            "topic": topics[0],
            "dueAt": stamp(today, 14 * 3600 + 30 * 60, zone),
            "note": "Answered wrongly yesterday — say it aloud, then write it once",
        },
        {
            "id": str(uuid.uuid5(NAMESPACE, "recall:" + topics[1])),
            "topic": topics[1],
            "dueAt": stamp(today, 14 * 3600 + 35 * 60, zone),
        },
    ]
    return {"version": 1, "cards": cards, "recalls": recalls, "reviewLog": log, "focusLog": focus}


def history(cards, today, zone, rng):
    """Earlier answers on the days today-56 … today-7 (the streak's days and the day before them
    are left as they are): a heatmap's worth of study, with gaps."""
    entries = []
    first = today - dt.timedelta(days=HISTORY_WEEKS * 7)
    # Two breaks of a few days, so that the longest streak lies in the past.
    breaks = {first + dt.timedelta(days=k) for k in (9, 10, 30, 31, 32)}
    day = first
    while day <= today - dt.timedelta(days=STREAK_DAYS + 2):
        weekend = day.weekday() >= 5
        if day not in breaks and rng.random() > 0.08:
            count = rng.randint(2, 12) if weekend else rng.choice([rng.randint(5, 20), rng.randint(15, 40)])
            # Cards that existed that day and were answered again after it.
            pool = [
                c for c in cards
                if c["createdAt"][:10] < day.isoformat() and c.get("lastReviewedAt", "")[:10] > day.isoformat()
            ]
            for card in rng.sample(pool, min(count, len(pool))):
                entries.append(
                    {"cardId": card["id"], "at": stamp(day, daytime(rng), zone), "correct": rng.random() < 0.85})
        day += dt.timedelta(days=1)
    return entries


def focus_log(log, today, zone, rng):
    """A 25-minute focus phase or two on most days with answers (before today)."""
    focus = []
    for day in sorted({e["at"][:10] for e in log}):
        if day >= today.isoformat() or rng.random() < 0.3:
            continue
        start = 19 * 3600 + rng.randrange(0, 3 * 3600) // 60 * 60
        for k in range(rng.choice([1, 1, 2])):
            focus.append({
                "completed": True,
                "minutes": 25,
                "start": stamp(dt.date.fromisoformat(day), start + k * 30 * 60, zone),
                "task": "単語の復習" if rng.random() < 0.5 else "JLPT N4",
            })
    return focus


def main():
    parser = argparse.ArgumentParser(description="Build a sample reminders deck from a words TSV.")
    parser.add_argument("words", metavar="WORDS_TSV")
    parser.add_argument("output", metavar="OUTPUT_JSON", help="'-' for stdout")
    parser.add_argument("--today", metavar="YYYY-MM-DD", help="default: today in --zone")
    parser.add_argument("--zone", metavar="IANA", help="default: $TZ, else UTC")
    args = parser.parse_args()

    zone = resolve_zone(args.zone)
    if args.today:
        try:
            today = dt.date.fromisoformat(args.today)
        except ValueError:
            parser.error(f"--today: expected YYYY-MM-DD, got {args.today!r}")
    else:
        today = dt.datetime.now(zone).date()

    deck = build(read_words(args.words), today, zone)
    text = json.dumps(deck, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
        return
    directory = os.path.dirname(os.path.abspath(args.output))
    tmp = os.path.join(directory, f".{os.path.basename(args.output)}.tmp{os.getpid()}")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, args.output)


if __name__ == "__main__":
    main()
