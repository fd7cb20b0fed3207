import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// The fold that rewrites only what the journal changed (docs/files.md): on a deck this program
/// wrote, byte for byte what a decode, apply and encode of the whole deck writes; on a deck
/// edited by hand, the same deck, with the untouched cards as they were written.
@Suite struct DeckFoldTests {
  let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  let t0 = Timestamp.parse("2026-11-21T09:00:00+09:00")!

  /// A deterministic generator (RemindersCore's SplitMix), so that a failing seed can be run again.
  typealias Seeded = SplitMix

  /// A deck of `count` cards with every kind of field: collections, notes, tags, FSRS states,
  /// fields this version does not model (on cards, recall items, early log entries and the top
  /// level), suspended cards, strings that need escapes.
  func deck(_ count: Int, _ g: inout Seeded, folded: String? = nil) -> StoredDeck {
    var stored = StoredDeck()
    let day = Day(iso: "2026-11-21")!
    for i in 0..<count {
      let reviewed = Bool.random(using: &g)
      var card = Card(
        id: "card-\(i)", front: i % 7 == 0 ? "引用 \"\(i)\"\n改行" : "表 \(i)", back: "back \(i)\t",
        collection: i % 3 == 0 ? nil : "JLPT N\(i % 5)", note: i % 4 == 0 ? "note \(i)" : nil,
        tags: i % 5 == 0 ? ["a", "b\(i)"] : [], stepIndex: Int.random(in: 0...6, using: &g),
        nextReviewDate: day.adding(days: Int.random(in: -5...20, using: &g)),
        createdAt: t0.addingTimeInterval(-86400 * 30), suspended: i % 11 == 10)
      if reviewed {
        card.lastReviewedAt = t0.addingTimeInterval(-86400 * Double(Int.random(in: 1...9, using: &g)))
      }
      if i % 6 == 1 {
        card.fsrs = FSRSCard(
          state: .review, step: nil, stability: 3.25, difficulty: 5.5, due: t0.addingTimeInterval(86400),
          lastReview: t0.addingTimeInterval(-86400))
      }
      stored.deck.cards.append(card)
      if i % 9 == 2 { stored.extras.cards[card.id] = ["x-future": .array([.number("1.50"), .null])] }
    }
    for i in 0..<4 {
      let item = RecallItem(
        id: "recall-\(i)", topic: "表 \(i)", dueAt: t0.addingTimeInterval(3600 * Double(i)),
        cardID: "card-\(i * 2)", doneAt: i == 3 ? t0 : nil)
      stored.deck.recalls.append(item)
      if i == 1 { stored.extras.recalls[item.id] = ["x-kept": .string("yes")] }
    }
    for i in 0..<(count / 2) {
      let at = t0.addingTimeInterval(-3600 * Double(count - i))
      stored.deck.reviewLog.append(
        ReviewEntry(
          cardID: "card-\(Int.random(in: 0..<count, using: &g))", at: at,
          rating: FSRSRating.allCases.randomElement(using: &g)!, relearn: i % 13 == 12))
    }
    // Fields not modelled on a log entry are kept by position: only on entries no undo reaches.
    stored.extras.reviewLog[0] = ["x-device": .string("phone")]
    stored.extras.root["focusLog"] = .array([])
    stored.extras.root["zzz-future"] = .object(["n": .number("7")])
    if let folded { stored.extras.root[DeckJournal.foldedKey] = .string(folded) }
    return stored
  }

  /// Journal lines as a session writes them: answers of every kind (some to a card no longer in
  /// the deck), undos of answers in the journal and of answers already in the file, recall items
  /// set.
  func lines(for stored: StoredDeck, _ g: inout Seeded) -> [(id: String, change: DeckJournal.Change)] {
    var deck = stored.deck
    var lines: [(id: String, change: DeckJournal.Change)] = []
    var outcomes: [Deck.AnswerOutcome] = []
    let day = Day(iso: "2026-11-21")!
    for n in 0..<Int.random(in: 1...30, using: &g) {
      let at = t0.addingTimeInterval(60 * Double(n + 1))
      let id = "line-\(lines.count)"
      switch Int.random(in: 0..<14, using: &g) {
      case 0..<6:
        let index = Int.random(in: 0..<deck.cards.count, using: &g)
        let rating = FSRSRating.allCases.randomElement(using: &g)!
        let kind: AnswerKind = [.scheduling, .scheduling, .relearn, .early].randomElement(using: &g)!
        let outcome = deck.answer(
          cardAt: index, rating: rating, at: at, move: .ladder(today: day), recallAfterWrong: 600,
          recallID: "r-\(id)", kind: kind)
        outcomes.append(outcome)
        lines.append(
          (
            id,
            .answer(
              cardID: deck.cards[index].id, correct: rating != .again, at: at, day: day,
              recallAfterWrong: 600,
              recallID: "r-\(id)", kind: kind, rating: rating == .hard || rating == .easy ? rating : nil)
          ))
      case 6:
        lines.append(
          (
            id,
            .answer(
              cardID: "gone-\(n)", correct: true, at: at, day: day, recallAfterWrong: nil, recallID: "r-\(id)"
            )
          ))
      case 7:
        guard let outcome = outcomes.popLast() else { continue }
        deck.undo(outcome)
        lines.append(
          (
            id,
            .undo(
              previous: outcome.previous, entry: outcome.entry, recallAdded: outcome.recall?.id,
              completed: outcome.completed)
          ))
      case 8:
        // An answer already in the file taken back (a fold came between it and its undo).
        guard let entry = deck.reviewLog.dropFirst().last,
          let card = deck.cards.first(where: { $0.id == entry.cardID })
        else { continue }
        var previous = card
        previous.stepIndex = 0
        deck.undo(previous: previous, entry: entry, recallAdded: nil, completed: [])
        lines.append((id, .undo(previous: previous, entry: entry, recallAdded: nil, completed: [])))
      case 9:
        var items = deck.recalls
        if !items.isEmpty { items[0].doneAt = at }
        deck.setRecalls(items)
        lines.append((id, .recalls(items)))
      case 10:
        // Cards added (`cards add`, an import), one of them maybe an id the deck holds.
        var cards = (0..<Int.random(in: 1...3, using: &g)).map { k in
          Card(
            id: "new-\(id)-\(k)", front: "新 \(k)", back: "new", collection: k == 0 ? nil : "JLPT N1",
            stepIndex: 0, nextReviewDate: day, createdAt: at)
        }
        if Bool.random(using: &g), let some = deck.cards.randomElement(using: &g) {
          var edited = some
          edited.back = "set again"
          cards.append(edited)
        }
        lines.append((id, .cards(cards)))
        for card in cards {
          if let i = deck.cards.firstIndex(where: { $0.id == card.id }) {
            deck.cards[i] = card
          } else {
            deck.cards.append(card)
          }
        }
      case 11:
        // A card edited or suspended.
        guard var card = deck.cards.randomElement(using: &g) else { continue }
        card.front = "直した \(n)"
        card.suspended.toggle()
        card.note = Bool.random(using: &g) ? nil : "メモ"
        lines.append((id, .cards([card])))
        deck.cards[deck.cards.firstIndex(where: { $0.id == card.id })!] = card
      default:
        // Cards removed (with their open recall items), and a recall item; now and then one
        // the deck no longer holds.
        guard deck.cards.count > 1 else { continue }
        var gone = [deck.cards.randomElement(using: &g)!.id]
        if Bool.random(using: &g) { gone.append("never-\(n)") }
        let recalls = deck.recalls.randomElement(using: &g).map { [$0.id] } ?? []
        lines.append((id, .remove(cards: gone, recalls: recalls)))
        for card in gone {
          deck.cards.removeAll { $0.id == card }
          deck.dropOpenRecalls(of: card)
        }
        deck.recalls.removeAll { recalls.contains($0.id) }
      }
    }
    return lines
  }

  /// The fold of a whole deck, as a command that changes the deck writes it.
  func wholeFold(_ bytes: [UInt8], _ lines: [(id: String, change: DeckJournal.Change)]) throws -> [UInt8] {
    var stored = try DeckCodec.decode(bytes, path: "deck.json")
    DeckJournal.apply(lines, to: &stored)
    if let last = lines.last { stored.extras.root[DeckJournal.foldedKey] = .string(last.id) }
    return DeckCodec.encode(stored, clock: tokyo)
  }

  @Test(arguments: 0..<200)
  func aFoldWritesWhatAWholeRewriteWrites(seed: UInt64) throws {
    var g = Seeded(seed: seed)
    let stored = deck(Int.random(in: 1...60, using: &g), &g, folded: seed % 3 == 0 ? "earlier" : nil)
    let bytes = DeckCodec.encode(stored, clock: tokyo)
    let lines = lines(for: stored, &g)
    let folded = try DeckFold.fold(bytes, lines: lines, path: "deck.json", clock: tokyo)
    let expected = try wholeFold(bytes, lines)
    #expect(
      String(decoding: folded ?? bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
      "seed \(seed)")
  }

  /// Lines a fold already wrote (the deck names the last) change nothing again; a journal cut
  /// short applies only the lines after the one named.
  @Test func linesFoldedAlreadyAreNotAppliedTwice() throws {
    var g = Seeded(seed: 99)
    let stored = deck(20, &g)
    let lines = lines(for: stored, &g)
    let once = try #require(
      try DeckFold.fold(DeckCodec.encode(stored, clock: tokyo), lines: lines, path: "d", clock: tokyo))
    #expect(try DeckFold.fold(once, lines: lines, path: "d", clock: tokyo) == nil)
    // Cut short: the deck names a line in the middle; the lines after it are applied once.
    let middle = lines.count / 2
    let half = try DeckFold.fold(
      DeckCodec.encode(stored, clock: tokyo), lines: Array(lines[...middle]), path: "d", clock: tokyo)
    let rest = try DeckFold.fold(
      half ?? DeckCodec.encode(stored, clock: tokyo), lines: lines, path: "d", clock: tokyo)
    #expect(
      (rest ?? half).map { String(decoding: $0, as: UTF8.self) } == String(decoding: once, as: UTF8.self))
  }

  /// A deck laid out by hand (another indentation, keys in another order, no recall or log keys,
  /// an escape the writer would not write): the fold gives the deck a whole rewrite gives, and
  /// the cards no line touched keep their bytes.
  @Test func aDeckEditedByHandKeepsItsUntouchedCards() throws {
    let text = """
      {"version":1,
        "cards":[
          {"front":"\\u98df\\u3079\\u308b","id":"a","back":"to eat","stepIndex":1,
           "nextReviewDate":"2026-11-20","createdAt":"2026-11-01T09:00:00+09:00"},
          {"id":"b","front":"invoice","back":"請求書","stepIndex":0,"nextReviewDate":"2026-11-21",
           "createdAt":"2026-11-01T09:00:00+09:00", "mine": {"kept": true}}
        ]
      }
      """
    let bytes = Array(text.utf8)
    let day = Day(iso: "2026-11-21")!
    let lines: [(id: String, change: DeckJournal.Change)] = [
      ("l1", .answer(cardID: "b", correct: false, at: t0, day: day, recallAfterWrong: 600, recallID: "r1"))
    ]
    let folded = try #require(try DeckFold.fold(bytes, lines: lines, path: "d", clock: tokyo))
    #expect(try DeckCodec.decode(folded, path: "d") == DeckCodec.decode(wholeFold(bytes, lines), path: "d"))
    let out = String(decoding: folded, as: UTF8.self)
    #expect(out.contains(#"{"front":"\u98df\u3079\u308b","id":"a","back":"to eat","stepIndex":1,"#))
    #expect(out.contains(#""mine": {"kept": true}"#))
    let stored = try DeckCodec.decode(folded, path: "d")
    #expect(stored.deck.reviewLog.count == 1 && stored.deck.recalls.map(\.id) == ["r1"])
    #expect(stored.extras.root[DeckJournal.foldedKey] == .string("l1"))
  }

  /// Nothing to change (an answer to a card that is gone, the deck naming it already): no write.
  @Test func aFoldThatChangesNothingWritesNothing() throws {
    var g = Seeded(seed: 5)
    let bytes = DeckCodec.encode(deck(5, &g, folded: "l1"), clock: tokyo)
    let lines: [(id: String, change: DeckJournal.Change)] = [
      (
        "l1",
        .answer(
          cardID: "gone", correct: true, at: t0, day: Day(iso: "2026-11-21")!, recallAfterWrong: nil,
          recallID: "r")
      )
    ]
    #expect(try DeckFold.fold(bytes, lines: lines, path: "d", clock: tokyo) == nil)
  }

  /// A deck that does not parse is refused as a decode refuses it, and never written.
  @Test(arguments: [
    #"{"version": 1, "cards": [{"id": "a"}]}"#,
    #"{"version": 1, "cards": [], "reviewLog": [{"cardId": "a", "at": "yesterday", "correct": true}]}"#,
    #"{"version": 2, "cards": []}"#,
    #"{"version": 1, "cards": [], "focusLog": [1, }"#,
  ])
  func aBrokenDeckIsRefusedAsADecodeRefusesIt(text: String) throws {
    let bytes = Array(text.utf8)
    let lines: [(id: String, change: DeckJournal.Change)] = [
      (
        "l1",
        .answer(
          cardID: "a", correct: true, at: t0, day: Day(iso: "2026-11-21")!, recallAfterWrong: nil,
          recallID: "r")
      )
    ]
    var decodeError: (any Error)?
    do { _ = try DeckCodec.decode(bytes, path: "deck.json") } catch { decodeError = error }
    var foldError: (any Error)?
    do { _ = try DeckFold.fold(bytes, lines: lines, path: "deck.json", clock: tokyo) } catch {
      foldError = error
    }
    let expected = try #require(decodeError as? StoreError)
    #expect(foldError as? StoreError == expected)
  }

  /// Through the store: a session's journal folded into a deck file, the journal gone, and the
  /// deck the readers saw before the fold.
  @Test func theStoreFoldsBySplicing() throws {
    let dir = try TemporaryFolder.make("reminders-fold")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    var g = Seeded(seed: 11)
    let stored = deck(30, &g)
    try FileIO.writeAtomically(DeckCodec.encode(stored, clock: tokyo), to: store.path)
    let lines = lines(for: stored, &g)
    for (_, change) in lines { try store.append(change, clock: tokyo) }
    let seen = try store.load()
    #expect(try store.foldJournal(clock: tokyo))
    #expect(!FileManager.default.fileExists(atPath: store.journal.path))
    let after = try DeckCodec.decode(FileIO.read(store.path)!, path: "d")
    #expect(after.deck == seen.deck)
    #expect(after.extras.cards == seen.extras.cards && after.extras.recalls == seen.extras.recalls)
  }
}
