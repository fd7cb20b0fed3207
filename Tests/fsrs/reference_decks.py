#!/usr/bin/env python3
"""Decks whose review logs are replayed into the reference FSRS (PyPI `fsrs` 6.3.x), as JSON.

Usage: reference_decks.py OUTPUT.json [SEED]

The Swift test (Tests/RemindersCoreTests/FSRSReferenceTests.swift, `decksReplayAsTheReference`)
builds the same decks — cards and one review log of `{cardId, at, correct}` entries, interleaved
as a learner's sessions interleave them — and fills every card's FSRS state in one pass over the
log (`FSRSScheduler.replayStates`), as switching to FSRS does
(docs/scheduling.md#from-the-ladder-to-fsrs). Each card must get what the reference's
`Scheduler.reschedule_card` gives for that card's answers (correct = good, wrong = again), from a
new card due at the card's `createdAt`; a card never answered stays new.

Instants are whole seconds, as the deck keeps them, written as integer microseconds since 1970.
The settings vary the steps (odd seconds, one, none), the retention and the maximum interval.
Each card's row is
  [state, step, stability, difficulty, due, last_review]
or null for a card never answered; numbers as the shortest text that reads back as the same double.
"""

import importlib.metadata
import json
import random
import sys
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, ReviewLog, Scheduler, State

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
SECOND = 1_000_000
DAY = 86_400 * SECOND
STATES = {State.Learning: "learning", State.Review: "review", State.Relearning: "relearning"}


def instant(micro):
    return EPOCH + timedelta(microseconds=micro)


def micro(moment):
    return (moment - EPOCH) // timedelta(microseconds=1)


def exact(number):
    return None if number is None else repr(float(number))


def seconds(*values):
    return [timedelta(seconds=s) for s in values]


SETTINGS = [
    ("defaults", {}),
    ("odd-second steps", dict(learning_steps=seconds(61, 7 * 60), relearning_steps=seconds(91),
                              desired_retention=0.85)),
    ("one learning step, no relearning steps", dict(learning_steps=seconds(45), relearning_steps=[],
                                                    maximum_interval=180)),
]


def deck(rng, cards):
    """Cards made over a month, and a log of sessions: each day some cards are answered, a
    forgotten one often again minutes later, now and then twice within a second."""
    start = rng.randint(1_700_000_000, 1_800_000_000) * SECOND
    created = sorted(start + rng.randint(0, 30 * DAY // SECOND) * SECOND for _ in range(cards))
    log = []
    for card, made in enumerate(created):
        if rng.random() < 0.15:
            continue  # never answered: stays new
        at = made + rng.randint(0, 3 * DAY // SECOND) * SECOND
        for _ in range(rng.randint(1, 12)):
            correct = rng.random() < 0.75
            log.append((at, card, correct))
            pick = rng.random()
            if not correct and pick < 0.6:
                at += rng.randint(20, 900) * SECOND  # relearnt in the same session
            elif pick < 0.05:
                at += 0
            else:
                at += rng.randint(1, 45) * DAY + rng.randint(-3_600, 3_600) * SECOND
    rng.shuffle(log)
    log.sort(key=lambda entry: entry[0])  # the log's order is the order of the answers
    return created, log


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: reference_decks.py OUTPUT.json [SEED]")
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) == 3 else 20261126)
    out = {"fsrs": importlib.metadata.version("fsrs"), "decks": []}
    for name, arguments in SETTINGS:
        scheduler = Scheduler(enable_fuzzing=False, **arguments)
        created, log = deck(rng, 400)
        cards = []
        for card, made in enumerate(created):
            logs = [ReviewLog(card_id=card, rating=Rating.Good if correct else Rating.Again,
                              review_datetime=instant(at), review_duration=None)
                    for at, which, correct in log if which == card]
            if not logs:
                cards.append(None)
                continue
            state = scheduler.reschedule_card(Card(card_id=card, due=instant(made)), logs)
            cards.append([STATES[state.state], state.step, exact(state.stability), exact(state.difficulty),
                          micro(state.due), micro(state.last_review)])
        out["decks"].append({
            "name": name,
            "desiredRetention": exact(scheduler.desired_retention),
            "learningSteps": [s // timedelta(microseconds=1) for s in scheduler.learning_steps],
            "relearningSteps": [s // timedelta(microseconds=1) for s in scheduler.relearning_steps],
            "maximumInterval": scheduler.maximum_interval,
            "createdAt": created,
            "log": [[at, card, correct] for at, card, correct in log],
            "cards": cards,
        })
    with open(sys.argv[1], "w") as f:
        f.write(json.dumps(out, allow_nan=False))


if __name__ == "__main__":
    main()
