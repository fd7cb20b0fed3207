#!/usr/bin/env python3
"""The reviews `make bench` schedules with FSRS, ours and the reference's: a text file of one review a line,
`CARD MILLISECONDS RATING` (card index, instant in milliseconds since 1970, rating 1–4), each card's
reviews in order of time.

Usage: fsrs_reviews.py N OUTPUT      (N reviews, 100 per card; seeded, so always the same file)

Gaps between a card's reviews are as a learner's: minutes while learning, then days to months.
"""
import random
import sys

START = 1_795_215_600_000  # 2026-11-21T08:00:00+09:00


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: fsrs_reviews.py N OUTPUT")
    count, rng = int(sys.argv[1]), random.Random(20261121)
    per_card = 100
    with open(sys.argv[2], "w") as out:
        for card in range((count + per_card - 1) // per_card):
            at = START + rng.randint(0, 86_400_000)
            for i in range(min(per_card, count - card * per_card)):
                rating = rng.choices((1, 2, 3, 4), (15, 15, 55, 15))[0]
                out.write(f"{card} {at} {rating}\n")
                minutes = rng.random() < 0.3 or i < 2
                at += rng.randint(60_000, 3_600_000) if minutes else rng.randint(1, 120) * 86_400_000 + rng.randint(0, 86_400_000)


if __name__ == "__main__":
    main()
