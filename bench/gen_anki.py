#!/usr/bin/env python3
"""An Anki collection of N cards for `make bench`, built by the Anki library (the venv's `anki`).

usage: gen_anki.py N PATH

Five top-level decks with two subdecks each and presets with limits; cards spread over every
state the counts know (new, learning, interday learning, reviews due from 60 days ago to 60 days
ahead, suspended, buried), and ten review-log entries a card, so that the file is about the size
a collection of that many cards with a history has. No filtered deck: Anki counts one's cards in
it, reminders in their home decks (docs/anki.md), and the bench compares totals.
"""
import os
import random
import sys
import time

from anki.collection import AddNoteRequest, Collection

n, path = int(sys.argv[1]), sys.argv[2]
os.makedirs(os.path.dirname(path), exist_ok=True)
random.seed(7)
col = Collection(path)
col.db.execute("update col set crt = crt - ?", 400 * 86400)
col.close()
col = Collection(path)
model = col.models.by_name("Basic")
decks = []
for top in ["日本語", "Kanji", "Vocabulary", "Grammar", "Listening"]:
    conf = col.decks.add_config(top)
    conf["new"]["perDay"] = random.choice([10, 20, 30])
    conf["rev"]["perDay"] = random.choice([100, 200, 9999])
    col.decks.update_config(conf)
    for name in (top, f"{top}::A", f"{top}::B"):
        did = col.decks.id(name)
        col.decks.set_config_id_for_deck_dict(col.decks.get(did), conf["id"])
        decks.append(did)
requests = []
for i in range(n):
    note = col.new_note(model)
    note["Front"] = f"front {i} " + "x" * 40
    note["Back"] = f"back {i} " + "y" * 80
    requests.append(AddNoteRequest(note=note, deck_id=random.choice(decks)))
col.add_notes(requests)
today = col.sched.today
now = int(time.time())
rows = []
for cid in col.db.list("select id from cards"):
    r = random.random()
    if r < 0.25:
        continue  # new
    if r < 0.28:
        rows.append((1, 1, now + random.randint(-3600, 3600), 0, cid))
    elif r < 0.30:
        rows.append((1, 3, today + random.randint(-2, 3), 0, cid))
    elif r < 0.95:
        rows.append((2, 2, today + random.randint(-60, 60), random.randint(1, 300), cid))
    elif r < 0.98:
        rows.append((2, -1, today + random.randint(-60, 60), 30, cid))
    else:
        rows.append((2, -3, today + random.randint(-5, 5), 30, cid))
col.db.executemany("update cards set type=?, queue=?, due=?, ivl=? where id=?", rows)
log = []
stamp = (now - 400 * 86400) * 1000
for cid in col.db.list("select id from cards where type = 2"):
    for _ in range(10):
        stamp += random.randint(1, 400)
        log.append((stamp, cid, -1, random.randint(1, 4), 10, 5, 2500, 8000, 1))
col.db.executemany("insert into revlog values (?,?,?,?,?,?,?,?,?)", log)
col.close()
