import Foundation
import RemindersApp
import RemindersCore
import RemindersReports
import RemindersTerminal

/// The review session full-screen, in a terminal: the session's state drawn by `ReviewScreen`,
/// keys read by `Terminal`, which gives the terminal back however the session ends. The summary
/// is printed on the normal screen afterwards, where it stays.
struct FullScreenReview {
  var session: ReviewSession
  let texts: ReviewText
  let environment: [String: String]

  mutating func run() throws {
    guard !session.items.isEmpty else { return print(try texts.nothingDue(session)) }
    // no-color.org: NO_COLOR set to anything but the empty string turns colour off.
    let color = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    let language = texts.locale.language
    // A terminal that refuses raw mode gets the session one line at a time.
    guard let terminal = try? Terminal() else {
      var plain = PlainReview(session: session, texts: texts)
      return try plain.run()
    }
    do {
      defer { terminal.restore() }
      var message: String?
      var showingKeys = false
      loop: while let item = session.current {
        let size = terminal.size
        terminal.draw(
          ReviewScreen.render(
            state(item, message: message, showingKeys: showingKeys), width: size.width, height: size.height,
            language: language, color: color))
        switch terminal.next() {
        case .end:
          break loop
        case .resize:
          continue
        case .key(let raw):
          // Esc while the keys are listed hides the list: it does not end the session.
          if showingKeys, case .escape = raw {
            showingKeys = false
            continue
          }
          guard let key = ReviewKey(raw, ratings: ratings(item)) else { continue }
          let events = try session.handle(key)
          // `?` again hides the keys; any other key hides them too.
          let listsKeys = events.contains { if case .keys = $0 { true } else { false } }
          showingKeys = listsKeys && !(key == .help && showingKeys)
          if let event = events.first(where: { if case .keys = $0 { false } else { true } }) {
            message = texts.screenMessage(event, item: item)
          } else if key == .skip {
            message = nil
          }
        }
      }
    }
    print(texts.summary(session, at: session.now))
    fflush(nil)
  }

  /// Whether keys 1–4 rate `item`: a card, under FSRS.
  func ratings(_ item: ReviewQueue.Item) -> Bool {
    if case .card = item { return texts.ratings }
    return false
  }

  /// The screen's view of the session's current item.
  func state(_ item: ReviewQueue.Item, message: String?, showingKeys: Bool) -> ReviewScreen.State {
    let number = session.index + 1
    let total = session.items.count
    switch item {
    case .card(let card):
      return ReviewScreen.State(
        kind: .card, number: number, total: total, collection: card.collection, front: card.front,
        back: card.back, note: card.note, revealed: session.revealed, message: message,
        showingKeys: showingKeys, ratings: texts.ratings)
    case .recall(let recall):
      return ReviewScreen.State(
        kind: .recall, number: number, total: total, front: recall.topic,
        back: session.card(of: recall)?.back,
        note: recall.note, revealed: session.revealed, message: message, showingKeys: showingKeys)
    }
  }
}
