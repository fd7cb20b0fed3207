import Foundation
import RemindersCore
import RemindersStore

/// `cards import`: the cards of a TSV or CSV file added to the deck, all or nothing; a card
/// the deck already holds (same front, back and collection) is skipped.
public struct CardImport {
  public let workspace: Workspace
  /// Names the cards; nil: `CardID`'s random ids (the cards are appended in the file's order,
  /// so the day's new cards are still the first lines of the file).
  let newID: (() -> String)?

  public init(workspace: Workspace, newID: (() -> String)? = nil) {
    self.workspace = workspace
    self.newID = newID
  }

  /// What an import did.
  public struct Outcome: Equatable, Sendable {
    public var added: Int
    public var skipped: Int
  }

  /// Reads `file` (a missing one is `StoreError.unreadable`, a bad line `AppError.cardFile`
  /// and nothing added) and adds its cards as new at `now`, those whose line names no
  /// collection to `collection`.
  public func run(file: String, collection: String?, now: Date) throws -> Outcome {
    guard let bytes = try FileIO.read(file) else {
      throw StoreError.unreadable(path: file, reason: .system(SystemError(call: "open", code: ENOENT)))
    }
    let rows: [CardTable.Row]
    do {
      rows = try CardTable.parse(bytes, csv: CardTable.isCSV(path: file, bytes: bytes))
    } catch {
      throw AppError.cardFile(path: file, error)
    }
    return try add(rows, collection: collection, now: now)
  }

  /// Adds `rows` to the deck, skipping the cards it already holds: one line of the journal
  /// (`DeckStore.change`), so an import costs what its file does, whatever the deck's size.
  public func add(_ rows: [CardTable.Row], collection fallback: String?, now: Date) throws -> Outcome {
    let clock = workspace.dayClock
    return try workspace.deckStore.change(clock: clock) { view -> (DeckJournal.Change?, Outcome) in
      var seen = Set<[String]>()
      var outcome = Outcome(added: 0, skipped: 0)
      var ids = CardID(beside: [], taken: { try view.hasID(startingWith: String($0)) })
      var cards: [Card] = []
      for row in rows {
        let collection = row.collection ?? fallback
        let key = CardTable.key(row.front, row.back, collection)
        let held = try view.cards(front: row.front, collection: collection).contains {
          CardTable.key($0.front, $0.back, $0.collection) == key
        }
        guard !held, seen.insert(key).inserted else {
          outcome.skipped += 1
          continue
        }
        var card = ReviewLadder.newCard(
          id: try newID?() ?? ids.make(),
          front: row.front, back: row.back, collection: collection, at: now, clock: clock)
        card.note = row.note
        cards.append(card)
        outcome.added += 1
      }
      return (cards.isEmpty ? nil : .cards(cards), outcome)
    }
  }
}
