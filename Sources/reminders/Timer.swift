import ArgumentParser
import Foundation

/// `reminders timer`: the systemd user timer that starts `reminders run` every minute, and the
/// service that runs `reminders watch` beside it.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Install, remove or inspect the systemd user timer that starts `reminders run` every minute.",
    discussion:
      "The units go to $XDG_CONFIG_HOME/systemd/user (reminders.service, reminders.timer, and reminders-watch.service, which runs `reminders watch` to follow the pop-ups on screen), with the absolute path of this binary.",
    subcommands: [Install.self, Uninstall.self, Status.self, PrintUnit.self])

  struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "install",
      abstract: "Write the units, then enable and start the timer and the watch service (or print how to).",
      discussion:
        "Runs `systemctl --user daemon-reload` and `systemctl --user enable --now reminders.timer reminders-watch.service` when a user manager is reachable. Running it again changes nothing; after moving the binary, it rewrites the units. The global options given are passed on to `reminders run` and `reminders watch`."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let text = TimerText.forCommand(global)
      let units = try TimerUnits.forInvocation(global)
      let installed = try TimerInstallation(environment: ProcessInfo.processInfo.environment).install(units)
      print(installed.report(execStart: units.execStart, text), terminator: "")
    }
  }

  struct Uninstall: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "uninstall",
      abstract: "Stop and disable the timer and the watch service; remove the units `timer install` wrote.",
      discussion: "Units of the same name that `timer install` did not write are left in place.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let text = TimerText.forCommand(global)
      let removed = try TimerInstallation(environment: ProcessInfo.processInfo.environment).uninstall()
      print(removed.report(text), terminator: "")
      for path in removed.leftForeign { ExitStatus.say(text.leftForeign(path)) }
      if let failure = removed.disableFailure { ExitStatus.say(text.error(failure)) }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract:
        "Tell whether the timer is installed, enabled and active, its next start, and the watch service's state."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let text = TimerText.forCommand(global)
      let state = try TimerInstallation(environment: ProcessInfo.processInfo.environment).status()
      print(TextTable.render(state.rows(text)), terminator: "")
    }
  }

  struct PrintUnit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "print-unit",
      abstract: "Print the text of a unit (service, timer or watch service), as `timer install` writes it.",
      discussion:
        "For packagers: `reminders timer print-unit service --exec /usr/bin/reminders`. Without the first line by which `timer uninstall` recognises the units it wrote."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Which unit.", valueName: "service|timer|watch"))
    var unit: TimerUnits.Unit

    @Option(help: ArgumentHelp("The binary ExecStart names (default: this one).", valueName: "path"))
    var exec: String?

    func run() throws {
      print(try TimerUnits.forInvocation(global, executable: exec).text(of: unit), terminator: "")
    }
  }
}

extension TimerUnits.Unit: ExpressibleByArgument {}

extension TimerInstallation.Installed {
  /// What `timer install` prints.
  func report(execStart: String, _ text: TimerText) -> String {
    var lines = written.map(text.wrote)
    if !unchanged.isEmpty { lines.append(text.upToDate(unchanged)) }
    lines.append("ExecStart=\(execStart)")
    let names = TimerInstallation.enabledUnits.map(\.fileName)
    switch manager {
    case .success(let next):
      lines.append(text.enabledAndStarted(names, next: next))
    case .failure(let unreachable):
      lines.append(text.noManagerToEnable(unreachable))
      lines.append("  systemctl --user daemon-reload")
      lines.append("  systemctl --user enable --now \(names.joined(separator: " "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension TimerInstallation.Removed {
  /// What `timer uninstall` prints.
  func report(_ text: TimerText) -> String {
    var lines = disabled ? [text.stoppedAndDisabled(stopped)] : []
    lines += removed.map(text.removed)
    if removed.isEmpty { lines.append(text.nothingToRemove) }
    if case .failure(let unreachable) = manager, !removed.isEmpty {
      lines.append(text.noManagerToStop(unreachable))
      if !stopped.isEmpty {
        lines.append("  systemctl --user disable --now \(stopped.joined(separator: " "))")
      }
      lines.append("  systemctl --user daemon-reload")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
