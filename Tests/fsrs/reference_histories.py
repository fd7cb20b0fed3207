#!/usr/bin/env python3
"""Random review histories replayed through the reference FSRS (PyPI `fsrs` 6.3.x), as JSON.

Usage: reference_histories.py OUTPUT.json [SEED]

The Swift test (Tests/RemindersCoreTests/FSRSReferenceTests.swift) replays the same histories
through FSRSScheduler and requires the same card after every review. Several settings are
covered: the defaults, other parameters (random within the reference's bounds, near the
defaults, at the bounds, initial stabilities of half days), other desired retentions, learning
and relearning steps (none, one, several, steps of odd microseconds) and maximum intervals.
Histories start from a new card or from a card in any state (also one past the last step of
these settings), and their reviews are from the same instant to decades apart, now and then
exactly on the due instant or on a day's boundary, and rarely before the previous review.

Review instants are whole milliseconds (a `Date` in 2150 holds no finer), written as integer
microseconds since 1970 (the resolution of `datetime`, and of due instants after steps); numbers
as the shortest text that reads back as the same double (JSON readers may round); states
as "learning", "review", "relearning". Each review's row is
  [at, rating, state, step, stability, difficulty, due, last_review, probe, retrievability]
with `retrievability` the reference's at the instant `probe`. Ladder replays (correct = good,
wrong = again) go through `Scheduler.reschedule_card`, which sorts the answers by instant.
"""

import importlib.metadata
import json
import random
import sys
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, ReviewLog, Scheduler, State
from fsrs.scheduler import DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
DAY = 86_400_000_000
STATES = {State.Learning: "learning", State.Review: "review", State.Relearning: "relearning"}
# Histories stay before this instant (2150), so that seconds since 1970 keep microseconds in a double.
LATEST = 5_680_281_600_000_000


def instant(micro):
    return EPOCH + timedelta(microseconds=micro)


def micro(moment):
    return (moment - EPOCH) // timedelta(microseconds=1)


def steps(*micros):
    return [timedelta(microseconds=m) for m in micros]


def settings(rng):
    """(name, Scheduler keyword arguments) of every setting the histories run under."""
    def uniform():
        return [rng.uniform(lo, hi) for lo, hi in zip(LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS)]

    def near_defaults():
        return [min(hi, max(lo, w * rng.uniform(0.7, 1.3)))
                for w, lo, hi in zip(DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS)]

    def at_bounds():
        return [rng.choice((lo, hi)) for lo, hi in zip(LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS)]

    def half_days():
        """Initial stabilities of 2.5 to 5.5 days: at retention 0.9 the first interval is a tie,
        which the reference rounds half to even."""
        return [2.5, 3.5, 4.5, 5.5] + near_defaults()[4:]

    minute = 60_000_000
    return [
        ("defaults", {}),
        ("three learning steps, one of a day", dict(
            desired_retention=0.8, learning_steps=steps(30_000_000, 5 * minute, DAY),
            relearning_steps=steps(5 * minute, 20 * minute), maximum_interval=365)),
        ("random parameters, no steps", dict(
            parameters=uniform(), desired_retention=0.95, learning_steps=[], relearning_steps=[],
            maximum_interval=30)),
        ("near the defaults, one step each", dict(
            parameters=near_defaults(), desired_retention=0.7, learning_steps=steps(10 * minute),
            relearning_steps=steps(minute), maximum_interval=1000)),
        ("random parameters, steps of odd microseconds", dict(
            parameters=uniform(), desired_retention=0.99, learning_steps=steps(1_000_001, 3_000_000),
            relearning_steps=steps(999_999), maximum_interval=36500)),
        ("parameters at their bounds", dict(
            parameters=at_bounds(), desired_retention=0.5, maximum_interval=7)),
        ("near the defaults, no relearning steps", dict(
            parameters=near_defaults(), desired_retention=0.85, learning_steps=steps(minute, 10 * minute, 3_600_000_000),
            relearning_steps=[], maximum_interval=36500)),
        ("first intervals of half days, no learning steps", dict(
            parameters=half_days(), learning_steps=[])),
    ]


def gap(rng, card, at):
    """Microseconds until the next review: anything from none to decades, often on the due instant."""
    pick = rng.random()
    if pick < 0.05:
        value = 0
    elif pick < 0.08:
        value = -rng.randint(1, 2 * DAY)
    elif pick < 0.30:
        value = micro(card.due) - at + rng.choice((0, 0, 0, 1_000_000, -1_000_000, rng.randint(0, DAY)))
    elif pick < 0.42:
        value = rng.randint(1, 3_600) * 1_000_000
    elif pick < 0.52:
        value = rng.randint(3_600, 86_399) * 1_000_000
    elif pick < 0.60:
        value = rng.randint(1, 5) * DAY + rng.choice((0, -1_000, 1_000, -1_000_000))
    elif pick < 0.82:
        value = rng.randint(1, 60) * DAY + rng.randint(0, DAY)
    elif pick < 0.95:
        value = rng.randint(30, 1500) * DAY + rng.randint(0, DAY)
    else:
        value = rng.randint(5 * 365, 40 * 365) * DAY
    if rng.random() < 0.1:
        value += rng.randint(0, 999) * 1_000
    if at + value > LATEST:
        value = rng.randint(0, DAY)
    return value


def rating(rng, bias):
    weights = {"mixed": (20, 15, 50, 15), "failing": (60, 20, 15, 5), "easy": (5, 10, 35, 50)}[bias]
    return rng.choices((Rating.Again, Rating.Hard, Rating.Good, Rating.Easy), weights)[0]


def start_card(rng, start, steps_count):
    """A new card (mostly), or one in any state: also past the last step, or without a last review."""
    if rng.random() < 0.8:
        return Card(card_id=1, due=instant(start)), None
    state = rng.choice((State.Learning, State.Review, State.Relearning))
    step = None if state == State.Review else rng.randint(0, steps_count + 2)
    stability = rng.choice((0.001, rng.uniform(0.01, 10), rng.uniform(10, 3000)))
    difficulty = rng.uniform(1, 10)
    last = None if rng.random() < 0.1 else start - rng.randint(0, 400) * DAY - rng.randint(0, DAY)
    card = Card(card_id=1, state=state, step=step, stability=stability, difficulty=difficulty,
                due=instant(start), last_review=None if last is None else instant(last))
    return card, [STATES[state], step, exact(stability), exact(difficulty), start, last]


def exact(number):
    """A float as the shortest text that reads back as the same double (JSON readers may not)."""
    return None if number is None else repr(float(number))


def row(card):
    return [STATES[card.state], card.step, exact(card.stability), exact(card.difficulty), micro(card.due),
            micro(card.last_review) if card.last_review else None]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: reference_histories.py OUTPUT.json [SEED]")
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) == 3 else 20261121)
    out = {"fsrs": importlib.metadata.version("fsrs"), "settings": []}
    for name, arguments in settings(rng):
        scheduler = Scheduler(enable_fuzzing=False, **arguments)
        histories, ladders = [], []
        for _ in range(300):
            at = rng.randint(1_577_836_800, 1_893_456_000) * 1_000_000  # 2020 to 2030
            start = at
            card, initial = start_card(rng, start, len(scheduler.learning_steps))
            bias = rng.choice(("mixed", "mixed", "failing", "easy"))
            reviews = []
            for _ in range(rng.randint(1, 30)):
                grade = rating(rng, bias)
                card, _ = scheduler.review_card(card, grade, instant(at))
                probe = at + rng.choice((0, rng.randint(0, 3 * DAY), rng.randint(0, 400 * DAY)))
                reviews.append([at, int(grade)] + row(card)
                               + [probe, exact(scheduler.get_card_retrievability(card, instant(probe)))])
                at += gap(rng, card, at)
            histories.append({"newCardDue": start, "initial": initial, "reviews": reviews})
        for _ in range(100):
            start = rng.randint(1_577_836_800, 1_893_456_000) * 1_000_000
            answers, at = [], start
            for _ in range(rng.randint(0, 25)):
                answers.append([at, rng.random() < 0.7])
                at += rng.choice((0, rng.randint(1, 600) * 1_000_000, rng.randint(1, 40) * DAY, -rng.randint(0, 10) * DAY))
            logs = [ReviewLog(card_id=1, rating=Rating.Good if correct else Rating.Again,
                              review_datetime=instant(when), review_duration=None) for when, correct in answers]
            card = scheduler.reschedule_card(Card(card_id=1, due=instant(start)), logs)
            ladders.append({"newCardDue": start, "answers": answers, "card": row(card)})
        out["settings"].append({
            "name": name,
            "parameters": [exact(w) for w in scheduler.parameters],
            "desiredRetention": exact(scheduler.desired_retention),
            "learningSteps": [s // timedelta(microseconds=1) for s in scheduler.learning_steps],
            "relearningSteps": [s // timedelta(microseconds=1) for s in scheduler.relearning_steps],
            "maximumInterval": scheduler.maximum_interval,
            "histories": histories,
            "ladders": ladders,
        })
    with open(sys.argv[1], "w") as f:
        # dumps, not dump: dump writes through the pure-Python encoder, several times slower.
        f.write(json.dumps(out, allow_nan=False))


if __name__ == "__main__":
    main()
