import Foundation

/// How a reminder reached the learner.
public enum DeliveryChannel: String, Sendable, Equatable {
  case popup
  case calendar
}

/// What has been delivered: each reminder id and each recall item at most once.
public struct DeliveryLedger: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var reminderID: ReminderID
    public var deliveredAt: Date
    public var channel: DeliveryChannel
    /// The notification server's id for the pop-up, when it was one.
    public var notificationID: UInt32?
    public var recallItemIDs: [String]
    /// The texts last shown (the summary and the body before any markup escaping).
    public var title: String
    public var body: String
    /// Whether the pop-up is known to be still shown: true only while `reminders watch` has
    /// followed it since it appeared and has seen no sign that it went away.
    public var onScreen: Bool
    /// When, and why, it stopped being known to be on screen.
    public var closedAt: Date?
    public var closedBecause: String?
    /// When its texts were last replaced in place.
    public var updatedAt: Date?
    /// Recorded before it was sent, and not yet known to have arrived: the run that sent it
    /// stopped before it could say. It counts as delivered (it may be on screen), so it is never
    /// shown again; the next run puts it into the fallback calendar, where a second copy merges
    /// into the first (same UID), so that nothing is lost either.
    public var pending: Bool
    /// When the learner snoozed it: it comes back then (as `snooze:<snoozes>:<id>`), once.
    public var snoozedUntil: Date?
    /// How many times it was snoozed (the number of its latest return).
    public var snoozes: Int
    /// A daily pop-up that counts cards of an Anki collection: its review action starts Anki.
    public var fromAnki: Bool
    /// An alarm's ring: when it stopped ringing (stopped at its place, superseded by the next
    /// ring, or its alarm deleted or disabled); nil while it rings (docs/alarms.md).
    public var stoppedAt: Date?
    /// An alarm's ring: the process playing its sound, while it plays.
    public var sound: SoundProcess?
    /// An alarm's ring: why no sound could be started, as last said.
    public var soundProblem: String?
    /// An alarm's ring: the notification server that gave `notificationID` (its unique name on
    /// the session bus, never reused while the bus lives); the id is replaced in place only on
    /// that server, since a restarted server counts its ids from 1 again.
    public var server: String?
    /// A drip's pop-up: the card it shows (docs/delivery.md).
    public var cardID: String?

    public init(
      reminderID: ReminderID, deliveredAt: Date, channel: DeliveryChannel, notificationID: UInt32?,
      recallItemIDs: [String], title: String, body: String = "", onScreen: Bool = false,
      closedAt: Date? = nil, closedBecause: String? = nil, updatedAt: Date? = nil, pending: Bool = false,
      snoozedUntil: Date? = nil, snoozes: Int = 0, fromAnki: Bool = false, stoppedAt: Date? = nil,
      sound: SoundProcess? = nil, soundProblem: String? = nil, server: String? = nil, cardID: String? = nil
    ) {
      self.reminderID = reminderID
      self.deliveredAt = deliveredAt
      self.channel = channel
      self.notificationID = notificationID
      self.recallItemIDs = recallItemIDs
      self.title = title
      self.body = body
      self.onScreen = onScreen
      self.closedAt = closedAt
      self.closedBecause = closedBecause
      self.updatedAt = updatedAt
      self.pending = pending
      self.snoozedUntil = snoozedUntil
      self.snoozes = snoozes
      self.fromAnki = fromAnki
      self.stoppedAt = stoppedAt
      self.sound = sound
      self.soundProblem = soundProblem
      self.server = server
      self.cardID = cardID
    }

    /// Whether it was last shown as a pop-up with an id (which closing it needs).
    public var isOnAPopup: Bool { channel == .popup && notificationID != nil && !pending }

    /// Whether it is an alarm's ring that has not stopped.
    public var isRinging: Bool {
      if case .alarm = reminderID { return stoppedAt == nil }
      return false
    }

    /// The return of this reminder that its latest snooze asked for, and when; nil when it was
    /// never snoozed.
    public var snoozeReturn: (id: ReminderID, at: Date)? {
      snoozedUntil.map { (ReminderID.snoozed(reminderID.original, n: snoozes), $0) }
    }
  }

  /// By reminder id.
  public fileprivate(set) var entries: [ReminderID: Entry]
  /// The days whose daily reminder was delivered long enough ago that its entry was folded
  /// away (`foldDailies`): they stay delivered whatever the clock says later.
  public private(set) var earlierDailies: DaySet
  /// Recall item ids already delivered (in any pop-up), and the item that names each recall
  /// pop-up delivered (`recall:<item>`), whatever its entry lists: a ledger of an older version,
  /// or edited by hand, may list none, and an id delivered once is never delivered again.
  public private(set) var deliveredRecallItems: Set<String>
  /// Reminder ids and recall item ids held back by desktop do-not-disturb, with when they were
  /// first held.
  public var held: [String: Date]

  public init(entries: [Entry] = [], earlierDailies: DaySet = DaySet(), held: [String: Date] = [:]) {
    self.entries = [:]
    self.earlierDailies = earlierDailies
    self.deliveredRecallItems = []
    self.held = held
    for entry in entries { record(entry) }
  }

  public func contains(reminderID: ReminderID) -> Bool {
    if entries[reminderID] != nil { return true }
    if let day = reminderID.day { return earlierDailies.contains(day) }
    return false
  }

  public func contains(recallItem id: String) -> Bool { deliveredRecallItems.contains(id) }

  public mutating func record(_ entry: Entry) {
    entries[entry.reminderID] = entry
    deliveredRecallItems.formUnion(entry.recallItemIDs)
    if case .recall(let first) = entry.reminderID { deliveredRecallItems.insert(first) }
    held[entry.reminderID.description] = nil
    for id in entry.recallItemIDs { held[id] = nil }
  }

  /// Pop-up `notificationID` closed: the entries shown under that id are no longer on screen.
  /// Returns their reminder ids (none when the id is not one of ours, or was already closed).
  @discardableResult
  public mutating func closed(notificationID: UInt32, at: Date, because reason: String) -> [ReminderID] {
    offScreen(where: { $0.notificationID == notificationID }, at: at, because: reason)
  }

  /// Nothing vouches any more for what is on screen (the watch restarted and may have missed a
  /// close, or the notification server changed): no pop-up counts as shown. Returns the reminder
  /// ids that did.
  @discardableResult
  public mutating func forgetScreen(at: Date, because reason: String) -> [ReminderID] {
    offScreen(where: { _ in true }, at: at, because: reason)
  }

  /// Takes the pop-ups on screen that `matches` off screen; returns their reminder ids, sorted.
  private mutating func offScreen(where matches: (Entry) -> Bool, at: Date, because reason: String)
    -> [ReminderID]
  {
    let ids = entries.values.filter { $0.onScreen && matches($0) }.map(\.reminderID).sorted()
    for id in ids { offScreen(id, at: at, because: reason) }
    return ids
  }

  /// The pop-up of `reminderID` stopped being known to be on screen.
  public mutating func offScreen(_ reminderID: ReminderID, at: Date, because reason: String) {
    guard var entry = entries[reminderID], entry.onScreen else { return }
    entry.onScreen = false
    entry.closedAt = at
    entry.closedBecause = reason
    entries[reminderID] = entry
  }

  /// Snoozes the reminder `id` was delivered as (a return snoozes its original again): it
  /// comes back at `until`, once. Returns the id of that return; nil when `id` was never
  /// delivered (or was folded away) or cannot be snoozed.
  @discardableResult
  public mutating func snooze(_ id: ReminderID, until: Date) -> ReminderID? {
    let original = id.original
    guard id.canSnooze, var entry = entries[original] else { return nil }
    entry.snoozes += 1
    entry.snoozedUntil = until
    entries[original] = entry
    return .snoozed(original, n: entry.snoozes)
  }

  /// The entry of the pop-up the server calls `notificationID`: the one known to be on screen,
  /// else the latest shown under that id (a server numbers its pop-ups anew when it restarts).
  public func entry(notificationID: UInt32) -> Entry? {
    let shown = entries.values.filter { $0.channel == .popup && $0.notificationID == notificationID }
    if let onScreen = shown.first(where: \.onScreen) { return onScreen }
    return shown.max { ($0.updatedAt ?? $0.deliveredAt) < ($1.updatedAt ?? $1.deliveredAt) }
  }

  /// The pop-up shown last (by when it was shown or last replaced) that can be snoozed (a focus
  /// timer's pop-up cannot).
  public var lastPopup: Entry? {
    entries.values.filter { $0.channel == .popup && $0.reminderID.canSnooze }.max {
      let (a, b) = ($0.updatedAt ?? $0.deliveredAt, $1.updatedAt ?? $1.deliveredAt)
      return a != b ? a < b : $0.reminderID < $1.reminderID
    }
  }

  /// The pop-up of `reminderID` was replaced in place and now shows `title` and `body`.
  public mutating func replaced(
    _ reminderID: ReminderID, notificationID: UInt32, title: String, body: String, fromAnki: Bool = false,
    at: Date
  ) {
    guard var entry = entries[reminderID] else { return }
    entry.notificationID = notificationID
    entry.title = title
    entry.body = body
    entry.fromAnki = fromAnki
    entry.updatedAt = at
    entries[reminderID] = entry
  }

  /// The sending of `reminderID`, recorded as pending, is known to be over: shown (with the
  /// server's `notificationID`, on screen when the watch follows it) or written to the calendar.
  public mutating func confirm(
    _ reminderID: ReminderID, channel: DeliveryChannel, notificationID: UInt32?, onScreen: Bool
  ) {
    guard var entry = entries[reminderID] else { return }
    entry.pending = false
    entry.channel = channel
    entry.notificationID = notificationID
    entry.onScreen = onScreen
    entries[reminderID] = entry
  }

  /// The entries recorded before sending whose outcome nobody recorded, oldest first.
  public var pendingEntries: [Entry] {
    entries.values.filter(\.pending).sorted(by: Entry.oldestFirst)
  }

  /// Folds the entries of dailies for days before `day` into `earlierDailies`, so that the
  /// ledger stays small and those days stay delivered even if the clock goes back to them.
  /// Entries still pending or on screen are kept whole. Recall entries stay while their items
  /// may still be in the deck.
  public mutating func foldDailies(before day: Day) {
    for (id, entry) in entries where !entry.pending && !entry.onScreen {
      guard let d = id.day, d < day else { continue }
      if let back = entry.snoozeReturn, !contains(reminderID: back.id) { continue }
      earlierDailies.insert(d)
      entries[id] = nil
    }
  }
}

extension DeliveryLedger.Entry {
  /// The ledger's order: by when delivered, then by id (the file, pending entries, rings).
  public static func oldestFirst(_ a: Self, _ b: Self) -> Bool {
    a.deliveredAt != b.deliveredAt ? a.deliveredAt < b.deliveredAt : a.reminderID < b.reminderID
  }
}

extension DeliveryLedger {
  /// Forgets the ends of focus phases delivered before `instant` and no longer pending or on
  /// screen, except each session's latest: a phase end lapses minutes after it passes
  /// (`Planner.focusLapse`), and the planner never plans a phase at or before a session's latest
  /// one delivered (`latestFocusPhase`), so none can be planned again, and the ledger stays
  /// small (an endless session of one-minute phases delivers 1,440 a day).
  public mutating func dropFocusEntries(before instant: Date) {
    var latest: [String: Int] = [:]
    for id in entries.keys {
      if case .focus(let session, let phase) = id { latest[session] = max(latest[session] ?? phase, phase) }
    }
    // Listed first, then removed: removing while iterating would copy the whole ledger a removal.
    let lapsed = entries.compactMap { id, entry -> ReminderID? in
      guard case .focus(let session, let phase) = id, phase != latest[session], !entry.pending,
        !entry.onScreen, entry.deliveredAt < instant
      else { return nil }
      return id
    }
    for id in lapsed { entries[id] = nil }
  }
}

extension DeliveryLedger {
  /// The pop-ups of reviews in the pop-up not known to be closed: a watch that starts closes
  /// them (the session that showed them ended with the watch before it).
  public var cardPopupsShown: [UInt32] {
    entries.values.compactMap { entry in
      guard case .cards = entry.reminderID, entry.closedAt == nil else { return nil }
      return entry.notificationID
    }.sorted()
  }

  /// A review in the pop-up shows its card in pop-up `notificationID` (the same id, or the one the
  /// server gave the replacement): recorded, on screen.
  public mutating func showCards(
    session: String, notificationID: UInt32, title: String, body: String, at now: Date
  ) {
    let id = ReminderID.cards(session: session)
    if entries[id] == nil {
      record(
        Entry(
          reminderID: id, deliveredAt: now, channel: .popup, notificationID: notificationID,
          recallItemIDs: [],
          title: title))
    }
    replaced(id, notificationID: notificationID, title: title, body: body, at: now)
    entries[id]?.onScreen = true
  }

  /// The review in the pop-up `session` ended: its pop-up is closed (or shows the summary, which
  /// nothing follows).
  public mutating func endCards(session: String, at now: Date, because reason: String) {
    let id = ReminderID.cards(session: session)
    guard var entry = entries[id] else { return }
    entry.onScreen = false
    entry.closedAt = entry.closedAt ?? now
    entry.closedBecause = entry.closedBecause ?? reason
    entries[id] = entry
  }

  /// The drip the watch follows on screen, if one is: the next drip replaces it in place.
  public var dripOnScreen: Entry? {
    entries.values.first { entry in
      if case .drip = entry.reminderID { entry.onScreen && entry.notificationID != nil } else { false }
    }
  }

  /// Forgets reviews in the pop-up that ended before `instant`, and drips shown before it and no
  /// longer on screen.
  public mutating func dropCardEntries(before instant: Date) {
    let ended = entries.compactMap { id, entry -> ReminderID? in
      switch id {
      case .cards: guard let closed = entry.closedAt, closed < instant else { return nil }
      case .drip: guard entry.deliveredAt < instant, !entry.onScreen, !entry.pending else { return nil }
      default: return nil
      }
      return id
    }
    for id in ended { entries[id] = nil }
  }

  /// What the drips of `day` and the reviews in the pop-up leave for the next drip
  /// (docs/delivery.md): how many drips `day` had, the latest moment a drip or a review in the
  /// pop-up was shown or went off screen, and whether the next must wait (a drip sent and not
  /// confirmed, or a review in the pop-up on screen). A drip still on screen does not hold the
  /// next: the next takes its place (`dripOnScreen`).
  public func drips(on day: Day) -> (count: Int, last: Date?, busy: Bool) {
    var count = 0
    var last: Date?
    var busy = false
    for (id, entry) in entries {
      switch id {
      case .drip(let d, let n):
        if d == day { count = max(count, n) }
        if entry.pending { busy = true }
      case .cards:
        if entry.closedAt == nil && entry.onScreen { busy = true }
      default: continue
      }
      for t in [entry.deliveredAt, entry.updatedAt, entry.closedAt].compactMap({ $0 })
      where last.map({ t > $0 }) ?? true {
        last = t
      }
    }
    return (count, last, busy)
  }
}

extension DeliveryLedger {
  /// How long a focus phase end stays in the ledger after it was delivered: an hour, well past
  /// `Planner.focusLapse`, so that `status` and `log` still see the last few.
  public static let focusEntrySeconds: TimeInterval = 3600

  /// When the earliest phase end of focus session `session` that the ledger still holds was said.
  public func earliestFocusDelivery(session: String) -> Date? {
    var earliest: Date?
    for entry in entries.values {
      if case .focus(session, _) = entry.reminderID {
        earliest = min(earliest ?? entry.deliveredAt, entry.deliveredAt)
      }
    }
    return earliest
  }

  /// The number of the latest phase end of focus session `session` delivered, nil when none
  /// was: the ones before it are past, delivered or lapsed, whatever the clock says now.
  public func latestFocusPhase(session: String) -> Int? {
    var latest: Int?
    for id in entries.keys {
      if case .focus(session, let phase) = id { latest = max(latest ?? phase, phase) }
    }
    return latest
  }
}

extension DeliveryLedger {
  /// The alarm rings that have not stopped, oldest first.
  public var ringing: [Entry] {
    entries.values.filter(\.isRinging).sorted(by: Entry.oldestFirst)
  }

  /// The ring of `id` stops ringing at `at` (its pop-up no longer counts as shown); the caller
  /// ends its sound and closes its pop-up. Returns the entry as it was, nil when it was not
  /// ringing. A ring still pending (a run died while showing it) is settled: stopped, it is
  /// never written to the fallback calendar.
  @discardableResult
  public mutating func stopRinging(_ id: ReminderID, at: Date, because reason: String) -> Entry? {
    guard var entry = entries[id], entry.isRinging else { return nil }
    let before = entry
    entry.stoppedAt = at
    entry.pending = false
    entry.sound = nil
    entry.onScreen = false
    entry.closedAt = at
    entry.closedBecause = reason
    entries[id] = entry
    return before
  }

  /// An alarm's ring was shown again as `notificationID` by `server` (on screen when the watch
  /// follows it).
  public mutating func shownAgain(
    _ id: ReminderID, notificationID: UInt32, server: String?, onScreen: Bool, at: Date
  ) {
    guard var entry = entries[id] else { return }
    entry.channel = .popup
    entry.notificationID = notificationID
    entry.server = server
    entry.onScreen = onScreen
    entry.updatedAt = at
    entry.closedAt = nil
    entry.closedBecause = nil
    entries[id] = entry
  }

  /// The notification server that showed the pop-up of `id` (its unique bus name).
  public mutating func setServer(_ id: ReminderID, _ server: String?) {
    guard var entry = entries[id] else { return }
    entry.server = server
    entries[id] = entry
  }

  /// The process playing the sound of the ring `id` (nil: none), or why none plays.
  public mutating func setSound(_ id: ReminderID, process: SoundProcess?, problem: String?) {
    guard var entry = entries[id] else { return }
    entry.sound = process
    entry.soundProblem = problem
    entries[id] = entry
  }

  /// How long the entry of a stopped ring stays: `alarm list` tells a ring that was missed from
  /// one that rang for a week.
  public static let alarmEntryDays = 8

  /// Forgets alarm rings that stopped before `instant`.
  public mutating func dropAlarmEntries(stoppedBefore instant: Date) {
    for (id, entry) in entries where !entry.pending {
      guard case .alarm = id, let stopped = entry.stoppedAt, stopped < instant else { continue }
      entries[id] = nil
    }
  }
}

/// A process playing an alarm's sound, as the ledger remembers it so that whoever stops the
/// alarm ends exactly that process: its pid, its process group (everything it started is in it)
/// and its start time (in clock ticks since boot, as `/proc/PID/stat` gives it), which tells it
/// from a later process that got the same pid.
public struct SoundProcess: Equatable, Sendable {
  public var pid: Int32
  public var group: Int32
  public var startTicks: UInt64

  public init(pid: Int32, group: Int32, startTicks: UInt64) {
    self.pid = pid
    self.group = group
    self.startTicks = startTicks
  }
}

/// A set of days, kept as sorted, disjoint, non-adjacent ranges: a year of dailies is one range.
public struct DaySet: Equatable, Sendable {
  /// Day numbers, ascending.
  public private(set) var ranges: [ClosedRange<Int>]

  /// The days of `ranges`, in any order, overlapping or not.
  public init(ranges: [ClosedRange<Int>] = []) {
    self.ranges = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = self.ranges.last, range.lowerBound <= last.upperBound + 1 {
        self.ranges[self.ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        self.ranges.append(range)
      }
    }
  }

  public func contains(_ day: Day) -> Bool {
    let i = ranges.partitioningIndex { $0.upperBound >= day.number }
    return i < ranges.count && ranges[i].contains(day.number)
  }

  public mutating func insert(_ day: Day) {
    let n = day.number
    let i = ranges.partitioningIndex { $0.upperBound >= n - 1 }
    guard i < ranges.count, ranges[i].lowerBound <= n + 1 else {
      ranges.insert(n...n, at: i)
      return
    }
    var merged = min(ranges[i].lowerBound, n)...max(ranges[i].upperBound, n)
    if i + 1 < ranges.count, ranges[i + 1].lowerBound <= merged.upperBound + 1 {
      merged = merged.lowerBound...ranges[i + 1].upperBound
      ranges.remove(at: i + 1)
    }
    ranges[i] = merged
  }
}

extension Array {
  /// The first index whose element satisfies `belongs`, for a predicate false then true along
  /// the array (binary search).
  func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if belongs(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}

/// The ledger's `closedBecause` values (docs/files.md) that delivery, the watch and a review in
/// the pop-up write: tokens of the file, written as they always were, never shown to a person
/// (what a person reads of a pop-up's end is the catalogue's, from the typed values the
/// delivery and the watch report). A ring's end is `RingEnd.description`, a close the notification
/// server reported `NotificationEvent.CloseReason.description`.
public enum ClosedBecause {
  public static let watchStarted = "reminders watch started"
  public static let watchStopped = "reminders watch stopped"
  public static let serverChanged = "the notification server changed"
  public static let nextDrip = "replaced by the next drip"
  public static let reviewInPopup = "replaced by the review in the pop-up"
  public static let anotherReviewInPopup = "another review in the pop-up started"
  public static let noCardLeft = "no card left to review"
  /// A review in the pop-up (or a drip) put off with its `later` action.
  public static let later = "later"
  /// A review in the pop-up whose pop-up the learner closed.
  public static let closed = "closed"
  /// A drip answered.
  public static let answered = "answered"
  /// A review in the pop-up answered to its end (its summary shown).
  public static let done = "done"
}
