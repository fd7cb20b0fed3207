#!/usr/bin/env python3
"""The reference side of the FSRS-6 optimizer test: simulated learners, and what Anki's optimizer fits.

Usage:
  optimizer_reference.py simulate OUT.json --seed S --cards N --days D --zone ZONE
                                  [--parameters "w0,...,w20"] [--start 2026-06-01]
  optimizer_reference.py reference DECK.json --zone ZONE [--evaluate "w0,...,w20"]...
                                   [--items-out ITEMS.json]

`simulate` writes a deck (docs/files.md#the-deck) whose review log is a learner simulated from
FSRS-6 with the given "true" parameters (default: PyPI `fsrs` 6.3.x's): N cards introduced a few
a day over the first three quarters of the D days, each scheduled by `fsrs.Scheduler` with fuzz
off (learning steps 1m 10m, relearning 10m). Each day (one in ten skipped at random) has a
session starting between 07:00 and 22:00 in ZONE: the cards due that day and the new ones are
answered a few seconds apart, and a card whose step falls due later the same day is answered
when it falls due. An answer is recalled with the card's retrievability under the true
parameters at its instant (`get_card_retrievability`, which counts whole 24 h since the last
answer: one less than a day later is always recalled; a new card's first answer:
again/hard/good/easy 0.2/0.1/0.6/0.1), a recall being hard/good/easy 0.1/0.8/0.1. Same seed,
same deck; it prints {"cards", "reviews"}.

`reference` builds from a deck the training items the way Anki builds them and fits them with
fsrs-rs (PyPI `fsrs-rs-python`, Anki's optimizer): per card, its answers in time order, leaving
out `relearn` and `early` ones; rating the entry's `rating`, else good (3) or again (1) by
`correct`; delta_t the calendar days in ZONE from the previous answer's date (0 for the first).
Every answer after the first with delta_t > 0 ends one item: the card's answers up to it. Items
are ordered by their last answer's instant, then card id, then position. It prints
  {"reviews": answers in at least one item, "cards": cards with an item, "items": n,
   "parameters": [21 fitted], "seconds": compute_parameters' wall time, "cpu_seconds": its
   processor time (all threads), "peak_growth_mib": how far it raised the peak memory,
   "fitted": {"log_loss", "rmse_bins"} or null,
   "evaluated": [{"parameters", "log_loss", "rmse_bins"}, ...] one per --evaluate}
(log_loss and rmse_bins null where fsrs-rs has no item to evaluate)
and with --items-out writes the items as [[[rating, delta_t], ...], ...] in that order. The
Swift side (`reminders fsrs optimize`) must build the same items and fit as well.
"""

import argparse
import resource
import heapq
import json
import random
import sys
import time
import uuid
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import fsrs
import fsrs_rs_python as rs

FIRST_RATINGS = [(fsrs.Rating.Again, 0.2), (fsrs.Rating.Hard, 0.1), (fsrs.Rating.Good, 0.6),
                 (fsrs.Rating.Easy, 0.1)]
RECALL_RATINGS = [(fsrs.Rating.Hard, 0.1), (fsrs.Rating.Good, 0.8), (fsrs.Rating.Easy, 0.1)]
WORDS = {1: "again", 2: "hard", 3: "good", 4: "easy"}


def simulation_arguments(parser):
    """The options `simulate_answers` reads, and the output file: for every script that
    simulates a learner (this one's `simulate`, Tests/anki/anki_history.py's `build`)."""
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--cards", type=int, required=True)
    parser.add_argument("--days", type=int, required=True)
    parser.add_argument("--zone", required=True)
    parser.add_argument("--parameters", type=parameter_list, default=list(fsrs.scheduler.DEFAULT_PARAMETERS))
    parser.add_argument("--start", default="2026-06-01")


def parameter_list(text):
    values = [float(v) for v in text.split(",")]
    if len(values) != 21:
        raise argparse.ArgumentTypeError(f"21 parameters expected, got {len(values)}")
    return values


def stamp(moment, zone):
    return moment.astimezone(zone).isoformat(timespec="seconds")


def pick(rng, weighted):
    x = rng.random()
    for value, weight in weighted:
        x -= weight
        if x < 0:
            return value
    return weighted[-1][0]


def rating_for(rng, scheduler, card, at):
    if card.stability is None:
        return pick(rng, FIRST_RATINGS)
    recalled = rng.random() < scheduler.get_card_retrievability(card, current_datetime=at)
    return pick(rng, RECALL_RATINGS) if recalled else fsrs.Rating.Again


def session(rng, scheduler, cards, answers, day, zone):
    """One day's session: every card due today (and every new one) answered, steps when due."""
    start = datetime(day.year, day.month, day.day, rng.randint(7, 21), rng.randint(0, 59),
                     tzinfo=zone).astimezone(timezone.utc)
    waiting = [i for i, card in enumerate(cards)
               if card is not None and card.due.astimezone(zone).date() <= day]
    rng.shuffle(waiting)
    queue = [(start, order, i) for order, i in enumerate(waiting)]
    heapq.heapify(queue)
    clock, order = start, len(queue)
    while queue:
        due, _, i = heapq.heappop(queue)
        at = max(clock, due)
        if at.astimezone(zone).date() > day:
            break
        rating = rating_for(rng, scheduler, cards[i], at)
        state = cards[i].state
        cards[i], _ = scheduler.review_card(cards[i], rating, review_datetime=at)
        answers[i].append((at, rating, state))
        clock = at + timedelta(seconds=rng.randint(4, 40))
        step_due = cards[i].due + timedelta(microseconds=-cards[i].due.microsecond % 1_000_000)
        if step_due.astimezone(zone).date() == day:
            heapq.heappush(queue, (step_due, order, i))
            order += 1


def simulate_answers(args, rng):
    """The simulated learner's answers: per card [(instant, rating, state before)], the cards at
    the end, the first day, and the day each card was introduced on (days from the first)."""
    zone = ZoneInfo(args.zone)
    scheduler = fsrs.Scheduler(parameters=args.parameters, enable_fuzzing=False)
    first = date.fromisoformat(args.start)
    intro_days = max(1, args.days * 3 // 4)
    introduced = [i * intro_days // args.cards for i in range(args.cards)]
    cards = [None] * args.cards  # None until introduced
    answers = [[] for _ in range(args.cards)]
    for d in range(args.days):
        day = first + timedelta(days=d)
        for i, intro in enumerate(introduced):
            if intro == d:
                cards[i] = fsrs.Card(card_id=i, due=datetime(day.year, day.month, day.day,
                                                            tzinfo=zone).astimezone(timezone.utc))
        if rng.random() >= 0.1:
            session(rng, scheduler, cards, answers, day, zone)
    return answers, cards, first, introduced


def simulate(args):
    zone = ZoneInfo(args.zone)
    rng = random.Random(args.seed)
    answers, cards, first, introduced = simulate_answers(args, rng)
    deck_cards, log = [], []
    for i, card in enumerate(cards):
        card_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        intro = first + timedelta(days=introduced[i])
        created = (answers[i][0][0] - timedelta(hours=1) if answers[i]
                   else datetime(intro.year, intro.month, intro.day, 6, tzinfo=zone))
        entry = {"id": card_id, "front": f"front {i}", "back": f"back {i}", "tags": [],
                 "stepIndex": 0, "nextReviewDate": card.due.astimezone(zone).date().isoformat(),
                 "createdAt": stamp(created, zone)}
        if answers[i]:
            entry["lastReviewedAt"] = stamp(answers[i][-1][0], zone)
        deck_cards.append(entry)
        for at, rating, _ in answers[i]:
            row = {"cardId": card_id, "at": stamp(at, zone), "correct": rating != fsrs.Rating.Again}
            if rating in (fsrs.Rating.Hard, fsrs.Rating.Easy):
                row["rating"] = WORDS[int(rating)]
            log.append((at, row))
    log.sort(key=lambda pair: (pair[0], pair[1]["cardId"]))
    deck = {"version": 1, "cards": deck_cards, "recalls": [], "reviewLog": [row for _, row in log]}
    with open(args.out, "w") as f:
        json.dump(deck, f, ensure_ascii=False, indent=1)
    print(json.dumps({"cards": len(deck_cards), "reviews": len(log)}))


def rating_of(entry):
    if "rating" in entry:
        return {word: number for number, word in WORDS.items()}[entry["rating"]]
    return 3 if entry["correct"] else 1


def training_items(deck, zone):
    """[(last answer's instant, card id, position, [(rating, delta_t), ...])], Anki's order."""
    by_card = {}
    for entry in deck["reviewLog"]:
        if entry.get("relearn") or entry.get("early"):
            continue
        at = datetime.fromisoformat(entry["at"])
        by_card.setdefault(entry["cardId"], []).append((at, rating_of(entry)))
    items, used = [], 0
    for card_id, answers in by_card.items():
        answers.sort(key=lambda pair: pair[0])
        reviews, previous, last_end = [], None, 0
        for position, (at, rating) in enumerate(answers):
            local = at.astimezone(zone).date()
            delta_t = 0 if previous is None else (local - previous).days
            previous = local
            reviews.append((rating, delta_t))
            if position > 0 and delta_t > 0:
                items.append((at, card_id, position, list(reviews)))
                last_end = position + 1
        used += last_end
    items.sort(key=lambda item: item[:3])
    return items, used


def evaluation(parameters, items):
    try:
        result = rs.FSRS(parameters).evaluate(items)
    except ValueError:  # NotEnoughData
        return None
    return {"log_loss": result.log_loss, "rmse_bins": result.rmse_bins}


def reference(args):
    zone = ZoneInfo(args.zone)
    with open(args.deck) as f:
        deck = json.load(f)
    items, used = training_items(deck, zone)
    fsrs_items = [rs.FSRSItem(reviews=[rs.FSRSReview(r, d) for r, d in item[3]]) for item in items]
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    began, began_cpu = time.perf_counter(), time.process_time()
    fitted = (rs.FSRS(rs.DEFAULT_PARAMETERS).compute_parameters(fsrs_items) if fsrs_items
              else list(rs.DEFAULT_PARAMETERS))
    seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - began_cpu
    peak_growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before) / 1024
    evaluated = [{"parameters": parameters,
                  **(evaluation(parameters, fsrs_items) or {"log_loss": None, "rmse_bins": None})}
                 for parameters in args.evaluate]
    print(json.dumps({
        "reviews": used, "cards": len({item[1] for item in items}), "items": len(items),
        "parameters": list(fitted), "seconds": seconds, "cpu_seconds": cpu_seconds,
        "peak_growth_mib": peak_growth,
        "fitted": evaluation(fitted, fsrs_items), "evaluated": evaluated,
    }))
    if args.items_out:
        with open(args.items_out, "w") as f:
            json.dump([[list(review) for review in item[3]] for item in items], f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate")
    simulation_arguments(sim)
    ref = commands.add_parser("reference")
    ref.add_argument("deck")
    ref.add_argument("--zone", required=True)
    ref.add_argument("--evaluate", type=parameter_list, action="append", default=[])
    ref.add_argument("--items-out")
    args = parser.parse_args()
    simulate(args) if args.command == "simulate" else reference(args)


if __name__ == "__main__":
    sys.exit(main())
