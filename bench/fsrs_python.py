#!/usr/bin/env python3
"""The reference FSRS (PyPI `fsrs`, fuzz off, default settings) over the reviews of fsrs_reviews.py.

Usage: fsrs_python.py REVIEWS

Reads the reviews before the clock starts, then times the reviews alone and prints
`seconds=<x>` (wall), `cpu_seconds=<x>` (the process's processor time) and `checksum=<a>,<b>`: the bit pattern of the sum of the cards' final stabilities
(in card order) and the sum of their due instants in whole seconds, which `reminders-bench fsrs`
must print too.
"""
import struct
import sys
import time
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fsrs_python.py REVIEWS")
    reviews = []
    with open(sys.argv[1]) as f:
        for line in f:
            card, at, rating = line.split()
            reviews.append((int(card), EPOCH + timedelta(milliseconds=int(at)), Rating(int(rating))))
    scheduler = Scheduler(enable_fuzzing=False)
    cards = [Card(card_id=i + 1, due=EPOCH) for i in range(reviews[-1][0] + 1)]
    started, cpu_started = time.perf_counter(), time.process_time()
    for card, at, rating in reviews:
        cards[card], _ = scheduler.review_card(cards[card], rating, at)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    stability = 0.0
    for card in cards:
        stability += card.stability
    due = sum((card.due - EPOCH) // timedelta(seconds=1) for card in cards)
    print(f"seconds={elapsed}")
    print(f"cpu_seconds={cpu}")
    print(f"checksum={struct.unpack('<Q', struct.pack('<d', stability))[0]},{due}")


if __name__ == "__main__":
    main()
