#!/usr/bin/env python3
"""The peer of `reminders status` over an Anki collection: the Anki library opening it and
counting what is due (`col.sched.deck_due_tree()`), as a script run every minute would.

usage: count_anki.py PATH NOW   (prints the total, then each top-level deck's total)
"""
import sys

from anki.collection import Collection

col = Collection(sys.argv[1])
tree = col._backend.deck_tree(now=int(sys.argv[2]))
decks = {c.name: c.new_count + c.learn_count + c.review_count for c in tree.children}
col.close()
print(sum(decks.values()), *(f"{k}={v}" for k, v in sorted(decks.items()) if v))
