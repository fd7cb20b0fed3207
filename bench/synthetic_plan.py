"""The synthetic reminders of `reminders-bench ical N`, rebuilt in Python for the comparison scripts.

Mirrors SyntheticPlan in Benchmarks/reminders-bench/main.swift and the texts of
Sources/RemindersCore/Texts.swift, so that every script renders the same events.
"""

import datetime
import os
import sys
import time

TOPICS = [
    "前置詞 in, on, at の使い分け; 例文つき",
    "take off / put on; phrasal verbs, part 2",
    "「経験」と「体験」の違い",
    'a backslash \\ and "quotes" in a topic',
    "不規則動詞 go-went-gone, see-saw-seen",
    "TOEIC Part 5: 品詞問題 🙂",
]

# 2026-11-21T08:00:00+09:00.
START = datetime.datetime(2026, 11, 20, 23, 0, 0, tzinfo=datetime.timezone.utc)
STAMP = START - datetime.timedelta(hours=2)
FIRST_DAY = datetime.date(2026, 11, 21)
CALENDAR_NAME = "reminders"
LANGUAGE = "ja"
CALENDAR_DESCRIPTION = "単語カードの復習リマインダー"


def daily_title(language, count):
    if language == "ja":
        return f"今日の復習 {count}枚"
    return f"Today's reviews: {count} {'card' if count == 1 else 'cards'}"


def daily_body(language, collections, streak):
    ordered = sorted(collections.items(), key=lambda item: (-item[1], item[0]))
    sentences = []
    if len(collections) > 1:
        if language == "ja":
            sentences.append("、".join(f"{name} {n}枚" for name, n in ordered) + "。")
        else:
            sentences.append(", ".join(f"{name}: {n}" for name, n in ordered) + ".")
    if language == "ja":
        sentences.append("今日から連続記録を始めましょう。" if streak == 0 else f"連続記録 {streak}日。")
    elif streak == 0:
        sentences.append("Start a new streak today.")
    else:
        sentences.append(f"Streak: {streak} {'day' if streak == 1 else 'days'}.")
    return ("" if language == "ja" else " ").join(sentences)


def recall_title(language, topics):
    if language == "ja":
        return f"思い出す時間です: {topics[0]}" if len(topics) == 1 else f"思い出す時間です: {len(topics)}件"
    return f"Time to recall: {topics[0]}" if len(topics) == 1 else f"Time to recall: {len(topics)} topics"


def recall_body(language, topics):
    if len(topics) == 1:
        return "見ないで思い出せますか。" if language == "ja" else "Can you recall it without looking?"
    return "\n".join(f"{index + 1}. {topic}" for index, topic in enumerate(topics))


def reminders(count):
    """(id, kind, fire_at, title, body) for each of `count` reminders."""
    out = []
    for i in range(count):
        language = "ja" if i % 2 == 0 else "en"
        fire_at = START + datetime.timedelta(seconds=600 * i)
        if i % 5 == 0:
            collections = {"TOEIC": i % 37 + 1, "JLPT": i % 11 + 1}
            due = sum(collections.values())
            day = FIRST_DAY + datetime.timedelta(days=i // 5)
            out.append(
                (
                    f"daily:{day.isoformat()}",
                    "daily-review",
                    fire_at,
                    daily_title(language, due),
                    daily_body(language, collections, i % 30),
                )
            )
        else:
            chosen = [TOPICS[(i + k) % len(TOPICS)] for k in range(i % 3 + 1)]
            item_id = "00000000-0000-4000-8000-" + str(i).zfill(12)
            out.append(
                (f"recall:{item_id}", "recall", fire_at, recall_title(language, chosen), recall_body(language, chosen))
            )
    return out


def uid(reminder_id):
    """The UID rule of ICalendarFeed.uid(for:)."""
    kind, sep, rest = reminder_id.partition(":")
    keep = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")

    def encode(text):
        return "".join(chr(b) if b in keep else f"%{b:02X}" for b in text.encode("utf-8"))

    return encode(kind) + ("-" if sep else "") + encode(rest) + "@reminders"


def timed_main(argv, render):
    """`SCRIPT N OUTPUT`: renders the N reminders with `render`, writes OUTPUT, and prints the
    seconds that took as `seconds=…`. The same measurement for every comparison script."""
    if len(argv) != 3 or not argv[1].isdigit():
        print(f"usage: {os.path.basename(argv[0])} N OUTPUT", file=sys.stderr)
        return 64
    items = reminders(int(argv[1]))
    started = time.perf_counter()
    data = render(items)
    with open(argv[2], "wb") as handle:
        handle.write(data)
    print(f"seconds={time.perf_counter() - started:.6f}")
    return 0
