import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersDesktopDBus
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders watch`: follows the pop-ups `run` showed, so that `run` can tell which are still on
/// screen.
struct Watch: ParsableCommand {
  static let configuration = CommandConfiguration.described(.watch, name: "watch")

  @OptionGroup var global: GlobalOptions

  func run() throws {
    try WatchCommand(invocation: Invocation(global)).run()
  }
}

/// `reminders watch`: the watch lock, the bus monitor, and `PopupWatch`'s rules over its events.
struct WatchCommand {
  let invocation: Invocation
  var words: any Catalogue { invocation.words }

  func run() throws {
    let held: FileLock
    do {
      held = try FileLock(path: invocation.paths.watchLock, seconds: 2)
    } catch StoreError.locked {
      throw CommandFailure(words.anotherWatch(lock: invocation.paths.watchLock), code: ExitStatus.locked)
    }
    defer { withExtendedLifetime(held) {} }
    let monitor: NotificationMonitor
    do throws(WatchFailure) {
      monitor = try NotificationMonitor.start(environment: invocation.environment)
    } catch .notAllowed(let error) {
      // Trying again would not help: the unit does not restart on this code.
      throw CommandFailure(
        words.monitorNotAllowed(error.text(invocation.language)), code: ExitStatus.noPermission)
    } catch {
      let why =
        switch error {
        case .unreachable(let failure): failure.text(invocation.language)
        case .notAllowed(let bus), .stopped(let bus): bus.text(invocation.language)
        }
      throw CommandFailure(words.cannotWatch(why), code: ExitStatus.unavailable)
    }
    var watch = PopupWatch(
      ledger: invocation.ledgerFile, actions: desktopActions(),
      snoozeAfter: invocation.configuration.schedule.snoozeAfter, reviewIn: invocation.configuration.reviewIn)
    try watch.start(at: Date())
    say(words.watching(address: monitor.address, ledger: invocation.paths.ledger))
    do {
      let text = WatchText(language: invocation.language, clock: invocation.clock)
      try watch.follow(monitor, clock: { Date() }) { note in text.lines(note).forEach(say) }
    } catch WatchFailure.stopped(let error) {
      throw CommandFailure(words.watchStopped(error.text(invocation.language)), code: ExitStatus.unavailable)
    }
  }

  /// `reminders review` for this session's files, in a terminal, or the desktop app's Study
  /// (docs/delivery.md).
  func desktopActions() -> DesktopActions {
    let paths = invocation.paths
    let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "reminders"
    // Absolute: the terminal may start anywhere (a terminal server's own folder).
    let folder = FileManager.default.currentDirectoryPath
    let absolute = { (path: String) in path.hasPrefix("/") ? path : folder + "/" + path }
    let review = [
      binary, "review", "--config", absolute(paths.config), "--deck", absolute(paths.deck), "--state-dir",
      absolute(paths.stateDir), "--lang", invocation.language.rawValue,
    ]
    // The desktop app's Study over the same files: the one installed beside this binary, else
    // the one on PATH.
    let app = AppCommand(
      programs: [
        URL(fileURLWithPath: binary).deletingLastPathComponent().path + "/reminders-desktop",
        "reminders-desktop",
      ],
      arguments: ["--study"] + review.dropFirst(2))
    let desktop = invocation.desktop
    let (workspace, ledger, language) = (invocation.workspace, invocation.ledgerFile, invocation.language)
    let text = WatchText(language: language, clock: invocation.clock)
    let title = words.reviewNotStartedTitle
    return DesktopActions(
      review: review, terminal: invocation.configuration.reviewTerminal, app: app,
      environment: invocation.environment,
      anki: invocation.configuration.anki?.command ?? ["anki"],
      cards: { id, choice, _, connect in
        // A connection of the session's own: it lives as long as the session.
        try PopupReview.start(
          workspace: workspace, ledger: ledger, time: SystemTime(), sender: connect(), language: language,
          replacing: id, choice: choice)
      },
      notice: { failure in Popup(kind: .dailyReview, title: title, body: text.text(failure)) },
      connect: { () throws(SendFailure) -> any NotificationSender in try desktop.connect() })
  }

  /// One line on stdout (the journal, under systemd), written at once.
  private func say(_ line: String) {
    print(line)
    fflush(nil)
  }
}
