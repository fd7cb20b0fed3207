#!/usr/bin/env python3
"""Anki collections with a learner's review history, made by the real Anki library, and Anki's
own FSRS optimizer ("Optimize" in its deck options) run on them.

usage (the venv's python, TZ set to ZONE: Anki counts its days in the local zone):
  anki_history.py build OUT --seed N --cards N --days N --zone ZONE [--parameters P]
  anki_history.py reference COLLECTION [--search S] [--evaluate P ...]

`build` simulates a learner remembering by FSRS-6 with parameters P (Tests/fsrs/
optimizer_reference.py's learner: every due card answered each day, learning steps answered when
due, one day in ten skipped), puts the cards in a new collection (four in five in the deck 日本語,
the rest in English) and writes each answer to the review log as Anki would (`revlog`: the type
learning, review or relearning by the card's state before the answer). Then what Anki's own
optimizer must leave out, on a few cards each: cram reviews in a filtered deck (type 3, factor 0),
"Set due date" entries (type 4, ease 0, a factor), rescheduling entries (type 5), cards with an
imported history (no learning answer: every entry a review), and cards reset to new ("Forget":
type 4, ease 0, factor 0) and learned again. It prints {"collection", "cards", "entries"}.

`reference` opens a copy of COLLECTION (the file itself is never opened) and runs Anki's
`compute_fsrs_params` on the cards of search S (default: the whole collection) and its
`evaluate_params_legacy` with the fitted parameters and each P; it prints
  {"items": fsrs items Anki trained on, "parameters": [21], "fitted": {"log_loss", "rmse_bins"},
   "evaluated": [{"parameters", "log_loss", "rmse_bins"}, ...]}
"""

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
from datetime import timedelta

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fsrs"))
import fsrs  # noqa: E402
import optimizer_reference  # noqa: E402
from anki.collection import Collection  # noqa: E402

LEARNING, REVIEW, RELEARNING, FILTERED, MANUAL, RESCHEDULED = range(6)


def kind_of(state):
    return {fsrs.State.Learning: LEARNING, fsrs.State.Review: REVIEW,
            fsrs.State.Relearning: RELEARNING}[state]


def build(args):
    rng = random.Random(args.seed)
    answers, _, _, _ = optimizer_reference.simulate_answers(args, rng)
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "collection.anki2")
    col = Collection(path)
    japanese = col.decks.id("日本語")
    english = col.decks.id("English")
    model = col.models.by_name("Basic")
    entries, used = 0, set()  # revlog ids are unique across the collection
    for i, history in enumerate(answers):
        note = col.new_note(model)
        note["Front"], note["Back"] = f"front {i}", f"back {i}"
        col.add_note(note, japanese if i % 5 else english)
        card = note.cards()[0]
        rows = []  # (instant, ease, type, factor)
        for at, rating, state in history:
            rows.append((at, int(rating), kind_of(state), 2500))
        if len(rows) >= 4:
            twist = rng.random()
            middle = len(rows) // 2
            at = rows[middle][0]
            if twist < 0.05:
                # Crammed halfway between two answers (on a day of its own, mostly).
                halfway = rows[middle - 1][0] + (at - rows[middle - 1][0]) / 2
                rows.insert(middle, (halfway, 3, FILTERED, 0))
            elif twist < 0.10:
                rows.insert(middle, (at - timedelta(minutes=1), 0, MANUAL, 2500))  # set due date
            elif twist < 0.13:
                rows.insert(middle, (at - timedelta(minutes=1), 0, RESCHEDULED, 2500))
            elif twist < 0.17:
                rows = [(at, ease, REVIEW, factor) for at, ease, _, factor in rows]  # imported
            elif twist < 0.20:
                # Forgotten and learned again: the answers after it start as new ones.
                rows.insert(middle, (at - timedelta(minutes=1), 0, MANUAL, 0))
                rows[middle + 1] = (rows[middle + 1][0], rows[middle + 1][1], LEARNING, 2500)
        for at, ease, kind, factor in rows:
            millis = int(at.timestamp() * 1000)
            while millis in used:
                millis += 1
            used.add(millis)
            col.db.execute(
                "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) "
                "values (?, ?, -1, ?, 1, 0, ?, 6000, ?)", millis, card.id, ease, factor, kind)
            entries += 1
    col.close()
    print(json.dumps({"collection": path, "cards": len(answers), "entries": entries}))


def reference(args):
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "collection.anki2")
        shutil.copyfile(args.collection, copy)
        col = Collection(copy)
        try:
            response = col._backend.compute_fsrs_params(
                search=args.search, current_params=[], ignore_revlogs_before_ms=0,
                num_of_relearning_steps=1, health_check=False)
            fitted = [round(p, 6) for p in response.params]

            def evaluate(parameters):
                result = col._backend.evaluate_params_legacy(
                    params=parameters, search=args.search, ignore_revlogs_before_ms=0)
                return {"log_loss": result.log_loss, "rmse_bins": result.rmse_bins}

            print(json.dumps({
                "items": response.fsrs_items, "parameters": fitted, "fitted": evaluate(fitted),
                "evaluated": [{"parameters": p, **evaluate(p)} for p in args.evaluate],
            }))
        finally:
            col.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build")
    optimizer_reference.simulation_arguments(make)
    ref = commands.add_parser("reference")
    ref.add_argument("collection")
    ref.add_argument("--search", default="")
    ref.add_argument("--evaluate", type=optimizer_reference.parameter_list, action="append", default=[])
    args = parser.parse_args()
    build(args) if args.command == "build" else reference(args)


if __name__ == "__main__":
    sys.exit(main())
