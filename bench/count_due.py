#!/usr/bin/env python3
"""Benchmark peer: load a deck with json.load and count the day's cards to study.

usage: count_due.py DECK_JSON [--today YYYY-MM-DD] [--new-per-day N]

The rule of docs/planning.md ("The day's cards"): every card that is not new (it has a
lastReviewedAt, or a step above 0) and is due (nextReviewDate <= today, compared as YYYY-MM-DD
strings), plus the new cards due, up to N (default 20) less the new cards first answered today.
Suspended cards never count. The day of an answer is the first ten characters of its `at` (the
benchmark decks write every time with the day zone's offset). --today defaults to today's date in
the system zone (TZ, else /etc/localtime). Prints the count.
"""

import argparse
import datetime as dt
import json


def main():
    parser = argparse.ArgumentParser(description="Count the day's cards to study.")
    parser.add_argument("deck", metavar="DECK_JSON")
    parser.add_argument("--today", metavar="YYYY-MM-DD", help="default: today in the system zone")
    parser.add_argument("--new-per-day", type=int, default=20)
    args = parser.parse_args()
    if args.today:
        try:
            today = dt.date.fromisoformat(args.today).isoformat()
        except ValueError:
            parser.error(f"--today: expected YYYY-MM-DD, got {args.today!r}")
    else:
        today = dt.date.today().isoformat()
    with open(args.deck, encoding="utf-8") as f:
        deck = json.load(f)
    due = 0
    new = 0
    recent = set()
    for card in deck["cards"]:
        is_new = card.get("lastReviewedAt") is None and card["stepIndex"] == 0
        if not is_new and (card.get("lastReviewedAt") or "")[:10] >= today:
            recent.add(card["id"])
        if card.get("suspended") or card["nextReviewDate"] > today:
            continue
        if is_new:
            new += 1
        else:
            due += 1
    first = {}
    for entry in deck["reviewLog"]:
        if entry["cardId"] in recent:
            day = entry["at"][:10]
            first[entry["cardId"]] = min(first.get(entry["cardId"], day), day)
    answered = sum(1 for day in first.values() if day == today)
    print(due + min(new, max(args.new_per_day - answered, 0)))


if __name__ == "__main__":
    main()
