#!/usr/bin/env python3
"""Anki's own "Notes in Plain Text" export, made by the real Anki library.

usage: export_notes.py FOLDER

Run by the venv's python (where `make deps` installs the PyPI package `anki`). Builds a
collection in FOLDER with three Basic notes in the deck "日本語::JLPT N5" (markup, an entity, a
quote, a tab and a line break among their fields), then exports them four ways, with and without
HTML, with and without the deck, note type, GUID and tags columns, as Anki's export dialog does.
Prints one JSON object: {"anki": VERSION, "files": {"html-full": PATH, ...}}.
"""

import json
import os
import sys

import anki
from anki.collection import Collection, DeckIdLimit

folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
col = Collection(os.path.join(folder, "collection.anki2"))
deck = col.decks.id("日本語::JLPT N5")
basic = col.models.by_name("Basic")
for front, back in [
    ("食べる", "to eat<br>(verb)"),
    ("猫 &amp; 犬", "cat &amp; dog"),
    ('say "hi"\tnow', "line1\nline2"),
]:
    note = col.new_note(basic)
    note["Front"] = front
    note["Back"] = back
    note.tags = ["jlpt", "n5"]
    col.add_note(note, deck)
files = {}
for html in (True, False):
    for full in (True, False):
        name = ("html" if html else "plain") + ("-full" if full else "")
        path = os.path.join(folder, name + ".txt")
        col.export_note_csv(
            out_path=path, limit=DeckIdLimit(deck), with_html=html, with_tags=full, with_deck=full,
            with_notetype=full, with_guid=full)
        files[name] = path
col.close()
print(json.dumps({"anki": anki.version if hasattr(anki, "version") else "", "files": files}))
