#!/usr/bin/env python3
"""A year of state beside a benchmark deck.

usage: gen_year.py DECK_IN DECK_OUT STATE_DIR --today YYYY-MM-DD [--items N]

Writes DECK_OUT: DECK_IN with N more recall items (default 10,000), due one every 53 minutes over
the year before TODAY (Asia/Tokyo), all still open; and STATE_DIR/ledger.json: a year of
delivered reminders, as `run` records them: the daily reminder of every day of that year at
08:00, and each recall item delivered with the others due within its 4 hours. Deterministic.
"""

import argparse
import datetime as dt
import json
import os

ZONE = dt.timezone(dt.timedelta(hours=9))


def stamp(t):
    return t.isoformat(timespec="seconds")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("deck_in")
    parser.add_argument("deck_out")
    parser.add_argument("state_dir")
    parser.add_argument("--today", required=True)
    parser.add_argument("--items", type=int, default=10_000)
    args = parser.parse_args()
    today = dt.datetime.fromisoformat(args.today + "T00:00:00").replace(tzinfo=ZONE)
    start = today - dt.timedelta(days=365)
    with open(args.deck_in) as f:
        deck = json.load(f)
    items = [
        {"id": f"year-{i:05d}", "topic": f"〜 topic {i}", "dueAt": stamp(start + dt.timedelta(minutes=53 * i))}
        for i in range(args.items)
    ]
    deck["recalls"] = items + deck.get("recalls", [])
    tmp = args.deck_out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(deck, f, ensure_ascii=False, separators=(",", ":"))
    os.replace(tmp, args.deck_out)

    delivered = []
    for day in range(365):
        at = start + dt.timedelta(days=day, hours=8)
        delivered.append({"at": stamp(at), "body": "", "channel": "popup", "id": f"daily:{at.date()}",
                          "onScreen": False, "recallItems": [], "title": "Today's reviews: 20 cards"})
    group = []
    for item in items:
        due = dt.datetime.fromisoformat(item["dueAt"])
        if group and due - dt.datetime.fromisoformat(group[0]["dueAt"]) > dt.timedelta(hours=4):
            delivered.append(entry(group))
            group = []
        group.append(item)
    if group:
        delivered.append(entry(group))
    os.makedirs(args.state_dir, exist_ok=True)
    with open(os.path.join(args.state_dir, "ledger.json"), "w") as f:
        json.dump({"delivered": delivered, "held": {}, "version": 1}, f, ensure_ascii=False)


def entry(group):
    at = dt.datetime.fromisoformat(group[-1]["dueAt"])
    return {"at": stamp(at), "body": "\n".join(i["topic"] for i in group), "channel": "popup",
            "id": "recall:" + group[0]["id"], "onScreen": False, "recallItems": [i["id"] for i in group],
            "title": f"Time to recall: {len(group)} topics"}


if __name__ == "__main__":
    main()
