#!/usr/bin/env python3
"""Ladder decks with a history, and the day's count the reference FSRS gives them after a switch.

Usage: switch_decks.py OUTPUT.json SEED

The CLI test (Tests/CLITests/FSRSSwitchCountTests.swift) writes each deck as deck.json with
`study.scheduler = "fsrs"` set by hand in the config, writes nothing else, and asks every reader
(`status`, `preview`, `stats`, `cards list --due`, `review`) for the day's count: each must equal
the count here, where each card's answers (correct = good, wrong = again) are replayed into the
reference, PyPI `fsrs` 6.3.x with fuzz off, from a new card due at its `createdAt`, and a card
counts when its due instant falls on or before `today` in the day zone (docs/scheduling.md).

The decks are a learner's: a few weeks of daily sessions, answers minutes apart within a session,
some cards missed for days; every card answered at least once (no new cards, whose count the new
card limits decide). Each card's ladder fields are what the ladder would leave (its date at most
a few days on), so that a reader that did not replay gives another number.
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from fsrs import Card, Rating, ReviewLog, Scheduler

ZONE = ZoneInfo("Asia/Tokyo")


def stamp(moment):
    return moment.astimezone(ZONE).isoformat(timespec="seconds")


def deck(rng, index):
    scheduler = Scheduler(enable_fuzzing=False)
    today = datetime(2026, 11, 21, tzinfo=ZONE).date()
    start = datetime(2026, 11, 21, 6, 0, tzinfo=ZONE) - timedelta(days=rng.randint(10, 40))
    cards = []
    log = []
    due_today = 0
    for c in range(rng.randint(5, 25)):
        created = start - timedelta(days=rng.randint(0, 5), hours=rng.randint(0, 12))
        moment = created + timedelta(hours=rng.randint(1, 30))
        answers = []
        for _ in range(rng.randint(1, 8)):
            if moment.astimezone(ZONE).date() >= today:
                break
            answers.append((moment.replace(microsecond=0), rng.random() < 0.8))
            # The next session: minutes later the same day, or days on.
            moment += timedelta(minutes=rng.randint(2, 50)) if rng.random() < 0.3 else timedelta(
                days=rng.randint(1, 9), minutes=rng.randint(-90, 90))
        if not answers:
            answers.append((created + timedelta(hours=1), True))
        card_id = f"{index:02d}000000-0000-4000-8000-{c:012d}"
        logs = [ReviewLog(card_id=0, rating=Rating.Good if ok else Rating.Again,
                          review_datetime=at.astimezone(timezone.utc), review_duration=None)
                for at, ok in answers]
        replayed = scheduler.reschedule_card(Card(card_id=0, due=created.astimezone(timezone.utc)), logs)
        if replayed.due.astimezone(ZONE).date() <= today:
            due_today += 1
        last = answers[-1][0]
        # What the ladder might have left: a date a few days from the last answer.
        ladder_day = (last + timedelta(days=rng.choice([1, 2, 4, 7]))).astimezone(ZONE).date()
        cards.append({
            "id": card_id, "front": f"front {c}", "back": f"back {c}", "tags": [],
            "stepIndex": rng.randint(0, 3), "nextReviewDate": ladder_day.isoformat(),
            "createdAt": stamp(created), "lastReviewedAt": stamp(last),
        })
        log += [{"cardId": card_id, "at": stamp(at), "correct": ok} for at, ok in answers]
    log.sort(key=lambda entry: entry["at"])
    return {"deck": {"version": 1, "cards": cards, "recalls": [], "reviewLog": log}, "dueToday": due_today}


def main():
    output, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    decks = [deck(rng, i) for i in range(6)]
    with open(output, "w") as f:
        json.dump({"decks": decks}, f)


if __name__ == "__main__":
    main()
