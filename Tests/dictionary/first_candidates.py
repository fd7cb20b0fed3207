#!/usr/bin/env python3
"""The first candidate `reminders lookup` must give, read from EDICT independently.

usage: first_candidates.py EDICT_PATH EVERY ENGLISH_WORD...

Reads the dictionary as Debian installs it (EUC-JP, one entry a line: WORD [READING] /glosses/),
by Python's own codec, and prints a JSON list: for every EVERY-th common ((P)) headword, the
first sense of the first entry with that word or reading (common entries first, then in file
order), its glosses joined by "; "; and for each ENGLISH_WORD, the first Japanese word whose gloss
reads as it (lower case, no leading "to ", nothing from a parenthesis that ends it), ranked by
common first, then the sense, the gloss's place in it and the sense's number of glosses, then file
order.
"""
import json
import sys


def parse(line):
    slash = line.index("/")
    head = line[:slash].strip(" ")
    word, reading = head, None
    if "[" in head:
        word = head[:head.index("[")].strip(" ")
        reading = head[head.index("[") + 1:head.rindex("]")]
    common, senses = False, []
    for field in line[slash + 1:].split("/"):
        if not field:
            continue
        text, tags = field, []
        while text.startswith("(") and ")" in text and " " not in text[1:text.index(")")]:
            close = text.index(")")
            tags.append(text[1:close])
            text = text[close + 1:].lstrip(" ")
        if not text:
            if tags == ["P"]:
                common = True
            continue
        if text.startswith("EntL") and all(c.isdigit() or c == "X" for c in text[4:]):
            continue
        if any(all(c.isdigit() for c in tag) for tag in tags) or not senses:
            senses.append([])
        senses[-1].append(text)
    return word, reading, common, senses


def english_key(text):
    key = text.lower()
    if key.endswith(")") and "(" in key and key.index("(") > 0:
        key = key[:key.index("(")]
    key = key.lstrip(" ").rstrip(" ")
    return key[3:] if key.startswith("to ") else key


def main():
    path, every, english = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    with open(path, encoding="euc_jp") as f:
        lines = [line.rstrip("\n") for line in f]
    entries = [parse(line) for number, line in enumerate(lines) if not (number == 0 and line.startswith("　？？？"))]
    by_key = {}
    for order, (word, reading, common, senses) in enumerate(entries):
        for key in filter(None, {word, reading}):
            by_key.setdefault(key, []).append((0 if common else 1, order))
    out = []
    commons = [e for e in entries if e[2]]
    for word, _, _, _ in commons[::every]:
        if word in {w["word"] for w in out} or " " in word:
            continue
        # (An entry without a gloss, such as "４° [しど] /", offers nothing.)
        first = next((entries[order] for _, order in sorted(by_key[word]) if entries[order][3]), None)
        if first:
            out.append({"word": word, "first": "; ".join(first[3][0])})
    for query in english:
        wanted, best = english_key(query), None
        for order, (word, reading, common, senses) in enumerate(entries):
            seen = set()
            for sense, glosses in enumerate(senses):
                for place, gloss in enumerate(glosses):
                    key = english_key(gloss)
                    if not key or key in seen:
                        continue
                    seen.add(key)
                    if key == wanted:
                        rank = (0 if common else 1, min(sense, 127), min(place, 255), min(len(glosses), 255), order)
                        if best is None or rank < best[0]:
                            best = (rank, word)
        out.append({"word": query, "first": best[1] if best else None})
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
