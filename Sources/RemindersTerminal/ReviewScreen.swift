import RemindersMessages

/// The review session's full screen as a pure function: the state in, the lines out. The TTY
/// driver only writes these lines; everything on them is tested without a terminal.
public enum ReviewScreen {
  /// The session's language on screen (its words are the catalogue's).
  public typealias Language = RemindersMessages.Language

  /// What the screen shows: one card or recall item of the session, and what happened last.
  public struct State: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case card, recall }
    public var kind: Kind
    /// The item's place in the session (1-based) and the session's length.
    public var number: Int
    public var total: Int
    public var collection: String?
    /// A card's front, or a recall item's topic.
    public var front: String
    /// A card's back (nil for a recall item).
    public var back: String?
    public var note: String?
    public var revealed: Bool
    /// The outcome of the last key ("→ remembered. Step 2, …"), shown above the keys.
    public var message: String?
    /// `?` was pressed: the keys are listed in full.
    public var showingKeys: Bool
    /// Under FSRS: a card is rated with keys 1–4, which the key line and list show.
    public var ratings: Bool

    public init(
      kind: Kind, number: Int, total: Int, collection: String? = nil, front: String, back: String? = nil,
      note: String? = nil, revealed: Bool = false, message: String? = nil, showingKeys: Bool = false,
      ratings: Bool = false
    ) {
      self.kind = kind
      self.number = number
      self.total = total
      self.collection = collection
      self.front = front
      self.back = back
      self.note = note
      self.revealed = revealed
      self.message = message
      self.showingKeys = showingKeys
      self.ratings = ratings
    }

    /// The state with its data text (front, back, note, collection) shown by `VisibleCharacters`,
    /// line breaks kept for the wrapping.
    var visible: State {
      var out = self
      out.collection = collection.map { VisibleCharacters.of($0) }
      out.front = VisibleCharacters.of(front, keepingLineBreaks: true)
      out.back = back.map { VisibleCharacters.of($0, keepingLineBreaks: true) }
      out.note = note.map { VisibleCharacters.of($0, keepingLineBreaks: true) }
      return out
    }
  }

  /// Exactly `height` lines (when it is at least 2), none wider than `width` columns: the header,
  /// the front, after reveal the back and note, then at the bottom the last message and the keys.
  /// `color` false (NO_COLOR) writes no SGR sequence at all; every meaning is in the words either way.
  public static func render(_ state: State, width: Int, height: Int, language: Language, color: Bool)
    -> [String]
  {
    let width = max(width, 1)
    let words = language.words
    let style = Style(enabled: color)
    var body: [String] = []
    // The card's text is data: shown visibly (line breaks kept, wrapped below), never obeyed.
    let state = state.visible
    let kindLabel = state.kind == .recall ? words.screenRecallLabel : state.collection
    let header = "\(state.number)/\(state.total)" + (kindLabel.map { " · \($0)" } ?? "")
    body += DisplayWidth.wrap(header, width: width).map { style.apply("1;36", $0) }
    body.append("")
    body += DisplayWidth.wrap(state.front, width: width).map { style.apply("1", $0) }
    switch state.kind {
    case .card where state.revealed:
      body.append("")
      body += DisplayWidth.wrap(words.screenAnswer(state.back ?? ""), width: width)
        .map { style.apply("32", $0) }
      if let note = state.note {
        body += DisplayWidth.wrap(words.screenNote(note), width: width)
      }
    case .card:
      break
    case .recall:
      if let note = state.note { body += DisplayWidth.wrap(note, width: width) }
      // A forgotten card's recall item: its answer, once asked for.
      if state.revealed, let back = state.back {
        body.append("")
        body += DisplayWidth.wrap(words.screenAnswer(back), width: width).map { style.apply("32", $0) }
      }
      body.append("")
      body += DisplayWidth.wrap(words.screenDidYouRecall, width: width)
        .map { style.apply("1", $0) }
    }
    if state.showingKeys {
      body.append("")
      body += keyList(state.kind, ratings: state.ratings, language: language).flatMap {
        DisplayWidth.wrap($0, width: width)
      }
    }
    var bottom: [String] = []
    if let message = state.message {
      bottom += DisplayWidth.wrap(message, width: width).map { style.apply("33", $0) }
    }
    bottom += DisplayWidth.wrap(keyLine(state, language: language), width: width).map { style.apply("7", $0) }
    guard height > 0 else { return [] }
    // The keys always fit; the body gives way when the terminal is short.
    bottom = Array(bottom.suffix(max(height - 1, 1)))
    let room = max(height - bottom.count, 0)
    body = Array(body.prefix(room))
    return body + Array(repeating: "", count: room - body.count) + bottom
  }

  /// The key line at the bottom: what the keys do now.
  public static func keyLine(_ state: State, language: Language) -> String {
    switch state.kind {
    case .card where !state.revealed: language.words.screenKeyLine(.front)
    case .card: language.words.screenKeyLine(state.ratings ? .backRated : .back)
    case .recall:
      language.words.screenKeyLine(state.back != nil && !state.revealed ? .recallWithAnswer : .recall)
    }
  }

  /// Every key, one a line (`?`).
  public static func keyList(_ kind: State.Kind, ratings: Bool = false, language: Language) -> [String] {
    kind == .card && ratings
      ? language.words.screenKeyListRated : language.words.screenKeyList(card: kind == .card)
  }

  /// SGR attributes, or none at all when colour is off.
  struct Style {
    var enabled: Bool
    func apply(_ code: String, _ text: String) -> String {
      enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
  }
}
