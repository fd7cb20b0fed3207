#!/usr/bin/env python3
"""Generate a large synthetic `reminders` deck for benchmarks.

usage: gen_deck.py N OUTPUT_JSON [--today YYYY-MM-DD] [--seed S] [--answers M] [--answer-days D]
                   [--focus K]

Writes {"version": 1, "cards": [...], "recalls": [...], "reviewLog": [...]} as compact JSON
(no spaces, keys in sorted order within each object), streamed to the file in chunks, so memory
stays small even for N = 1,000,000. Deterministic for a given N, today and seed.

  * N cards: UUID ids, Japanese/English fronts and backs of 5–30 characters, 8 collections,
    stepIndex 0–6, nextReviewDate spread over today-10 … today+30, createdAt in the past.
    ~85% were reviewed: lastReviewedAt (today-40 … today) is T[stepIndex] days before
    nextReviewDate (1 day at step 0, a wrong answer); cards due further out are on higher steps. ~15% are new: step 0, no lastReviewedAt,
    due on the day they were added (today-10 … today-1). A note on ~15%, a tag on ~20%.
  * reviewLog: M answers (default N // 5) over the last D days (default 60: today-60 … today-1), in
    time order.
  * --fsrs: every reviewed card also has an FSRS state (`fsrs`: in review, due on its
    nextReviewDate, random stability and difficulty), as a deck scheduled by FSRS holds.
  * focusLog: K focus phases (default none: no `focusLog` key) of 5–50 minutes over the same days.
  * recalls: 50 items due over the next 2 days (from today 00:00).
All times are RFC 3339 with the +09:00 offset (Asia/Tokyo); --today defaults to today in Tokyo.
"""

import argparse
import datetime as dt
import json
import os
import random
import sys

LADDER = [0, 1, 2, 4, 7, 15, 30]
OFFSET = "+09:00"
ZONE = dt.timezone(dt.timedelta(hours=9))
CHUNK = 10_000
RECALLS = 50
MASK122 = (1 << 122) - 1
MUL = 0x2D3E_1F5B_7A9C_4E81_B6D2_93F7_C1A5_E4B3 & MASK122 | 1  # odd: a bijection mod 2^122

COLLECTIONS = ["JLPT N5", "JLPT N4", "JLPT N3", "JLPT N2", "TOEIC", "漢字", "Phrases", "Business English"]
# Collections whose fronts are English (backs Japanese); the rest are Japanese fronts.
ENGLISH_FRONT = {"TOEIC", "Business English"}

JA_WORDS = (
    "食べる 飲む 行く 来る 見る 聞く 話す 読む 書く 買う 会う 待つ 起きる 寝る 帰る 休む 働く 勉強 学校 先生 "
    "友達 家族 天気 電車 新聞 電話 部屋 時間 毎日 言葉 名前 病院 予定 約束 経験 習慣 準備 説明 相談 連絡 失敗 "
    "安心 心配 趣味 空港 会議 社長 工場 研究 技術 世界 生活 季節 景色 台風 地震 交通 危ない 厳しい 珍しい 正しい "
    "優しい 丁寧 特別 大切 必要 簡単 複雑 十分 急に 請求書 領収書 見積もり 締め切り 予算 売上 経費 利益 株主 本社 "
    "支店 子会社 同僚 上司 応募者 履歴書 求人 昇進 異動 議題 議事録 出席者 延期 旅程 予約 保証 在庫 出荷 配達 商品 "
    "苦情 返金 割引 調査 広告 契約 交渉 合併 資産 負債 監査 年度 四半期 予測 承認 提出 たべる のむ いく みる きく "
    "はなす よむ かく かう あう まつ おきる ねる かえる やすむ はたらく べんきょう がっこう せんせい ともだち"
).split()
EN_WORDS = (
    "to eat; to drink; to go; to come; to see; to hear; to speak; to read; to write; to buy; to meet; "
    "to wait; to get up; to sleep; to go home; to rest; to work; study; school; teacher; friend; family; "
    "weather; train; newspaper; telephone; room; time; every day; word; name; hospital; plan; promise; "
    "experience; habit; preparation; explanation; consultation; contact; failure; relief; worry; hobby; "
    "airport; meeting; company president; factory; research; technology; world; daily life; season; "
    "scenery; typhoon; earthquake; traffic; dangerous; strict; rare; correct; kind; polite; special; "
    "important; necessary; simple; complicated; enough; suddenly; invoice; receipt; estimate; deadline; "
    "budget; revenue; expense; profit; shareholder; headquarters; branch office; subsidiary; colleague; "
    "supervisor; applicant; résumé; job opening; promotion; transfer; agenda; minutes; attendee; postpone; "
    "itinerary; reservation; warranty; inventory; shipment; delivery; merchandise; complaint; refund; "
    "discount; survey; advertisement; contract; negotiate; merger; asset; liability; audit; fiscal year; "
    "quarter; forecast; approve; submit; on behalf of; in advance; out of stock; take over; comply with"
).split("; ")
NOTES = [
    "Irregular verb",
    "Transitive; the intransitive pair differs",
    "Often written in kana",
    "Formal; used in business e-mail",
    "Na-adjective",
    "Don't confuse with a similar-looking kanji",
    'Common in set phrases, e.g. "in advance of"',
    "Used with を",
    "Counter word follows",
    "Appears often in Part 5 & Part 6",
]
TAGS = ['["verb"]', '["noun"]', '["adjective"]', '["business"]', '["leech"]']


def make_text(rng, words, sep, lo=5, hi=30):
    """Joins random words until the text is lo..hi characters long."""
    while True:
        text = rng.choice(words)
        while len(text) < lo:
            text += sep + rng.choice(words)
        while rng.random() < 0.35:
            longer = text + sep + rng.choice(words)
            if len(longer) > hi:
                break
            text = longer
        if lo <= len(text) <= hi:
            return text


def make_pool(rng, words, sep, size):
    """Up to `size` distinct texts."""
    seen, out = set(), []
    attempts = 0
    while len(out) < size and attempts < size * 20:
        attempts += 1
        text = make_text(rng, words, sep)
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def card_id(i):
    """A deterministic, unique, version-4-shaped UUID for index i (a bijection on 122 bits)."""
    x = (i + 0x5EED) & MASK122
    x ^= x >> 61
    x = (x * MUL) & MASK122
    x ^= x >> 59
    x = (x * MUL) & MASK122
    h = "%031x" % (x >> 2)  # 120 bits as 30 hex digits, padded to 31 (the top digit is 0)
    low2 = x & 3
    # Layout: 8-4-"4"+3-[89ab]+3-12; the two remaining bits pick the variant digit.
    return "%s-%s-4%s-%s%s-%s" % (h[1:9], h[9:13], h[13:16], "89ab"[low2], h[16:19], h[19:31])


def main():
    parser = argparse.ArgumentParser(description="Generate a synthetic reminders deck.")
    parser.add_argument("n", metavar="N", type=int)
    parser.add_argument("output", metavar="OUTPUT_JSON")
    parser.add_argument("--today", metavar="YYYY-MM-DD", help="default: today in Asia/Tokyo")
    parser.add_argument("--seed", type=int, default=1121)
    parser.add_argument("--answers", type=int, help="answers in the review log (default: N // 5)")
    parser.add_argument("--answer-days", type=int, default=60, help="days back the answers reach (default 60)")
    parser.add_argument("--focus", type=int, default=0, help="focus phases in a focusLog (default: none)")
    parser.add_argument("--fsrs", action="store_true",
                        help="give every reviewed card an FSRS state in review, due on its nextReviewDate")
    args = parser.parse_args()
    if args.n < 0:
        parser.error("N must be >= 0")
    if args.today:
        try:
            today = dt.date.fromisoformat(args.today)
        except ValueError:
            parser.error(f"--today: expected YYYY-MM-DD, got {args.today!r}")
    else:
        today = dt.datetime.now(ZONE).date()

    n = args.n
    rng = random.Random(args.seed)
    enc = lambda s: json.dumps(s, ensure_ascii=False)  # noqa: E731

    ja_texts = make_pool(rng, JA_WORDS, "・", 20_000)
    en_texts = make_pool(rng, EN_WORDS, ", ", 20_000)
    ja_pool = [enc(t) for t in ja_texts]
    en_pool = [enc(t) for t in en_texts]
    coll_enc = [enc(c) for c in COLLECTIONS]
    coll_en = [c in ENGLISH_FRONT for c in COLLECTIONS]
    note_enc = [enc(t) for t in NOTES]

    if args.answer_days < 1 or args.answer_days > 800:
        parser.error("--answer-days must be from 1 to 800")
    span = args.answer_days
    # Day strings for offsets -800 … +40 from today; index with (offset + BASE).
    base = 800
    days = [(today + dt.timedelta(days=k - base)).isoformat() for k in range(base + 41)]
    clock = ["%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60) for s in range(86400)]

    # Steps a card due on day offset k can be at, if its last answer was today or earlier.
    steps_for = {k: [s for s in range(7) if k - (LADDER[s] if s else 1) <= 0] for k in range(-10, 31)}

    rand = rng.random
    randrange = rng.randrange
    nj, ne, nc, nn, nt = len(ja_pool), len(en_pool), len(COLLECTIONS), len(note_enc), len(TAGS)

    out_dir = os.path.dirname(os.path.abspath(args.output))
    tmp = os.path.join(out_dir, f".{os.path.basename(args.output)}.tmp{os.getpid()}")
    with open(tmp, "w", encoding="utf-8", buffering=1 << 20) as f:
        f.write('{"cards":[')
        for start in range(0, n, CHUNK):
            parts = []
            for i in range(start, min(n, start + CHUNK)):
                c = randrange(nc)
                if coll_en[c]:
                    front, back = en_pool[randrange(ne)], ja_pool[randrange(nj)]
                else:
                    front, back = ja_pool[randrange(nj)], en_pool[randrange(ne)]
                if rand() < 0.85:
                    # Reviewed: due on a day spread evenly over today-10 … today+30, last answered
                    # `interval` days before that (a wrong answer at step 0: the day before), on a
                    # step whose interval puts that answer today or earlier.
                    nxt = randrange(-10, 31)
                    steps = steps_for[nxt]
                    step = steps[randrange(len(steps))]
                    last = nxt - (LADDER[step] if step else 1)
                    created = last - randrange(1, 400)
                    when = "%sT%s%s" % (days[last + base], clock[randrange(25200, 82800)], OFFSET)
                    lr = ',"lastReviewedAt":"%s"' % when
                    if args.fsrs:
                        lr += (',"fsrs":{"difficulty":%.6f,"due":"%sT%s%s","lastReview":"%s",'
                               '"stability":%.6f,"state":"review"}'
                               % (1 + 9 * rand(), days[nxt + base], clock[randrange(86400)], OFFSET, when,
                                  0.5 + 60 * rand()))
                else:
                    # New, never reviewed: step 0, due on the day it was added.
                    step = 0
                    nxt = created = -randrange(1, 11)
                    lr = ""
                note = ',"note":%s' % note_enc[randrange(nn)] if rand() < 0.15 else ""
                tags = TAGS[randrange(nt)] if rand() < 0.2 else "[]"
                parts.append(
                    '{"back":%s,"collection":%s,"createdAt":"%sT%s%s","front":%s,"id":"%s"%s,'
                    '"nextReviewDate":"%s"%s,"stepIndex":%d,"tags":%s}'
                    % (back, coll_enc[c], days[created + base], clock[randrange(86400)], OFFSET, front,
                       card_id(i), lr, days[nxt + base], note, step, tags)
                )
            if start:
                f.write(",")
            f.write(",".join(parts))
        f.write('],"recalls":[')

        parts = []
        for j in range(RECALLS):
            s = randrange(2 * 86400)
            pool = en_pool if rand() < 0.5 else ja_pool
            topic = pool[randrange(len(pool))]
            note = ',"note":%s' % note_enc[randrange(nn)] if j % 5 == 0 else ""
            parts.append(
                '{"dueAt":"%sT%s%s","id":"%s"%s,"topic":%s}'
                % (days[s // 86400 + base], clock[s % 86400], OFFSET, card_id(n + j), note, topic)
            )
        f.write(",".join(parts))
        f.write('],"reviewLog":[')

        # M answers between today-D 00:00 and today-1 23:59:59, in time order.
        entries = n // 5 if args.answers is None else args.answers
        if entries and n:
            moments = sorted(randrange(span * 86400) for _ in range(entries))
            for start in range(0, entries, CHUNK):
                parts = []
                for m in moments[start:start + CHUNK]:
                    parts.append(
                        '{"at":"%sT%s%s","cardId":"%s","correct":%s}'
                        % (days[m // 86400 - span + base], clock[m % 86400], OFFSET, card_id(randrange(n)),
                           "true" if rand() < 0.8 else "false")
                    )
                if start:
                    f.write(",")
                f.write(",".join(parts))
        f.write("]")
        if args.focus:
            phases = sorted(randrange(span * 86400) for _ in range(args.focus))
            f.write(',"focusLog":[')
            f.write(",".join(
                '{"completed":%s,"minutes":%d,"start":"%sT%s%s","task":"study"}'
                % ("true" if rand() < 0.9 else "false", randrange(5, 51), days[m // 86400 - span + base],
                   clock[m % 86400], OFFSET)
                for m in phases))
            f.write("]")
        f.write(',"version":1}\n')
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, args.output)


if __name__ == "__main__":
    main()
