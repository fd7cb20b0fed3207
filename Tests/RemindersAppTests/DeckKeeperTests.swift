import Foundation
import RemindersCore
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The deck's keeping (`DeckKeeper`): the changes the command line and the app both make.
@Suite struct DeckKeeperTests {
  static let t0 = Date(timeIntervalSince1970: 1_795_734_000)

  static func byID(_ id: String) -> DeckKeeper.Locate {
    { view in
      guard let card = try view.card(id: id) else { throw StoreError.locked(path: id, seconds: 0) }
      return card
    }
  }

  @Test func aFrontAlreadyInItsCollectionIsNotAddedTwice() throws {
    let test = try TestWorkspace()
    let keeper = DeckKeeper(workspace: test.workspace)
    let first = try keeper.add(
      front: "食べる", back: "to eat", collection: "JLPT N5", note: "", tags: ["verb"], duplicate: false,
      now: Self.t0)
    guard case .added(let card) = first.value else { Issue.record("not added"); return }
    #expect(card.note == nil)
    #expect(card.tags == ["verb"])
    #expect(card.nextReviewDate == test.dayClock.day(of: Self.t0))
    // Another case of the collection's name is the deck's own spelling; the front is a twin.
    let second = try keeper.add(
      front: "食べる", back: "eat", collection: "jlpt n5", note: nil, tags: [], duplicate: false, now: Self.t0)
    guard case .duplicate(let twin) = second.value else { Issue.record("added twice"); return }
    #expect(twin.id == card.id)
    let forced = try keeper.add(
      front: "食べる", back: "eat", collection: "jlpt n5", note: nil, tags: [], duplicate: true, now: Self.t0)
    guard case .added(let again) = forced.value else { Issue.record("--duplicate refused"); return }
    #expect(again.collection == "JLPT N5")
    #expect(try test.deck().cards.count == 2)
  }

  /// What a command prints of a new card's id (`IDPrefix.short` among the deck then) still names
  /// that one card after many more are added in the same second, by hand and by import.
  @Test func theIdsOfNewCardsStayUniqueAsTheDeckGrows() throws {
    let test = try TestWorkspace()
    let keeper = DeckKeeper(workspace: test.workspace)
    var printed: [(shown: String, id: String)] = []
    for i in 0..<40 {
      let added = try keeper.add(
        front: "語\(i)", back: "word", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
      guard case .added(let card) = added.value else { Issue.record("not added"); return }
      printed.append((added.shortID, card.id))
    }
    let rows = (0..<2000).map { CardTable.Row(line: $0 + 1, front: "単語\($0)", back: "w") }
    _ = try CardImport(workspace: test.workspace).add(rows, collection: nil, now: Self.t0)
    let ids = try test.deck().cards.map(\.id)
    #expect(ids.count == 2040)
    #expect(Set(ids.map { $0.prefix(IDPrefix.shown) }).count == ids.count)
    for (shown, id) in printed {
      #expect(shown.count == IDPrefix.shown)
      #expect(IDPrefix.matches(shown, in: ids).map { ids[$0] } == [id])
    }
    // UUIDs of version 4.
    #expect(ids.allSatisfy { UUID(uuidString: $0) != nil && Array($0)[14] == "4" })
  }

  /// A new id whose first characters another id has is drawn again.
  @Test func aNewIdNeverStartsAsAnotherDoes() throws {
    struct Repeating: RandomNumberGenerator {
      var values: [UInt64]
      mutating func next() -> UInt64 { values.removeFirst() }
    }
    let taken = CardID.uuid(high: 0x0123_4567_89AB_CDEF, low: 1)
    var maker = CardID(beside: [taken.uppercased()])
    var random = Repeating(values: [0x0123_4567_0000_0000, 2, 0x7654_3210_0000_0000, 3])
    let made = try maker.make(using: &random)
    #expect(made.hasPrefix("76543210-0000-4000-8000-000000000003"))
    #expect(random.values.isEmpty)
  }

  @Test func editRemoveAndSuspendChangeTheDeckOnDisk() throws {
    let test = try TestWorkspace()
    let keeper = DeckKeeper(workspace: test.workspace)
    let added = try keeper.add(
      front: "猫", back: "cat", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    guard case .added(let card) = added.value else { Issue.record("not added"); return }
    let edited = try keeper.edit(Self.byID(card.id), back: "a cat", collection: "Animals", note: "ねこ")
    #expect(edited.value.back == "a cat")
    #expect(try test.deck().cards[0].collection == "Animals")
    #expect(try test.deck().cards[0].note == "ねこ")
    // An empty collection or note is none.
    _ = try keeper.edit(Self.byID(card.id), collection: "", note: "")
    #expect(try test.deck().cards[0].collection == nil)
    #expect(try test.deck().cards[0].note == nil)
    #expect(try keeper.setSuspended(true, Self.byID(card.id)).value.already == false)
    #expect(try keeper.setSuspended(true, Self.byID(card.id)).value.already == true)
    #expect(try test.deck().cards[0].suspended)
    #expect(try keeper.setSuspended(false, Self.byID(card.id)).value.already == false)
    // A wrong answer leaves a recall item; removing the card takes its open ones with it.
    let wrong = try keeper.answer(Self.byID(card.id), rating: .again, now: Self.t0.addingTimeInterval(60))
    #expect(wrong.value.recall != nil)
    let removed = try keeper.remove(Self.byID(card.id))
    #expect(removed.card.id == card.id)
    #expect(removed.shortID == String(card.id.prefix(IDPrefix.shown)))
    #expect(removed.recallsDropped == 1)
    #expect(try test.deck().cards.isEmpty)
    #expect(try test.deck().recalls.isEmpty)
  }

  @Test func aCardNotFoundChangesNothing() throws {
    let test = try TestWorkspace()
    let keeper = DeckKeeper(workspace: test.workspace)
    _ = try keeper.add(
      front: "a", back: "b", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    let before = try test.deck()
    #expect(throws: StoreError.self) { try keeper.edit(Self.byID("nope"), front: "x") }
    #expect(throws: StoreError.self) { try keeper.remove(Self.byID("nope")) }
    #expect(try test.deck() == before)
  }

  @Test func recallItemsAreAddedDoneAndRemoved() throws {
    let test = try TestWorkspace()
    let keeper = DeckKeeper(workspace: test.workspace)
    let due = Self.t0.addingTimeInterval(7200)
    let added = try keeper.addRecall(topic: "〜てしまう", note: nil, dueAt: due)
    #expect(added.value.dueAt == due)
    let first: DeckKeeper.LocateRecall = { _ in 0 }
    #expect(try keeper.finishRecall(first, now: Self.t0).value.already == false)
    #expect(try keeper.finishRecall(first, now: Self.t0).value.already == true)
    #expect(try test.deck().recalls[0].doneAt == Self.t0)
    #expect(try keeper.removeRecall(first).value.topic == "〜てしまう")
    #expect(try test.deck().recalls.isEmpty)
  }

  @Test func underFSRSAnAnswerMeetsACaughtUpCard() throws {
    var configuration = Configuration.standard
    configuration.studyScheduler = .fsrs(.standard)
    let test = try TestWorkspace(zone: "UTC", configuration: configuration)
    let keeper = DeckKeeper(workspace: test.workspace)
    let added = try keeper.add(
      front: "a", back: "b", collection: nil, note: nil, tags: [], duplicate: false, now: Self.t0)
    guard case .added(let card) = added.value else { Issue.record("not added"); return }
    let answered = try keeper.answer(Self.byID(card.id), rating: .good, now: Self.t0)
    let expected = FSRSScheduler.standard.review(.new(due: Self.t0), rating: .good, at: Self.t0)
    #expect(answered.value.card.fsrs == expected)
    #expect(try test.deck().cards[0].fsrs == expected)
  }
}
