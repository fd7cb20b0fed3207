/// What an Anki collection holds that its due counts depend on (docs/anki.md), as its database says
/// it, with no rule applied yet: the adapter (RemindersAnki) reads it from `collection.anki2`,
/// `<state>/anki.json` keeps the last one read, and `AnkiDueCounter` counts it for any moment.
///
/// Nothing here depends on the time, so one reading serves every moment until the collection
/// changes.
public struct AnkiCollection: Equatable, Sendable {
  /// `col.crt`: when the collection was created (seconds since 1970), the origin of Anki's day
  /// numbers.
  public var creation: Int64
  /// Config `creationOffset`: the UTC offset at creation, in minutes west of UTC (Tokyo is
  /// −540); nil in collections made before Anki kept it (the older cutoff then applies).
  public var creationOffsetMinutesWest: Int?
  /// Config `rollover`: the hour at which Anki's day begins (default 4).
  public var rolloverHour: Int
  /// Config `collapseTime`: how far ahead learning cards count as due, in seconds (default 1200).
  public var learnAheadSeconds: Int
  /// Config `lastUnburied`: the day number on which Anki last unburied cards (0 when never).
  public var lastUnburiedDay: Int
  /// Config `newCardsIgnoreReviewLimit`.
  public var newCardsIgnoreReviewLimit: Bool
  /// Config `applyAllParentLimits`.
  public var applyAllParentLimits: Bool
  public var decks: [Deck]
  /// The deck option presets (`deck_config`), by id.
  public var presets: [Int64: Preset]
  /// The cards, grouped by the columns that matter (one group per distinct row).
  public var cards: [CardGroup]

  public init(
    creation: Int64, creationOffsetMinutesWest: Int?, rolloverHour: Int = 4, learnAheadSeconds: Int = 1200,
    lastUnburiedDay: Int = 0, newCardsIgnoreReviewLimit: Bool = false, applyAllParentLimits: Bool = false,
    decks: [Deck] = [], presets: [Int64: Preset] = [:], cards: [CardGroup] = []
  ) {
    self.creation = creation
    self.creationOffsetMinutesWest = creationOffsetMinutesWest
    self.rolloverHour = rolloverHour
    self.learnAheadSeconds = learnAheadSeconds
    self.lastUnburiedDay = lastUnburiedDay
    self.newCardsIgnoreReviewLimit = newCardsIgnoreReviewLimit
    self.applyAllParentLimits = applyAllParentLimits
    self.decks = decks
    self.presets = presets
    self.cards = cards
  }

  /// A deck (`decks` table): its name's components (`日本語::N5` is `["日本語", "N5"]`), what
  /// kind it is, and what was studied in it (`decks.common`).
  public struct Deck: Equatable, Sendable {
    public var id: Int64
    public var name: [String]
    public var kind: Kind
    public var studied: Studied

    public init(id: Int64, name: [String], kind: Kind, studied: Studied = Studied()) {
      self.id = id
      self.name = name
      self.kind = kind
      self.studied = studied
    }
  }

  public enum Kind: Equatable, Sendable {
    /// A normal deck, with its preset and its own limits (`decks.kind`, `Deck.Normal`).
    case normal(Limits)
    /// A filtered deck: its cards are counted in their home decks (`odid`).
    case filtered
  }

  /// A normal deck's options: its preset and the limits set on the deck itself, which win over
  /// the preset's (a limit for today wins over both, on its day).
  public struct Limits: Equatable, Sendable {
    public var presetID: Int64
    public var reviewLimit: Int?
    public var newLimit: Int?
    public var reviewLimitToday: DayLimit?
    public var newLimitToday: DayLimit?

    public init(
      presetID: Int64, reviewLimit: Int? = nil, newLimit: Int? = nil, reviewLimitToday: DayLimit? = nil,
      newLimitToday: DayLimit? = nil
    ) {
      self.presetID = presetID
      self.reviewLimit = reviewLimit
      self.newLimit = newLimit
      self.reviewLimitToday = reviewLimitToday
      self.newLimitToday = newLimitToday
    }
  }

  /// A limit that holds on one day number only.
  public struct DayLimit: Equatable, Sendable {
    public var limit: Int
    public var day: Int

    public init(limit: Int, day: Int) {
      self.limit = limit
      self.day = day
    }
  }

  /// New and review cards studied in a deck on `day` (Anki counts them down from the limits);
  /// they may be negative when the learner extended a limit.
  public struct Studied: Equatable, Sendable {
    public var day: Int
    public var new: Int
    public var review: Int

    public init(day: Int = 0, new: Int = 0, review: Int = 0) {
      self.day = day
      self.new = new
      self.review = review
    }
  }

  /// A preset's daily limits (`deck_config.config`).
  public struct Preset: Equatable, Sendable {
    public var newPerDay: Int
    public var reviewsPerDay: Int

    public init(newPerDay: Int, reviewsPerDay: Int) {
      self.newPerDay = newPerDay
      self.reviewsPerDay = reviewsPerDay
    }
  }

  /// `count` cards with these columns of the `cards` table: `did`, `odid` (the home deck of a
  /// card in a filtered deck, else 0), `queue`, `type`, `due`, `odue`.
  public struct CardGroup: Hashable, Sendable {
    public var deck: Int64
    public var originalDeck: Int64
    public var queue: Int
    public var type: Int
    public var due: Int64
    public var originalDue: Int64
    public var count: Int

    public init(
      deck: Int64, originalDeck: Int64 = 0, queue: Int, type: Int, due: Int64, originalDue: Int64 = 0,
      count: Int = 1
    ) {
      self.deck = deck
      self.originalDeck = originalDeck
      self.queue = queue
      self.type = type
      self.due = due
      self.originalDue = originalDue
      self.count = count
    }
  }
}
