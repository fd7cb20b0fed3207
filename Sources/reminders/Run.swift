import ArgumentParser
import Foundation
import RemindersCore
import RemindersDBus
import RemindersICalendar
import RemindersStore

/// `reminders run`: the timer's job.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Deliver what is due now and not yet delivered, and record it.",
    discussion: "Pop-ups go to org.freedesktop.Notifications on the session bus; where none can be shown, the reminder is written to the fallback calendar file. Each reminder is delivered at most once.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  func run() throws {
    let invocation = try Invocation(global)
    let report = try DeliveryRun(invocation: invocation).deliver(now: time.instant)
    for line in report.delivered { print(line) }
    for line in report.fellBack { ExitStatus.say(line) }
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
    var report = Report()
    guard !due.isEmpty else { return report }

    let desktop = Desktop.reach(environment: invocation.environment)
    var toCalendar: [(Reminder, String)] = []
    for reminder in due {
      switch desktop {
      case .unreachable(let why):
        toCalendar.append((reminder, why))
      case .reachable(let bus, let markup, let dnd):
        if dnd.state == .on && !reminder.critical {
          // Held, not lost: the next run after do-not-disturb ends delivers it.
          for id in [reminder.id] + reminder.recallItemIDs where ledger.held[id] == nil { ledger.held[id] = now }
          report.delivered.append("held \(reminder.id): do-not-disturb (\(dnd.probe?.location ?? "desktop"))")
          continue
        }
        do {
          let id = try bus.notify(
            summary: reminder.title, body: markup ? NotificationMarkup.escape(reminder.body) : reminder.body,
            hints: NotificationHints(
              urgency: reminder.critical ? .critical : .normal, category: "x-reminders.\(reminder.kind.rawValue)"))
          ledger.record(
            .init(reminderID: reminder.id, deliveredAt: now, channel: .popup, notificationID: id,
              recallItemIDs: reminder.recallItemIDs, title: reminder.title))
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
        throw StoreError.corrupt(path: path, line: line, column: 1, reason: reason)
      }
      try FileIO.writeAtomically(merged, to: path)
      for (reminder, why) in toCalendar {
        ledger.record(
          .init(reminderID: reminder.id, deliveredAt: now, channel: .calendar, notificationID: nil,
            recallItemIDs: reminder.recallItemIDs, title: reminder.title))
        report.delivered.append("calendar \(reminder.id): \(reminder.title)")
        report.fellBack.append("\(reminder.id) went to the calendar file \(path): \(why)")
      }
    }
    ledger.forgetDaily(before: invocation.clock.day(of: now).adding(days: -7))
    try invocation.ledgerStore.save(ledger, clock: invocation.clock)
    return report
  }
}

/// The desktop as `run` finds it: a notification server to talk to, or why there is none.
enum Desktop {
  case reachable(SessionBus, markup: Bool, dnd: DoNotDisturbReading)
  case unreachable(String)

  static func reach(environment: [String: String]) -> Desktop {
    do {
      let bus = try SessionBus.connect(environment: environment)
      let capabilities = try bus.getCapabilities()
      var dnd = bus.doNotDisturb()
      if dnd.state != .on, let gnome = GnomeBanners.doNotDisturb(environment: environment) { dnd = gnome }
      return .reachable(bus, markup: capabilities.contains("body-markup"), dnd: dnd)
    } catch {
      return .unreachable(explain(error))
    }
  }

  /// Why a pop-up could not be shown, in words, with the D-Bus error name.
  static func explain(_ error: Error) -> String {
    guard let error = error as? BusError else { return "\(error)" }
    switch error.name {
    case .serviceUnknown: return "no notification server on the session bus (\(error.name))"
    case .noReply, .timeout: return "the notification server did not answer in time (\(error.name))"
    case .fileNotFound, .noServer, .badAddress, .disconnected: return "no session bus (\(error.name): \(error.message))"
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
