#!/usr/bin/env python3
"""Benchmark peer: load a deck with json.load and count the cards due on a day.

usage: count_due.py DECK_JSON [--today YYYY-MM-DD]

A card is due when nextReviewDate <= today (compared as YYYY-MM-DD strings). --today defaults to
today's date in the system zone (TZ, else /etc/localtime). Prints the count.
"""

import argparse
import datetime as dt
import json


def main():
    parser = argparse.ArgumentParser(description="Count the cards due on a day.")
    parser.add_argument("deck", metavar="DECK_JSON")
    parser.add_argument("--today", metavar="YYYY-MM-DD", help="default: today in the system zone")
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
    print(sum(1 for card in deck["cards"] if card["nextReviewDate"] <= today))


if __name__ == "__main__":
    main()
