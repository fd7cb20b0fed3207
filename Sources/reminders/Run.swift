import ArgumentParser
import Foundation
import RemindersCore
import RemindersDBus
import RemindersICalendar
import RemindersStore

/// `reminders run`: the timer's job.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Deliver what is due now and not yet delivered, and record it.",
    discussion:
      "Pop-ups go to org.freedesktop.Notifications on the session bus; where none can be shown, the reminder is written to the fallback calendar file. Each reminder is delivered at most once."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  func run() throws {
    try Run.deliver(invocation: Invocation(global), now: time.instant)
  }

  static func deliver(invocation: Invocation, now: Date) throws {
    let report = try DeliveryRun(invocation: invocation).deliver(now: now)
    for line in report.delivered { print(line) }
    for line in report.fellBack { ExitStatus.say(line) }
  }

  /// The timer's hot path: `reminders run` with only `--config/--deck/--state-dir/--lang/--now`
  /// and valid values, read without the argument parser.
  ///
  /// The timer starts `run` every minute, and the parser's reflection costs more than the rest
  /// of a run with nothing to deliver. Anything else (help, an unknown flag, a bad value) returns
  /// nil and goes through the parser, which reports it.
  static func fastPath(_ arguments: [String]) -> (() throws -> Void)? {
    guard arguments.first == "run", arguments.count % 2 == 1 else { return nil }
    var values: [String: String] = [:]
    for i in stride(from: 1, to: arguments.count, by: 2) {
      let name = arguments[i]
      guard ["--config", "--deck", "--state-dir", "--lang", "--now"].contains(name), values[name] == nil
      else { return nil }
      values[name] = arguments[i + 1]
    }
    if let lang = values["--lang"], Language(rawValue: lang) == nil { return nil }
    var now = Date()
    if let text = values["--now"] {
      guard let parsed = Timestamp.parse(text) else { return nil }
      now = parsed
    }
    return {
      let invocation = try Invocation(
        config: values["--config"], deck: values["--deck"], stateDir: values["--state-dir"],
        lang: values["--lang"],
        environment: ProcessInfo.processInfo.environment)
      try deliver(invocation: invocation, now: now)
    }
  }
}

/// One run of delivery: plan what is due, hand it to the desktop or the calendar, record it.
struct DeliveryRun {
  let invocation: Invocation
  /// How long a run waits for another to release the lock before giving up (exit 75).
  static let lockSeconds = 10

  struct Report {
    var delivered: [String] = []
    var fellBack: [String] = []
  }

  func deliver(now: Date) throws -> Report {
    let lock = try FileLock(path: invocation.paths.lock, seconds: DeliveryRun.lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    var ledger = try invocation.ledgerStore.load()
    let input = try invocation.planInput(writeCache: true)
    let due = invocation.planner.due(input, ledger: ledger, now: now)
    var stale = stalePopup(ledger: ledger, input: input, now: now)
    var report = Report()
    guard !due.isEmpty || stale != nil else { return report }

    // Whether `reminders watch` follows pop-ups now: only then is a new one known to be on screen,
    // and only then may one be replaced (without it, one that has closed would come back).
    let watched = FileLock.isHeld(invocation.paths.watchLock)
    if let gone = stale, !watched {
      ledger.offScreen(gone.reminderID, at: now, because: "reminders watch stopped")
      stale = nil
      if due.isEmpty {
        try invocation.ledgerStore.save(ledger, clock: invocation.clock)
        return report
      }
    }
    let desktop = Desktop.reach(environment: invocation.environment)
    var toCalendar: [(Reminder, String)] = []
    for reminder in due {
      switch desktop {
      case .unreachable(let why):
        toCalendar.append((reminder, why))
      case .reachable(let bus, let dnd):
        if dnd.state == .on && !reminder.critical {
          // Held, not lost: the next run after do-not-disturb ends delivers it.
          for id in [reminder.id] + reminder.recallItemIDs where ledger.held[id] == nil {
            ledger.held[id] = now
          }
          report.delivered.append("held \(reminder.id): do-not-disturb (\(dnd.probe?.location ?? "desktop"))")
          continue
        }
        do {
          let id = try bus.notify(
            summary: reminder.title, body: try Desktop.bodyText(reminder.body, bus: bus),
            hints: Desktop.hints(reminder.kind, critical: reminder.critical))
          ledger.record(
            .init(
              reminderID: reminder.id, deliveredAt: now, channel: .popup, notificationID: id,
              recallItemIDs: reminder.recallItemIDs, title: reminder.title, body: reminder.body,
              onScreen: watched))
          // Recorded at once, so a crash right after a pop-up cannot send it again.
          try invocation.ledgerStore.save(ledger, clock: invocation.clock)
          report.delivered.append("popup \(reminder.id): \(reminder.title)")
        } catch {
          toCalendar.append((reminder, Desktop.explain(error)))
        }
      }
    }
    if !toCalendar.isEmpty {
      let path = invocation.configuration.fallbackPath ?? invocation.paths.defaultFallback
      let existing = try FileIO.read(path)
      let merged: [UInt8]
      do {
        merged = try FallbackCalendar.merge(
          existing: existing, reminders: toCalendar.map(\.0), language: invocation.texts.language, stamp: now)
      } catch .malformed(let line, let reason) {
        // A calendar file we cannot read is left untouched; the reminders stay undelivered.
        try invocation.ledgerStore.save(ledger, clock: invocation.clock)
        throw StoreError.corrupt(path: path, at: TextPosition(line: line), reason: reason)
      }
      try FileIO.writeAtomically(merged, to: path)
      for (reminder, why) in toCalendar {
        ledger.record(
          .init(
            reminderID: reminder.id, deliveredAt: now, channel: .calendar, notificationID: nil,
            recallItemIDs: reminder.recallItemIDs, title: reminder.title, body: reminder.body))
        report.delivered.append("calendar \(reminder.id): \(reminder.title)")
        report.fellBack.append("\(reminder.id) went to the calendar file \(path): \(why)")
      }
    }
    if let stale { refresh(stale, on: desktop, ledger: &ledger, report: &report, now: now) }
    ledger.forgetDaily(before: invocation.clock.day(of: now).adding(days: -7))
    try invocation.ledgerStore.save(ledger, clock: invocation.clock)
    return report
  }

  /// Today's daily pop-up, when it is known to be on screen and the deck now says something
  /// else (answers, new cards): what it should say instead, nil when no card is left.
  struct StalePopup {
    var reminderID: String
    var notificationID: UInt32
    var content: DailyContent?
  }

  /// Costs a dictionary lookup on most runs: the deck is looked at only while a pop-up is known
  /// to be on screen.
  func stalePopup(ledger: DeliveryLedger, input: PlanInput, now: Date) -> StalePopup? {
    let day = invocation.clock.day(of: now)
    let id = "daily:\(day)"
    guard let entry = ledger.entries[id], entry.channel == .popup, entry.onScreen,
      let notificationID = entry.notificationID
    else { return nil }
    let content = invocation.planner.dailyContent(on: day, input: input)
    if let content, content.title == entry.title, content.body == entry.body { return nil }
    return StalePopup(reminderID: id, notificationID: notificationID, content: content)
  }

  /// Replaces the stale pop-up in place (`Notify` with its id as replaces_id), or closes it when
  /// no card is left; not during do-not-disturb (the first run after it does it). Whatever goes
  /// wrong takes the pop-up off screen, so that it is never tried again.
  func refresh(
    _ stale: StalePopup, on desktop: Desktop, ledger: inout DeliveryLedger, report: inout Report, now: Date
  ) {
    let id = stale.reminderID
    switch desktop {
    case .unreachable(let why):
      ledger.offScreen(id, at: now, because: why)
    case .reachable(let bus, let dnd):
      guard dnd.state != .on else { return }
      do {
        if let content = stale.content {
          let shown = try bus.notify(
            replacesID: stale.notificationID, summary: content.title,
            body: try Desktop.bodyText(content.body, bus: bus),
            hints: Desktop.hints(.dailyReview, critical: false))
          ledger.replaced(id, notificationID: shown, title: content.title, body: content.body, at: now)
          report.delivered.append("updated \(id): \(content.title)")
        } else {
          try bus.closeNotification(id: stale.notificationID)
          ledger.offScreen(id, at: now, because: "no card left to review")
          report.delivered.append("closed \(id): no card left to review")
        }
      } catch {
        ledger.offScreen(id, at: now, because: Desktop.explain(error))
        report.fellBack.append("the pop-up of \(id) was left as it was: \(Desktop.explain(error))")
      }
    }
  }
}

/// The desktop as `run` finds it: a notification server to talk to, or why there is none.
enum Desktop {
  case reachable(SessionBus, dnd: DoNotDisturbReading)
  case unreachable(String)

  static func reach(environment: [String: String]) -> Desktop {
    do {
      let bus = try SessionBus.connect(environment: environment)
      var dnd = bus.doNotDisturb()
      if dnd.state != .on, let gnome = GnomeBanners.doNotDisturb(environment: environment) { dnd = gnome }
      return .reachable(bus, dnd: dnd)
    } catch {
      return .unreachable(explain(error))
    }
  }

  /// The hints of a reminder's pop-up, the first one and its replacements alike: urgency, and
  /// category `x-reminders.<kind>`.
  static func hints(_ kind: ReminderKind, critical: Bool) -> NotificationHints {
    NotificationHints(urgency: critical ? .critical : .normal, category: "x-reminders.\(kind.rawValue)")
  }

  /// The body as the server should get it: escaped when the server advertises `body-markup`.
  ///
  /// Capabilities are asked only when the text holds `<`, `>` or `&`, the only characters that
  /// escaping changes: most bodies need no extra round trip.
  static func bodyText(_ body: String, bus: SessionBus) throws -> String {
    guard body.contains(where: { $0 == "<" || $0 == ">" || $0 == "&" }) else { return body }
    return try bus.getCapabilities().contains("body-markup") ? NotificationMarkup.escape(body) : body
  }

  /// Why a pop-up could not be shown, in words, with the D-Bus error name.
  static func explain(_ error: Error) -> String {
    guard let error = error as? BusError else { return "\(error)" }
    switch error.name {
    case .serviceUnknown: return "no notification server on the session bus (\(error.name))"
    case .noReply, .timeout: return "the notification server did not answer in time (\(error.name))"
    case .fileNotFound, .noServer, .badAddress, .disconnected:
      return "no session bus (\(error.name): \(error.message))"
    default: return "the notification server refused it (\(error.name): \(error.message))"
    }
  }
}

/// GNOME's do-not-disturb: `org.gnome.desktop.notifications show-banners` false, read with
/// gsettings (GSettings is not a D-Bus question). Asked only on a GNOME session.
enum GnomeBanners {
  static func doNotDisturb(environment: [String: String]) -> DoNotDisturbReading? {
    guard (environment["XDG_CURRENT_DESKTOP"] ?? "").uppercased().contains("GNOME") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gsettings", "get", "org.gnome.desktop.notifications", "show-banners"]
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let on = text.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    return DoNotDisturbReading(state: on ? .on : .off, probe: nil, server: "GNOME (gsettings show-banners)")
  }
}
