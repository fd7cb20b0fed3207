import Foundation
import RemindersCore
import RemindersDBus
import RemindersStore

/// The command that runs the rest of its arguments in a terminal (SPEC §6.1): config
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
      let program = command[0]
      if program.contains("/") {
        if access(program, X_OK) == 0 { return command }
      } else if let path = ProcessRunner.find(program, environment: environment) {
        return [path] + command.dropFirst()
      }
    }
    return nil
  }
}

/// Why no review was started.
public struct LaunchFailure: Error, CustomStringConvertible {
  public var description: String
}

/// The watch's actions on this desktop: `reminders review` in a terminal, started detached, and
/// pop-ups closed over a connection of its own (the watch's monitor connection cannot send).
public final class DesktopActions: ActionTaker {
  /// `reminders review` and the options that name this session's files.
  let review: [String]
  let terminal: [String]?
  let environment: [String: String]
  var bus: SessionBus?
  let language: Language

  public init(review: [String], terminal: [String]?, environment: [String: String], language: Language) {
    self.review = review
    self.terminal = terminal
    self.environment = environment
    self.language = language
  }

  public func startReview(recallsOnly: Bool, activationToken: String?) throws -> [String] {
    guard let terminal = TerminalCommand.resolve(configured: self.terminal, environment: environment) else {
      let tried = (self.terminal.map { [$0] } ?? TerminalCommand.candidates).map { $0[0] }.joined(
        separator: ", ")
      throw LaunchFailure(
        description: language == .ja
          ? "端末が見つかりません（\(tried)）。config の review.terminal で指定できます"
          : "no terminal found (tried \(tried)); set review.terminal in the config")
    }
    var environment = self.environment
    if let activationToken {
      environment["XDG_ACTIVATION_TOKEN"] = activationToken
      environment["DESKTOP_STARTUP_ID"] = activationToken
    }
    let command = terminal + review + (recallsOnly ? ["--recalls"] : [])
    do {
      try ProcessRunner.startDetached(command[0], Array(command.dropFirst()), environment: environment)
    } catch {
      throw LaunchFailure(description: "\(command[0]): \(error)")
    }
    return command
  }

  public func close(_ id: UInt32) {
    for _ in 0..<2 {
      do throws(BusError) {
        let bus: SessionBus
        if let open = self.bus { bus = open } else { bus = try SessionBus.connect(environment: environment) }
        self.bus = bus
        try bus.closeNotification(id: id)
        return
      } catch {
        self.bus = nil  // connect again once: the bus may have restarted
      }
    }
  }
}
