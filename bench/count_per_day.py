#!/usr/bin/env python3
"""Benchmark peer of `reminders stats --json`: load a deck with json.load and count the answers of
its review log per day.

usage: count_per_day.py DECK_JSON

The day of an answer is the first ten characters of its `at` (YYYY-MM-DD): the benchmark decks
write every time with the day zone's offset (+09:00, Asia/Tokyo), so that is the day-zone day,
and the peer is spared converting zones (which `reminders` does for every answer). Prints one
JSON object: the number of answers, and the count per day.
"""

import json
import sys
from collections import Counter


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    with open(sys.argv[1], encoding="utf-8") as f:
        deck = json.load(f)
    per_day = Counter(entry["at"][:10] for entry in deck["reviewLog"])
    print(json.dumps({"answers": sum(per_day.values()), "days": dict(sorted(per_day.items()))}))


if __name__ == "__main__":
    main()
