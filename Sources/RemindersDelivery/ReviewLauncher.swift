import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

/// The command that runs the rest of its arguments in a terminal (docs/delivery.md): config
/// `review.terminal`, else the first of `candidates` found on `PATH`.
public enum TerminalCommand {
  /// In the order tried: the freedesktop launcher first, then Debian's alternative, then the
  /// terminals of the desktops (each with the option after which it runs a command).
  public static let candidates: [[String]] = [
    ["xdg-terminal-exec"], ["x-terminal-emulator", "-e"], ["gnome-terminal", "--"], ["konsole", "-e"],
    ["xfce4-terminal", "-x"], ["foot"], ["kitty"], ["alacritty", "-e"], ["xterm", "-e"],
  ]

  /// The command with its program resolved to a path; nil when none is found. A configured
  /// program without a slash is looked up on `PATH`.
  public static func resolve(configured: [String]?, environment: [String: String]) -> [String]? {
    for command in configured.map({ [$0] }) ?? candidates {
      if let path = ProcessRunner.locate(command[0], environment: environment) {
        return [path] + command.dropFirst()
      }
    }
    return nil
  }
}

/// Why no review was started (the catalogue says it: `DeliveryMessages.launchProblem`).
public struct LaunchFailure: Error, Equatable {
  public var problem: LaunchProblem

  public init(_ problem: LaunchProblem) { self.problem = problem }
}

/// Where the desktop app is (docs/app.md): the first of `programs` that is there (a path that
/// can be run, or a name found on `PATH`), with `arguments` (`--study` and this session's files).
public struct AppCommand: Equatable, Sendable {
  public var programs: [String]
  public var arguments: [String]

  public init(programs: [String], arguments: [String]) {
    self.programs = programs
    self.arguments = arguments
  }

  /// The command with its program resolved to a path; nil when the app is not installed.
  public func resolve(environment: [String: String]) -> [String]? {
    for program in programs {
      if let path = ProcessRunner.locate(program, environment: environment) { return [path] + arguments }
    }
    return nil
  }
}

/// The watch's actions on this desktop: the desktop app's Study or `reminders review` in a
/// terminal, started detached, and pop-ups closed through a sender of its own (the watch's monitor
/// connection cannot send).
public final class DesktopActions: ActionTaker {
  /// `reminders review` and the options that name this session's files.
  let review: [String]
  let terminal: [String]?
  /// The desktop app's Study over this session's files; nil: none.
  let app: AppCommand?
  let environment: [String: String]
  /// Makes the sender that closes pop-ups (`SessionDesktop.connect`).
  let connect: () throws(SendFailure) -> any NotificationSender
  var sender: (any NotificationSender)?
  /// Config `anki.command`: what starts Anki.
  let anki: [String]
  /// Starts a review in the pop-up with a sender of its own (the app layer's `PopupReview`); nil:
  /// this watch cannot (a test's).
  let cards:
    (
      (UInt32, CardChoice, Date, () throws(SendFailure) -> any NotificationSender) throws -> (any CardPopups)?
    )?
  /// The pop-up that says why a click started nothing, in the session's words; nil: none.
  let notice: ((ActionFailure) -> Popup)?
  /// How long a program started is watched: one that ends within it with a status not 0 did not
  /// start (`LaunchProblem.stoppedAtOnce`).
  public static let startGrace: Double = 3

  public init(
    review: [String], terminal: [String]?, app: AppCommand? = nil, environment: [String: String],
    anki: [String] = ["anki"],
    cards: (
      (UInt32, CardChoice, Date, () throws(SendFailure) -> any NotificationSender) throws -> (any CardPopups)?
    )? = nil,
    notice: ((ActionFailure) -> Popup)? = nil,
    connect: @escaping () throws(SendFailure) -> any NotificationSender
  ) {
    self.cards = cards
    self.notice = notice
    self.review = review
    self.terminal = terminal
    self.app = app
    self.environment = environment
    self.anki = anki
    self.connect = connect
  }

  public func startAnki(activationToken: String?) throws -> [String] {
    var command = anki
    if !command[0].contains("/") {
      guard let path = ProcessRunner.find(command[0], environment: environment) else {
        throw LaunchFailure(.ankiNotFound(command: command[0]))
      }
      command[0] = path
    }
    try start(command, activationToken: activationToken, setting: "anki.command")
    return command
  }

  /// Starts `command` detached, with the pop-up's activation token (the window it opens may
  /// take the focus), and watches it for `startGrace`: one that ends at once with a status not 0
  /// (a terminal that cannot reach the display) is `stoppedAtOnce`, naming `setting`.
  func start(_ command: [String], activationToken: String?, setting: String?) throws {
    var environment = self.environment
    if let activationToken {
      environment["XDG_ACTIVATION_TOKEN"] = activationToken
      environment["DESKTOP_STARTUP_ID"] = activationToken
    }
    let status: Int32?
    do {
      status = try ProcessRunner.startDetached(
        command[0], Array(command.dropFirst()), environment: environment, watching: Self.startGrace)
    } catch {
      throw LaunchFailure(.notStarted(command: command[0], error: "\(error)"))
    }
    if let status, status != 0 {
      let name = URL(fileURLWithPath: command[0]).lastPathComponent
      throw LaunchFailure(.stoppedAtOnce(command: name, status: status, setting: setting))
    }
  }

  public func tell(_ failure: ActionFailure) {
    guard let popup = notice?(failure) else { return }
    withSender { sender throws(SendFailure) in _ = try sender.show(popup, replacing: nil) }
  }

  public func startReview(recallsOnly: Bool, inApp: Bool, activationToken: String?) throws -> [String] {
    // The app's Study holds the recall items due with the cards; where it is not installed, the
    // terminal.
    if inApp, let command = app?.resolve(environment: environment) {
      try start(command, activationToken: activationToken, setting: nil)
      return command
    }
    guard let terminal = TerminalCommand.resolve(configured: self.terminal, environment: environment) else {
      let tried = (self.terminal.map { [$0] } ?? TerminalCommand.candidates).map { $0[0] }.joined(
        separator: ", ")
      throw LaunchFailure(.noTerminal(tried: tried))
    }
    let command = terminal + review + (recallsOnly ? ["--recalls"] : [])
    try start(command, activationToken: activationToken, setting: "review.terminal")
    return command
  }

  public func startCards(replacing id: UInt32, choice: CardChoice, at now: Date) throws -> (any CardPopups)? {
    guard let cards else { throw LaunchFailure(.noReviewInPopup) }
    return try cards(id, choice, now, connect)
  }

  public func close(_ id: UInt32) {
    withSender { sender throws(SendFailure) in try sender.close(id) }
  }

  /// `body` with the watch's own sender, connected again once when it fails (the bus may have
  /// restarted); a second failure is let go (a pop-up gone, or no server: nothing to do).
  private func withSender(_ body: (any NotificationSender) throws(SendFailure) -> Void) {
    for _ in 0..<2 {
      do throws(SendFailure) {
        let sender: any NotificationSender
        if let open = self.sender { sender = open } else { sender = try connect() }
        self.sender = sender
        try body(sender)
        return
      } catch {
        self.sender = nil
      }
    }
  }
}
