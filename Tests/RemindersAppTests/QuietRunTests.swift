import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The minute job's quiet runs (docs/files.md): a run that leaves nothing waiting says until when
/// nothing can fall due, and a later run in that span, with every file as it was, does nothing —
/// and does exactly what a full run would have done.
@Suite struct QuietRunTests {
  static let key = "test"

  /// A desktop that shows every pop-up on `sender`, unwatched, never in do-not-disturb.
  static func world(_ test: TestWorkspace, _ sender: FakeSender) -> DeliveryRun.World {
    DeliveryRun.World(
      ledger: LedgerFile(store: test.workspace.ledgerStore, clock: test.dayClock),
      desktop: {
        .reachable(sender, doNotDisturb: DoNotDisturbReading(state: .off, probe: nil, server: nil))
      },
      isWatched: { false }, calendar: FakeCalendar())
  }

  static func run(_ test: TestWorkspace, _ sender: FakeSender, at now: Date) throws {
    try MinuteJob(workspace: test.workspace).run(
      now: now, world: world(test, sender), calendar: nil, quietKey: key
    ) { _ in }
  }

  static func isQuiet(_ test: TestWorkspace, at now: Date) -> Bool {
    QuietFile(stateDir: test.workspace.paths.stateDir).holds(now: now, key: key)
  }

  static func t(_ text: String) -> Date { FakeClock.parse(text) }

  /// Marks `id` held by do-not-disturb in the ledger on disk.
  static func hold(_ test: TestWorkspace, _ id: String, at now: Date) throws {
    try test.workspace.ledgerStore.update(lockSeconds: 1, clock: test.dayClock) { $0.held[id] = now }
  }

  static func deck() -> Deck {
    Deck(cards: [
      Card(
        id: "c1", front: "猫", back: "cat", stepIndex: 2, nextReviewDate: Day(iso: "2026-11-21")!,
        createdAt: t("2026-11-01T09:00:00+09:00"), lastReviewedAt: t("2026-11-19T09:00:00+09:00"))
    ])
  }

  /// Before the daily's 08:00 nothing can fall due: quiet from the run until 08:00, not before
  /// the run (the clock went back) and not from 08:00 on; after the daily, until the next day.
  @Test func quietUntilTheFirstReminderToCome() throws {
    let test = try TestWorkspace()
    try test.save(Self.deck())
    let sender = FakeSender()
    try Self.run(test, sender, at: Self.t("2026-11-21T06:00:00+09:00"))
    #expect(sender.shown.isEmpty)
    let quiet = try #require(QuietFile(stateDir: test.workspace.paths.stateDir).read())
    #expect(quiet.from == Self.t("2026-11-21T06:00:00+09:00"))
    #expect(quiet.until == Self.t("2026-11-21T08:00:00+09:00"))
    #expect(quiet.files.map(\.path).contains(test.workspace.paths.deck))
    #expect(Self.isQuiet(test, at: Self.t("2026-11-21T07:59:00+09:00")))
    #expect(!Self.isQuiet(test, at: Self.t("2026-11-21T05:59:00+09:00")))
    #expect(!Self.isQuiet(test, at: Self.t("2026-11-21T08:00:00+09:00")))
    #expect(
      !QuietFile(stateDir: test.workspace.paths.stateDir).holds(
        now: Self.t("2026-11-21T07:00:00+09:00"), key: "another"))
    try Self.run(test, sender, at: Self.t("2026-11-21T08:00:00+09:00"))
    #expect(sender.shown.count == 1)
    #expect(
      QuietFile(stateDir: test.workspace.paths.stateDir).read()?.until == Self.t("2026-11-22T00:00:00+09:00"))
    #expect(Self.isQuiet(test, at: Self.t("2026-11-21T23:59:00+09:00")))
  }

  /// Any change to a file the decision read ends the quiet: a card added, a recall item, the
  /// ledger written, the config.
  @Test func anyChangeEndsIt() throws {
    let test = try TestWorkspace()
    try test.save(Self.deck())
    let sender = FakeSender()
    let now = Self.t("2026-11-21T06:00:00+09:00")
    let later = Self.t("2026-11-21T06:30:00+09:00")
    let keeper = DeckKeeper(workspace: test.workspace)
    let changes: [() throws -> Void] = [
      {
        _ = try keeper.add(
          front: "犬", back: "dog", collection: nil, note: nil, tags: [], duplicate: false, now: now)
      },
      { _ = try keeper.addRecall(topic: "は", note: nil, dueAt: later) },
      {
        let config = test.workspace.paths.config
        try FileManager.default.createDirectory(
          atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileIO.writeAtomically(Array("[daily]\ntime = \"07:00\"\n".utf8), to: config)
      },
      // Last: a held reminder keeps every later run from being quiet.
      { try Self.hold(test, "x", at: now) },
    ]
    for change in changes {
      try Self.run(test, sender, at: now)
      #expect(Self.isQuiet(test, at: later))
      try change()
      #expect(!Self.isQuiet(test, at: later))
    }
  }

  /// No quiet while anything waits on more than the plan: answers in the journal a session
  /// keeps from the fold, a focus session, a reminder held by do-not-disturb. A run that folds
  /// the journal may leave the next ones quiet.
  @Test func nothingWaitingIsNeeded() throws {
    let test = try TestWorkspace()
    try test.save(Self.deck())
    let sender = FakeSender()
    let now = Self.t("2026-11-21T06:00:00+09:00")
    let quiet = QuietFile(stateDir: test.workspace.paths.stateDir)
    try test.workspace.deckStore.append(
      .recalls([RecallItem(id: "r-0", topic: "は", dueAt: now.addingTimeInterval(7200))]), clock: test.dayClock
    )
    var session: FileLock? = try test.workspace.deckStore.holdSession()
    try Self.run(test, sender, at: now)
    #expect(quiet.read() == nil)
    withExtendedLifetime(session) { session = nil }
    try Self.run(test, sender, at: now)
    #expect(!FileManager.default.fileExists(atPath: test.workspace.paths.deck + ".journal"))
    #expect(quiet.read() != nil)
    try Self.hold(test, "r1", at: now)
    try Self.run(test, sender, at: now)
    #expect(quiet.read() == nil)
  }

  /// The same deliveries, at the same minutes, whether the quiet runs are skipped or run in full:
  /// random days of changes (cards and recall items added, answered, removed) and runs.
  @Test(arguments: 0..<12)
  func quietRunsChangeNothing(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let skipping = try TestWorkspace()
    let full = try TestWorkspace()
    for test in [skipping, full] { try test.save(Self.deck()) }
    let senders = [FakeSender(), FakeSender()]
    var now = Self.t("2026-11-21T05:00:00+09:00")
    var skipped = 0
    var deliveries: [[String]] = [[], []]
    for step in 0..<160 {
      now = now.addingTimeInterval(TimeInterval(60 * (1 + Int(random.next() % 17))))
      let change = random.next() % 9
      let due = now.addingTimeInterval(TimeInterval(60 * Int(random.next() % 300)))
      for (i, test) in [skipping, full].enumerated() {
        let keeper = DeckKeeper(workspace: test.workspace)
        switch change {
        case 0:
          _ = try keeper.add(
            front: "語\(step)", back: "w", collection: nil, note: nil, tags: [], duplicate: false, now: now)
        case 1: _ = try keeper.addRecall(topic: "topic \(step)", note: nil, dueAt: due)
        case 2:
          if let card = try test.deck().cards.first(where: { $0.isDue(on: test.dayClock.day(of: now)) }) {
            _ = try keeper.answer(
              { view in try view.card(id: card.id)! }, rating: step % 2 == 0 ? .again : .good,
              now: now)
          }
        default: break
        }
        if i == 0, Self.isQuiet(test, at: now) {
          skipped += 1
        } else {
          try Self.run(test, senders[i], at: now)
        }
        deliveries[i] = senders[i].shown.map { "\($0.popup.title)" }
      }
      #expect(deliveries[0] == deliveries[1], "step \(step) at \(now)")
    }
    #expect(skipped > 20, "only \(skipped) runs were quiet")
    #expect(!deliveries[1].isEmpty)
    // The same reminders delivered at the same moments (recall items' ids are each deck's own).
    let ledgers = try [skipping, full].map { test in
      try test.workspace.ledgerStore.load().entries.values.map {
        "\($0.reminderID.description.prefix { $0 != ":" }) \($0.deliveredAt.timeIntervalSince1970) \($0.title)"
      }.sorted()
    }
    #expect(ledgers[0] == ledgers[1])
  }
}
