import Foundation
import RemindersCore
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// Every change to the deck is one line of its journal (docs/files.md): random sequences of
/// changes (add, edit, remove, suspend, answer, import, recall items) made through the journal
/// give the same deck, the same plan and the same counts as the same changes made by rewriting
/// the whole deck, with folds at random moments between them; and once folded, the same bytes.
@Suite struct DeckChangeTests {
  static let t0 = Date(timeIntervalSince1970: 1_795_734_000)

  /// A deck to start from: cards in two collections, some due, one suspended, a recall item.
  static func start() -> Deck {
    let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
    var deck = Deck()
    for i in 0..<12 {
      var card = ReviewLadder.newCard(
        id: "c\(i)-0000-4000-8000-00000000000\(i % 10)", front: "語\(i)", back: "word \(i)",
        collection: i % 3 == 0 ? nil : (i % 3 == 1 ? "JLPT N5" : "TOEIC"),
        at: t0.addingTimeInterval(-86400 * Double(i)), clock: clock)
      card.stepIndex = i % 4
      card.nextReviewDate = clock.day(of: t0).adding(days: i % 5 - 2)
      card.suspended = i == 7
      deck.cards.append(card)
    }
    deck.recalls.append(
      RecallItem(id: "r-start", topic: "語1", dueAt: t0.addingTimeInterval(3600), cardID: deck.cards[1].id))
    return deck
  }

  /// The reference: the change made on the whole deck, under its lock, as every command made it
  /// before the journal took changes.
  static func rewrite(_ test: TestWorkspace, _ change: (inout Deck) -> Void) throws {
    try test.workspace.updateDeck { stored in change(&stored.deck) }
  }

  static func byID(_ id: String) -> DeckKeeper.Locate {
    { view in
      guard let card = try view.card(id: id) else { throw StoreError.locked(path: id, seconds: 0) }
      return card
    }
  }

  @Test(arguments: 0..<24)
  func changesThroughTheJournalAreChangesOfTheWholeDeck(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let fast = try TestWorkspace()
    let whole = try TestWorkspace()
    for test in [fast, whole] { try test.save(Self.start()) }
    let keeper = DeckKeeper(workspace: fast.workspace)
    let clock = fast.dayClock
    let scheduler = fast.workspace.configuration.studyScheduler
    let after = fast.workspace.configuration.schedule.recallAfterWrong
    var now = Self.t0
    var made = 0
    for step in 0..<40 {
      now = now.addingTimeInterval(Double(60 * (1 + Int(random.next() % 90))))
      let cards = try fast.deck().cards
      let some = cards.isEmpty ? nil : cards[Int(random.next() % UInt64(cards.count))]
      switch random.next() % 10 {
      case 0, 1:
        // A new card, now and then a front its collection holds (not added) or a collection
        // named in another case (the deck's own spelling).
        let front = random.next() % 3 == 0 ? (some?.front ?? "語0") : "新\(step)"
        let collection = ["JLPT N5", "jlpt n5", "TOEIC", nil][Int(random.next() % 4)]
        let added = try keeper.add(
          front: front, back: "b\(step)", collection: collection, note: step % 2 == 0 ? "n" : nil,
          tags: step % 3 == 0 ? ["t"] : [], duplicate: false, now: now)
        if case .added(let card) = added.value {
          try Self.rewrite(whole) { $0.cards.append(card) }
        } else {
          // Not added on the whole deck either: the same twin is there.
          let twins = try whole.deck().cards.filter {
            $0.front == front && $0.collection == (collection.flatMap { c in whole.deckCollection(c) } ?? nil)
          }
          #expect(!twins.isEmpty, "seed \(seed) step \(step)")
        }
      case 2:
        guard let card = some else { continue }
        let edited = try keeper.edit(
          Self.byID(card.id), back: "直 \(step)", collection: step % 2 == 0 ? "" : "TOEIC")
        try Self.rewrite(whole) { deck in
          let i = deck.cards.firstIndex { $0.id == card.id }!
          deck.cards[i].back = "直 \(step)"
          deck.cards[i].collection = step % 2 == 0 ? nil : (deck.collection(matching: "TOEIC") ?? "TOEIC")
        }
        #expect(edited.value.back == "直 \(step)")
      case 3:
        guard let card = some else { continue }
        let removed = try keeper.remove(Self.byID(card.id))
        var dropped = 0
        try Self.rewrite(whole) { deck in
          deck.cards.removeAll { $0.id == card.id }
          dropped = deck.dropOpenRecalls(of: card.id)
        }
        #expect(removed.recallsDropped == dropped, "seed \(seed) step \(step)")
      case 4:
        guard let card = some else { continue }
        let suspended = random.next() % 2 == 0
        _ = try keeper.setSuspended(suspended, Self.byID(card.id))
        try Self.rewrite(whole) { deck in
          deck.cards[deck.cards.firstIndex { $0.id == card.id }!].suspended = suspended
        }
      case 5, 6:
        guard let card = some else { continue }
        let rating = FSRSRating.allCases[Int(random.next() % 4)]
        let answered = try keeper.answer(Self.byID(card.id), rating: rating, now: now)
        try Self.rewrite(whole) { deck in
          let kind = AnswerKind.of(
            deck.cards.first { $0.id == card.id }!, at: now, clock: clock, scheduler: scheduler,
            inSession: false)
          _ = deck.answer(
            cardID: card.id, rating: rating, at: now, clock: clock, scheduler: scheduler,
            recallAfterWrong: after,
            recallID: answered.value.recall?.id ?? "none", kind: kind)
        }
      case 7:
        // An import: some rows the deck holds (skipped), one twice in the file.
        var rows = (0..<Int(1 + random.next() % 4)).map {
          CardTable.Row(line: $0 + 1, front: "取\(step)-\($0)", back: "w", collection: $0 == 0 ? "TOEIC" : nil)
        }
        if let some {
          rows.append(CardTable.Row(line: 9, front: some.front, back: some.back, collection: some.collection))
        }
        rows.append(rows[0])
        let ids = (0..<rows.count).map { String(format: "i%02d%02d-0000-4000-8000-000000000000", step, $0) }
        var next = 0
        let makeID = { () -> String in
          defer { next += 1 }
          return ids[next]
        }
        let outcome = try CardImport(workspace: fast.workspace, newID: makeID).add(
          rows, collection: nil, now: now)
        var wholeNext = 0
        var wholeOutcome = CardImport.Outcome(added: 0, skipped: 0)
        try Self.rewrite(whole) { deck in
          var seen = Set(deck.cards.map { CardTable.key($0.front, $0.back, $0.collection) })
          for row in rows {
            guard seen.insert(CardTable.key(row.front, row.back, row.collection)).inserted else {
              wholeOutcome.skipped += 1
              continue
            }
            var card = ReviewLadder.newCard(
              id: ids[wholeNext], front: row.front, back: row.back, collection: row.collection, at: now,
              clock: clock)
            wholeNext += 1
            card.note = row.note
            deck.cards.append(card)
            wholeOutcome.added += 1
          }
        }
        #expect(outcome == wholeOutcome, "seed \(seed) step \(step)")
      case 8:
        let item = try keeper.addRecall(topic: "思\(step)", note: nil, dueAt: now.addingTimeInterval(1800))
          .value
        try Self.rewrite(whole) { $0.recalls.append(item) }
      default:
        let recalls = try fast.deck().recalls
        guard !recalls.isEmpty else { continue }
        let item = recalls[Int(random.next() % UInt64(recalls.count))]
        if random.next() % 2 == 0 {
          _ = try keeper.finishRecall({ deck in deck.recalls.firstIndex { $0.id == item.id }! }, now: now)
          try Self.rewrite(whole) { deck in
            let i = deck.recalls.firstIndex { $0.id == item.id }!
            if deck.recalls[i].isOpen { deck.recalls[i].doneAt = now }
          }
        } else {
          _ = try keeper.removeRecall { deck in deck.recalls.firstIndex { $0.id == item.id }! }
          try Self.rewrite(whole) { $0.recalls.removeAll { $0.id == item.id } }
        }
      }
      made += 1
      // The minute job's fold, now and then.
      if random.next() % 4 == 0 { try fast.workspace.deckStore.foldJournal(clock: clock) }
      #expect(try fast.deck() == whole.deck(), "seed \(seed) step \(step)")
      let today = clock.day(of: now)
      let limits = fast.workspace.configuration.newCards
      let a = try fast.workspace.deckStore.planInput(clock: clock, limits: limits, today: today)
      let b = try whole.workspace.deckStore.planInput(clock: clock, limits: limits, today: today)
      #expect(a.dueIndex == b.dueIndex && a.recalls == b.recalls, "seed \(seed) step \(step)")
      #expect(a.dueIndex.due(on: today) == b.dueIndex.due(on: today), "seed \(seed) step \(step)")
    }
    #expect(made > 20)
    // Folded, the file is the very file the whole rewrites wrote.
    try fast.workspace.deckStore.foldJournal(clock: clock)
    try whole.workspace.deckStore.foldJournal(clock: clock)
    // (Less the key naming the last journal line folded: the whole rewrites had none.)
    let text = { (test: TestWorkspace) in
      String(decoding: try FileIO.read(test.workspace.paths.deck)!, as: UTF8.self).replacingOccurrences(
        of: ",\n  \"journalFolded\": \"[^\"]*\"", with: "", options: .regularExpression)
    }
    #expect(try text(fast) == text(whole), "seed \(seed)")
  }

  /// A change finds what the deck holds by its index (`deck-index` in the cache): made once,
  /// kept while the deck file is the same, made again at once when the minute job's fold writes
  /// the deck (a session's fold leaves it to the next change); one
  /// that lies about where the cards are is never believed.
  @Test func theIndexIsKeptAndNeverBelieved() throws {
    let test = try TestWorkspace()
    try test.save(Self.start())
    let keeper = DeckKeeper(workspace: test.workspace)
    let index = test.workspace.paths.cacheDir + "/deck-index"
    _ = try keeper.add(
      front: "一", back: "1", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    #expect(FileManager.default.fileExists(atPath: index))
    let kept = try FileIO.read(index)!
    _ = try keeper.add(
      front: "二", back: "2", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    #expect(try FileIO.read(index)! == kept)
    _ = try keeper.add(
      front: "三", back: "3", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    try test.workspace.deckStore.foldJournal(clock: test.dayClock)
    #expect(try FileIO.read(index)! == kept)
    _ = try keeper.add(
      front: "四", back: "4", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    #expect(try FileIO.read(index)! != kept)
    let remade = try FileIO.read(index)!
    _ = try keeper.add(
      front: "五", back: "5", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    try test.workspace.deckStore.foldJournal(clock: test.dayClock, refreshingIndex: true)
    #expect(try FileIO.read(index)! != remade)
    // Every place moved by 7 bytes: the cards found through it would be wrong; the change still
    // finds the right card, and the twin of a front.
    var forged = try FileIO.read(index)!
    let tables = (forged.firstIndex(of: 0x0A, after: DeckIndexMagic.length)! + 1 + 7) / 8 * 8
    for row in 0..<(forged.count - tables) / 56 {
      let at = tables + row * 32 + 16
      forged[at] = forged[at] &+ 7
    }
    try FileIO.writeAtomically(forged, to: index, links: .replace)
    let twin = try keeper.add(
      front: "語4", back: "x", collection: "JLPT N5", note: nil, tags: [], duplicate: false, now: Self.t0)
    guard case .duplicate(let card) = twin.value else {
      Issue.record("a twin added")
      return
    }
    #expect(card.id == Self.start().cards[4].id)
    #expect(try keeper.edit(Self.byID(card.id), back: "四").value.back == "四")
    #expect(try test.deck().cards[4].back == "四")
  }
}

extension TestWorkspace {
  /// The deck's own spelling of a collection.
  func deckCollection(_ name: String) -> String? {
    (try? deck()).flatMap { $0.collection(matching: name) } ?? name
  }
}

/// The index file's first line (`DeckIndex.magic`).
enum DeckIndexMagic {
  static let length = "reminders-deck-index-1\n".utf8.count
}

extension Array where Element == UInt8 {
  func firstIndex(of byte: UInt8, after start: Int) -> Int? { self[start...].firstIndex(of: byte) }
}
