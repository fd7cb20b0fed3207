import ArgumentParser
import Foundation
import RemindersAlarmSound
import RemindersAnki
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersDesktopDBus
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersSystemd

/// `reminders doctor`: what `run` would find, and whether pop-ups will reach the desktop.
struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration.described(.doctor, name: "doctor")

  @OptionGroup var global: GlobalOptions

  @Flag(help: .catalogue(.jsonInsteadOfText))
  var json = false

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let paths = try Paths.forCommand(
      environment: environment, config: global.config, deck: global.deck, stateDir: global.stateDir,
      lang: global.lang)
    // A `TZ` every command refuses is refused here too, before anything is counted in it (a
    // config that does not parse is doctor's to report: its zone is then the system's).
    let configuration = try? Configuration.load(path: paths.config, home: paths.home)
    do {
      _ = try DayZone.resolve(configured: configuration?.zoneIdentifier, environment: environment)
    } catch {
      let language = Language.resolve(
        lang: global.lang, configured: configuration?.language, environment: environment)
      throw UsageError(language.words.unusableTZ(error.value))
    }
    // As `Invocation` finds it, but a config that does not parse counts as `auto`.
    let report = DoctorReport.examine(
      paths: paths,
      language: { Language.resolve(lang: global.lang, configured: $0, environment: environment) },
      probes: .system(environment: environment))
    print(json ? report.json.rendered() + "\n" : report.text, terminator: "")
    if report.verdict.exitCode != 0 { throw ExitCode(report.verdict.exitCode) }
  }
}

extension DoctorProbes {
  /// This session's: its bus, GeoClue2 on the system bus, `systemctl --user`, `$PATH`.
  static func system(environment: [String: String]) -> DoctorProbes {
    DoctorProbes(
      desktop: .onSessionBus(environment: environment), locator: GeoClueLocator(environment: environment),
      userManager: SystemctlUserManager.reach(environment: environment).map { $0 },
      lockIsHeld: { FileLock.isHeld($0) },
      program: { program in
        program.contains("/")
          ? (access(program, X_OK) == 0 ? program : nil)
          : ProcessRunner.find(program, environment: environment)
      },
      japaneseFont: { JapaneseFont.examine(environment: environment) },
      terminal: { TerminalCommand.resolve(configured: $0, environment: environment) },
      alarmSound: { AlarmSoundLoop.resolve(configured: $0, environment: environment) },
      // (A `TZ` it cannot read was refused before the probes ran.)
      zone: { (try? DayZone.resolve(configured: $0, environment: environment))?.zone ?? .gmt },
      time: SystemTime())
  }
}
