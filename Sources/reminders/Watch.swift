import ArgumentParser
import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersDesktopDBus
import RemindersStore

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
  var ja: Bool { invocation.texts.language == .ja }

  func run() throws {
    let held: FileLock
    do {
      held = try FileLock(path: invocation.paths.watchLock, seconds: 2)
    } catch StoreError.locked {
      throw CommandFailure(
        ja
          ? "\(invocation.paths.watchLock): この状態フォルダーには別の reminders watch が動いています"
          : "\(invocation.paths.watchLock): another reminders watch runs for this state folder",
        code: ExitStatus.locked)
    }
    defer { withExtendedLifetime(held) {} }
    let monitor: NotificationMonitor
    do throws(WatchFailure) {
      monitor = try NotificationMonitor.start(environment: invocation.environment)
    } catch .notAllowed(let error) {
      // Trying again would not help: the unit does not restart on this code.
      throw CommandFailure(
        ja
          ? "通知を見守れません: このセッションバスは reminders に監視を許していません（\(error)）。ポップアップは最初の表示のままです"
          : "cannot watch notifications: this session bus does not let reminders monitor it (\(error)); "
            + "pop-ups stay as first shown", code: ExitStatus.noPermission)
    } catch {
      let why =
        switch error {
        case .unreachable(let failure): failure.text(invocation.texts.language)
        case .notAllowed(let detail), .stopped(let detail): detail
        }
      throw CommandFailure(
        ja ? "通知を見守れません: \(why)" : "cannot watch notifications: \(why)", code: ExitStatus.unavailable)
    }
    var watch = PopupWatch(
      ledger: invocation.ledgerFile, actions: desktopActions(),
      snoozeAfter: invocation.configuration.schedule.snoozeAfter)
    try watch.start(at: Date())
    say(
      ja
        ? "\(monitor.address) の通知を \(invocation.paths.ledger) のために見守ります。"
        : "Watching notifications on \(monitor.address) for \(invocation.paths.ledger).")
    do {
      try watch.follow(monitor, clock: { Date() }) { note in lines(note).forEach(say) }
    } catch WatchFailure.stopped(let error) {
      throw CommandFailure(
        ja ? "通知の見守りが止まりました: \(error)" : "stopped watching notifications: \(error)",
        code: ExitStatus.unavailable)
    }
  }

  /// `reminders review` for this session's files, in a terminal (docs/delivery.md).
  func desktopActions() -> DesktopActions {
    let paths = invocation.paths
    let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "reminders"
    // Absolute: the terminal may start anywhere (a terminal server's own folder).
    let folder = FileManager.default.currentDirectoryPath
    let absolute = { (path: String) in path.hasPrefix("/") ? path : folder + "/" + path }
    let review = [
      binary, "review", "--config", absolute(paths.config), "--deck", absolute(paths.deck), "--state-dir",
      absolute(paths.stateDir), "--lang", invocation.texts.language.rawValue,
    ]
    let desktop = invocation.desktop
    return DesktopActions(
      review: review, terminal: invocation.configuration.reviewTerminal, environment: invocation.environment,
      language: invocation.texts.language, anki: invocation.configuration.anki?.command ?? ["anki"],
      connect: { () throws(SendFailure) -> any NotificationSender in try desktop.connect() })
  }

  func lines(_ note: PopupWatch.Note) -> [String] {
    switch note {
    case .reviewStarted(let id, let command):
      let shown = command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
      return [
        ja ? "\(id) のポップアップから復習を始めました: \(shown)" : "Started the review from the pop-up of \(id): \(shown)"
      ]
    case .reviewNotStarted(let id, let why):
      return [
        ja
          ? "reminders: \(id) のポップアップから復習を始められません: \(why)"
          : "reminders: cannot start the review from the pop-up of \(id): \(why)"
      ]
    case .snoozed(let id, let returning, let until):
      let stamp = Timestamp.format(until, in: invocation.clock)
      return [
        ja
          ? "\(id) をスヌーズしました: \(stamp) に \(returning) として戻ります（通知できる時間なら）。"
          : "Snoozed \(id): it comes back as \(returning) at \(stamp) (or the next allowed moment)."
      ]
    case .closed(let ids, let notification, let reason):
      return ids.map { id in
        ja
          ? "\(id) のポップアップ（通知 \(notification)）が閉じました: \(reasonText(reason))。"
          : "The pop-up of \(id) (notification \(notification)) closed: \(reason)."
      }
    case .serverChanged(let ids):
      let names = ids.map(\.description).joined(separator: ", ")
      return [
        ja ? "通知サーバーが替わりました。画面から外したもの: \(names)。" : "The notification server changed; off screen: \(names)."
      ]
    }
  }

  func reasonText(_ reason: NotificationEvent.CloseReason) -> String {
    switch reason {
    case .expired: "表示時間が過ぎました"
    case .dismissed: "利用者が閉じました"
    case .closedByCall: "CloseNotification で閉じられました"
    case .undefined: "理由は示されませんでした"
    }
  }

  /// One line on stdout (the journal, under systemd), written at once.
  private func say(_ line: String) {
    print(line)
    fflush(nil)
  }
}
