#!/usr/bin/env python3
"""Holds an Anki collection open as the Anki application does, for the tests.

usage: hold_open.py COLLECTION

Opens COLLECTION with the Anki library (which puts it in WAL mode with locking_mode=EXCLUSIVE,
as Anki's desktop application does), answers two cards so that the WAL holds changes the
collection file does not, and prints one JSON line:

  {"now": UNIX_SECONDS, "decks": {NAME: [NEW, LEARNING, REVIEW]}, "journal": ..., "locking": ...}

with Anki's own counts at that moment (from the open collection, the WAL included). Then reads
lines on standard input: `answer` answers one more card (so the test can show Anki still works
while reminders reads beside it) and prints {"answered": true, "decks": ...}; the end of input
closes the collection and ends.
"""

import json
import sys
import time

from anki.collection import Collection

col = Collection(sys.argv[1])


def counts(now):
    tree = col._backend.deck_tree(now=now)
    return {c.name: [c.new_count, c.learn_count, c.review_count] for c in tree.children}


def answer_one():
    cid = col.db.scalar("select id from cards where queue = 0 order by id limit 1")
    card = col.get_card(cid)
    card.start_timer()
    col.sched.answerCard(card, 3)


answer_one()
answer_one()
now = int(time.time())
print(
    json.dumps(
        {
            "now": now,
            "decks": counts(now),
            "journal": col.db.scalar("pragma journal_mode"),
            "locking": col.db.scalar("pragma locking_mode"),
        }
    ),
    flush=True,
)
for line in sys.stdin:
    if line.strip() == "answer":
        answer_one()
        now = int(time.time())
        print(json.dumps({"answered": True, "now": now, "decks": counts(now)}), flush=True)
col.close()
