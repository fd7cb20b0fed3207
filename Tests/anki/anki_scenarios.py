#!/usr/bin/env python3
"""Anki collections built by the real Anki library, and what Anki itself shows as due in them.

usage: anki_scenarios.py OUT_DIR ZONE [SCENARIO ...]

Run with TZ set to ZONE (Anki reads the local zone) by the venv's python, where `make deps`
installs the PyPI package `anki`. Builds the zone's scenarios (all of them when none is named)
as collections under OUT_DIR, closes them, and prints one JSON object:

  {"zone": ZONE, "anki": VERSION, "scenarios": [
     {"name": ..., "collection": PATH, "checks": [
        {"now": UNIX_SECONDS, "decks": {TOP_LEVEL_NAME: [NEW, LEARNING, REVIEW], ...}}, ...],
      "decks": [{"id", "name", "kind", "common", "normal"}, ...],   # the blobs, decoded by Anki
      "presets": [{"id", "newPerDay", "reviewsPerDay"}, ...]}]}

Each check is Anki's own `deck_tree(now)` (what `col.sched.deck_due_tree()` returns at that
moment), taken on a copy of the closed collection, so the collection itself is left exactly as
built (Anki unburies cards of an earlier day when it counts; the copy takes that). Filtered
decks are emptied in the copy first: `reminders` counts a filtered deck's cards in their home
decks by their original due (docs/anki.md), which is what Anki shows once the filtered deck is
emptied.
"""

import json
import os
import shutil
import sys
import tempfile
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from anki import buildinfo
from anki.collection import Collection
from anki.decks_pb2 import Deck as DeckProto
from anki.deck_config_pb2 import DeckConfig as DeckConfigProto

OUT, ZONE = sys.argv[1], sys.argv[2]
WANTED = set(sys.argv[3:])
TZ = ZoneInfo(ZONE)
DAY = 86_400


def new_collection(name, rollover=None, crt_back_days=30):
    """A new collection in OUT/name, its creation moved back (so that day numbers are well above
    zero around any moment tested), and its rollover hour set; reopened so that Anki's cached
    idea of today is fresh."""
    folder = os.path.join(OUT, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "collection.anki2")
    col = Collection(path)
    col.db.execute("update col set crt = crt - ?", crt_back_days * DAY)
    if rollover is not None:
        col.set_config("rollover", rollover)
    col.close()
    return Collection(path), path


def add_notes(col, deck_id, count, prefix):
    model = col.models.by_name("Basic")
    cids = []
    for i in range(count):
        note = col.new_note(model)
        note["Front"] = f"{prefix} {i}"
        note["Back"] = "back"
        col.add_note(note, deck_id)
        cids += note.card_ids()
    return cids


def set_state(col, cids, ctype, queue, due, ivl=1):
    for cid in cids:
        col.db.execute("update cards set type=?, queue=?, due=?, ivl=? where id=?", ctype, queue, due, ivl, cid)


def preset(col, name, new_per_day=None, reviews_per_day=None, learn_steps=None):
    conf = col.decks.add_config(name)
    if new_per_day is not None:
        conf["new"]["perDay"] = new_per_day
    if reviews_per_day is not None:
        conf["rev"]["perDay"] = reviews_per_day
    if learn_steps is not None:
        conf["new"]["delays"] = learn_steps
    col.decks.update_config(conf)
    return conf["id"]


def use_preset(col, deck_id, conf_id):
    col.decks.set_config_id_for_deck_dict(col.decks.get(deck_id), conf_id)


def answer(col, cid, ease):
    card = col.get_card(cid)
    card.start_timer()
    col.sched.answerCard(card, ease)


def day_number(col, instant):
    """Anki's day number at `instant` for a collection made in this zone (used only to place
    cards around a boundary; what counts is Anki's own tree)."""
    created = datetime.fromtimestamp(col.crt, TZ).date()
    local = datetime.fromtimestamp(instant, TZ)
    rollover = col.get_config("rollover", 4)
    days = (local.date() - created).days
    return days if local.hour >= rollover else days - 1


def reference(path, instants):
    """Anki's tree at each instant, from a copy of the closed collection with its filtered decks
    emptied."""
    folder = tempfile.mkdtemp(prefix="anki-ref-")
    try:
        copy = os.path.join(folder, "collection.anki2")
        shutil.copyfile(path, copy)
        col = Collection(copy)
        for entry in col.decks.all_names_and_ids():
            if col.decks.is_filtered(entry.id):
                col.sched.empty_filtered_deck(entry.id)
        checks = []
        for now in instants:
            tree = col._backend.deck_tree(now=now)
            checks.append(
                {"now": now, "decks": {c.name: [c.new_count, c.learn_count, c.review_count] for c in tree.children}}
            )
        col.close()
        return checks
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def blobs(path):
    """The decks' and presets' protobuf blobs as Anki's own classes decode them."""
    col = Collection(path)
    decks = []
    for did, name, common, kind in col.db.all("select id, name, common, kind from decks"):
        c = DeckProto.Common.FromString(bytes(common))
        k = DeckProto.KindContainer.FromString(bytes(kind))
        entry = {
            "id": did,
            "name": name,
            "kind": k.WhichOneof("kind"),
            "common": [c.last_day_studied, c.new_studied, c.review_studied],
        }
        if k.HasField("normal"):
            n = k.normal
            entry["normal"] = {
                "config": n.config_id,
                "reviewLimit": n.review_limit if n.HasField("review_limit") else None,
                "newLimit": n.new_limit if n.HasField("new_limit") else None,
                "reviewLimitToday": [n.review_limit_today.limit, n.review_limit_today.today]
                if n.HasField("review_limit_today")
                else None,
                "newLimitToday": [n.new_limit_today.limit, n.new_limit_today.today]
                if n.HasField("new_limit_today")
                else None,
            }
        decks.append(entry)
    presets = []
    for pid, config in col.db.all("select id, config from deck_config"):
        c = DeckConfigProto.Config.FromString(bytes(config))
        presets.append({"id": pid, "newPerDay": c.new_per_day, "reviewsPerDay": c.reviews_per_day})
    col.close(downgrade=False)
    return decks, presets


def finish(name, col, path, instants):
    col.close()
    decks, presets = blobs(path)
    return {"name": name, "collection": path, "checks": reference(path, instants), "decks": decks, "presets": presets}


def boundary_instants(rollover):
    """Half a minute either side of the rollover hour, on a date near today whose UTC offset is
    today's (Anki takes the offset of the real present, not of the moment it is asked about)."""
    now = datetime.now(TZ)
    for shift in (0, -1, 1, -2, 2, -3, 3):
        date = now.date() + timedelta(days=shift)
        at = datetime(date.year, date.month, date.day, rollover, tzinfo=TZ)
        if at.utcoffset() == now.utcoffset():
            edge = int(at.timestamp())
            return [edge - 30, edge + 30]
    raise SystemExit("no date near today with today's UTC offset")


# Scenarios ------------------------------------------------------------------------------------


def grid(rollover):
    """Reviews, day learning and learning cards either side of the day boundary, new cards over
    a preset's limits, in a parent and a subdeck."""
    col, path = new_collection(f"grid-r{rollover}", rollover=rollover)
    instants = boundary_instants(rollover)
    after = instants[1]
    day = day_number(col, after)
    a = col.decks.id("A")
    c = col.decks.id("B::C")
    small = preset(col, "Small", new_per_day=5, reviews_per_day=3)
    use_preset(col, c, small)
    ids = add_notes(col, a, 45, "a")
    for offset, count in ((-1, 2), (0, 3), (1, 4)):
        set_state(col, [ids.pop() for _ in range(count)], 2, 2, day + offset, ivl=5)
    for offset, count in ((-1, 1), (0, 2), (1, 1)):
        set_state(col, [ids.pop() for _ in range(count)], 1, 3, day + offset)
    for seconds in (-100, 600, 1140, 1199, 1200, 1201, 1300, 5000):
        set_state(col, [ids.pop()], 1, 1, after + seconds)
    more = add_notes(col, c, 12, "c")
    set_state(col, more[:4], 2, 2, day, ivl=3)
    set_state(col, more[4:5], 2, 2, day - 1, ivl=3)
    return finish(f"grid-r{rollover}", col, path, instants)


def limits(name, all_parents=False, new_ignores_reviews=False):
    """New-card limits on a parent and its subdecks, a deck's own limit, a limit for today only,
    a review limit, and cards studied today counted down."""
    col, path = new_collection(name)
    if all_parents:
        col.set_config("applyAllParentLimits", True)
    if new_ignores_reviews:
        col.set_config("newCardsIgnoreReviewLimit", True)
    p = col.decks.id("P")
    s1 = col.decks.id("P::S1")
    s2 = col.decks.id("P::S2")
    s3 = col.decks.id("P::S2::Deep")
    q = col.decks.id("Q")
    use_preset(col, p, preset(col, "Parent", new_per_day=10, reviews_per_day=12))
    use_preset(col, s1, preset(col, "Sub", new_per_day=3, reviews_per_day=4))
    use_preset(col, q, preset(col, "Q", new_per_day=7, reviews_per_day=6))
    add_notes(col, p, 4, "p")
    add_notes(col, s1, 8, "s1")
    s2_ids = add_notes(col, s2, 15, "s2")
    add_notes(col, s3, 6, "deep")
    q_ids = add_notes(col, q, 9, "q")
    today = col.sched.today
    set_state(col, s2_ids[:9], 2, 2, today - 1, ivl=4)
    set_state(col, q_ids[:5], 2, 2, today, ivl=4)
    deck = col.decks.get(s2)
    deck["newLimit"] = 6
    deck["reviewLimitToday"] = {"limit": 5, "today": today}
    col.decks.save(deck)
    deck = col.decks.get(q)
    deck["newLimitToday"] = {"limit": 1, "today": today}
    deck["reviewLimit"] = 30
    col.decks.save(deck)
    deck = col.decks.get(s3)
    deck["newLimitToday"] = {"limit": 2, "today": today - 1}
    col.decks.save(deck)
    # Studied today: new cards answered in Q and a review in S2 count down their limits.
    for cid in col.db.list("select id from cards where did = ? and queue = 0 limit 2", q):
        answer(col, cid, 3)
    answer(col, s2_ids[0], 3)
    now = int(time.time())
    return finish(name, col, path, [now, now + 900])


def learning(name, learn_ahead=None):
    """Cards in learning after real answers (again, good), relearning after a lapse, steps of a
    minute, an hour and two days (interday learning); with `learn_ahead`, Anki's learn-ahead
    limit (`collapseTime`) set to that many seconds."""
    col, path = new_collection(name)
    if learn_ahead is not None:
        col.set_config("collapseTime", learn_ahead)
    d = col.decks.id("Learn")
    days = col.decks.id("Learn::Days")
    use_preset(col, d, preset(col, "Hour", learn_steps=[1.0, 60.0]))
    use_preset(col, days, preset(col, "Days", learn_steps=[1.0, 2880.0]))
    ids = add_notes(col, d, 10, "l")
    for cid in ids[:3]:
        answer(col, cid, 1)
    for cid in ids[3:6]:
        answer(col, cid, 3)
    lapse = ids[6:8]
    set_state(col, lapse, 2, 2, col.sched.today, ivl=10)
    for cid in lapse:
        answer(col, cid, 1)
    for cid in add_notes(col, days, 4, "d"):
        answer(col, cid, 3)
    now = int(time.time())
    return finish(name, col, path, [now, now + 61, now + 2350, now + 2450, now + 3650, now + 3 * DAY])


def buried(name, yesterday):
    """Suspended cards, cards buried by hand and by the scheduler (a new, a review and a learning
    card); with `yesterday`, Anki last unburied on an earlier day, so its next look brings them
    back."""
    col, path = new_collection(name)
    d = col.decks.id("Bury")
    ids = add_notes(col, d, 12, "b")
    today = col.sched.today
    set_state(col, ids[:4], 2, 2, today, ivl=3)
    answer(col, ids[4], 1)
    col.sched.suspend_cards([ids[0], ids[5]])
    col.sched.bury_cards([ids[1], ids[6]], manual=True)
    col.sched.bury_cards([ids[2], ids[4]], manual=False)
    col.set_config("lastUnburied", today - 1 if yesterday else today)
    now = int(time.time())
    return finish(name, col, path, [now])


def fsrs():
    """FSRS on: answers scheduled by FSRS, due dates set, a review limit."""
    col, path = new_collection("fsrs")
    col.set_config("fsrs", True)
    d = col.decks.id("FSRS")
    ids = add_notes(col, d, 14, "f")
    for cid in ids[:4]:
        answer(col, cid, 3)
    for cid in ids[4:6]:
        answer(col, cid, 4)
    col.sched.set_due_date(ids[6:10], "0")
    col.sched.set_due_date(ids[10:12], "1-3")
    now = int(time.time())
    return finish("fsrs", col, path, [now, now + 2 * DAY])


def filtered():
    """Filtered decks: one rescheduling (reviews not yet due, a learning card) and one in preview
    mode (new cards), nested under a normal deck."""
    col, path = new_collection("filtered")
    a = col.decks.id("Home")
    b = col.decks.id("Other")
    ids = add_notes(col, a, 12, "h")
    today = col.sched.today
    set_state(col, ids[:3], 2, 2, today - 1, ivl=5)
    set_state(col, ids[3:6], 2, 2, today + 4, ivl=5)
    answer(col, ids[6], 1)
    cram = col.decks.new_filtered("Cram")
    deck = col.decks.get(cram)
    deck["terms"] = [["deck:Home", 100, 0]]
    deck["resched"] = True
    col.decks.save(deck)
    col.sched.rebuild_filtered_deck(cram)
    add_notes(col, b, 6, "o")
    preview = col.decks.new_filtered("Other::Preview")
    deck = col.decks.get(preview)
    deck["terms"] = [["deck:Other is:new", 3, 0]]
    deck["resched"] = False
    col.decks.save(deck)
    col.sched.rebuild_filtered_deck(preview)
    now = int(time.time())
    return finish("filtered", col, path, [now, now + 5 * DAY])


def overdue():
    """Reviews made overdue by moving the collection's creation back, under a review limit."""
    col, path = new_collection("overdue")
    d = col.decks.id("日本語::N5")
    use_preset(col, d, preset(col, "Reviews", reviews_per_day=6))
    ids = add_notes(col, d, 10, "n5")
    col.sched.set_due_date(ids, "0-2")
    col.db.execute("update col set crt = crt - ?", 10 * DAY)
    col.close()
    col = Collection(path)
    add_notes(col, col.decks.id("Default"), 3, "default")
    now = int(time.time())
    return finish("overdue", col, path, [now])


def quiet(name, limit):
    """The daily reminder at 12:00 moved by quiet hours 12:00-13:00 to 13:00, counted then: a
    learning card due 13:10 (inside the learn-ahead limit at 13:00, not at 12:00); or, with
    `limit` (rollover 13), a new card allowed by a limit for Anki's today only (gone at 13:00) and
    a review due on Anki's day after tomorrow (there at 13:00 tomorrow, not at 12:00)."""
    col, path = new_collection(name, rollover=13 if limit else None)
    d = col.decks.id("Quiet")
    date = datetime.now(TZ).date()
    noon = int(datetime(date.year, date.month, date.day, 12, tzinfo=TZ).timestamp())
    if limit:
        use_preset(col, d, preset(col, "None", new_per_day=0))
        ids = add_notes(col, d, 2, "q")
        day = day_number(col, noon)
        deck = col.decks.get(d)
        deck["newLimitToday"] = {"limit": 1, "today": day}
        col.decks.save(deck)
        set_state(col, ids[1:], 2, 2, day + 2, ivl=3)
        instants = [noon, noon + 3600, noon + DAY, noon + DAY + 3600]
    else:
        ids = add_notes(col, d, 1, "q")
        set_state(col, ids, 1, 1, noon + 3600 + 600)
        instants = [noon, noon + 3600]
    return finish(name, col, path, instants)


SCENARIOS = {
    "UTC": {
        "grid-r0": lambda: grid(0),
        "grid-r4": lambda: grid(4),
        "grid-r12": lambda: grid(12),
        "grid-r23": lambda: grid(23),
        "limits": lambda: limits("limits"),
        "limits-all-parents": lambda: limits("limits-all-parents", all_parents=True),
        "limits-new-ignores-reviews": lambda: limits("limits-new-ignores-reviews", new_ignores_reviews=True),
        "quiet": lambda: quiet("quiet", limit=False),
        "quiet-limit": lambda: quiet("quiet-limit", limit=True),
    },
    "America/New_York": {
        "grid-r0": lambda: grid(0),
        "grid-r4": lambda: grid(4),
        "grid-r12": lambda: grid(12),
        "grid-r23": lambda: grid(23),
        "learning": lambda: learning("learning"),
        "learning-ahead-5m": lambda: learning("learning-ahead-5m", learn_ahead=300),
        "buried": lambda: buried("buried", yesterday=False),
        "buried-yesterday": lambda: buried("buried-yesterday", yesterday=True),
        "fsrs": fsrs,
    },
    "Asia/Tokyo": {
        "grid-r0": lambda: grid(0),
        "grid-r4": lambda: grid(4),
        "grid-r12": lambda: grid(12),
        "grid-r23": lambda: grid(23),
        "filtered": filtered,
        "overdue": overdue,
    },
}


def main():
    if os.environ.get("TZ") != ZONE:
        raise SystemExit(f"run with TZ={ZONE}: Anki reads the local zone")
    os.makedirs(OUT, exist_ok=True)
    chosen = SCENARIOS[ZONE]
    names = [n for n in chosen if not WANTED or n in WANTED]
    print(json.dumps({"zone": ZONE, "anki": buildinfo.version, "scenarios": [chosen[n]() for n in names]}))


if __name__ == "__main__":
    main()
