import ArgumentParser
import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersDesktopDBus
import RemindersICalendar
import RemindersMessages
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
    let report = try DoctorReport.examine(
      global, environment: environment, desktop: .onSessionBus(environment: environment),
      locator: GeoClueLocator(environment: environment))
    SessionLanguage.current = report.language
    print(json ? report.json.rendered() + "\n" : report.text, terminator: "")
    if report.verdict.exitCode != 0 { throw ExitCode(report.verdict.exitCode) }
  }
}

/// Everything `doctor` looks at, read once.
struct DoctorReport {
  struct Bus {
    /// The address `run` would use; nil when the environment names none.
    var address: String?
    /// Which variable named it.
    var source: String?
    var uniqueName: String?
    /// Why the bus did not answer; nil when it did.
    var error: String?
  }

  struct Server {
    var information: ServerInformation?
    var capabilities: [String]
    /// Why the notification server did not answer; nil when it did.
    var error: String?
  }

  /// What acting on a pop-up needs (docs/delivery.md): the server's `actions`, a running watch, and a
  /// terminal to start the review in.
  struct Actions {
    var serverOffers: Bool
    var watchRuns: Bool
    var terminal: [String]?
    var available: Bool { serverOffers && watchRuns && terminal != nil }
  }

  struct Anki {
    var report: AnkiReport?
    var error: AnkiConfigError?
    /// `anki.command`, and where its program is (nil: not found).
    var command: [String]
    var commandFound: String?
  }

  enum Delivery: String {
    /// Pop-ups reach the desktop (or wait for do-not-disturb to end).
    case popup
    /// Reminders go to the fallback calendar file.
    case fallback
    /// `run` stops on a file it cannot read.
    case broken
  }

  struct Verdict {
    var delivery: Delivery
    var message: String
    var exitCode: Int32 { delivery == .popup ? 0 : 1 }
  }

  var bus: Bus
  var server: Server?
  var doNotDisturb: DoNotDisturbReading?
  var timer: TimerState
  var files: [FileHealth]
  /// Whether a font has Japanese glyphs; nil when pop-ups are not in Japanese.
  var japaneseFont: JapaneseFont?
  var actions: Actions
  /// The Anki collection of `[anki]` (docs/anki.md): where its counts come from, or why `run` would
  /// stop on it; nil when none is configured.
  var anki: Anki?
  /// Whether a location can be had for the alarms' place gate (docs/alarms.md), and their sound.
  var alarms: AlarmCheck
  var verdict: Verdict
  /// The session's language, which the text and the JSON's free-text fields are in.
  var language: Language

  /// Reads the desktop exactly as `run` does (`SessionDesktop.reach`), then the server's identity
  /// and capabilities, the timer, and every file `run` reads; a location from `locator`.
  static func examine(
    _ global: GlobalOptions, environment: [String: String], desktop: SessionDesktop,
    locator: any LocationSource
  ) throws -> DoctorReport {
    let paths = try Paths.forCommand(
      environment: environment, config: global.config, deck: global.deck, stateDir: global.stateDir)
    let (files, fallbackPath, configuration) = examineFiles(paths, home: paths.home)
    // As `Invocation` finds it, but a config that does not parse counts as `auto`.
    let language = Language.resolve(
      lang: global.lang, configured: configuration.language, environment: environment)

    var bus = Bus(address: desktop.busAddress)
    if bus.address != nil {
      bus.source =
        (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
        ? "XDG_RUNTIME_DIR" : "DBUS_SESSION_BUS_ADDRESS"
    }
    var server: Server?
    var doNotDisturb: DoNotDisturbReading?
    // As `reach` does it, in its two steps: the connection, then do-not-disturb.
    do throws(SendFailure) {
      let connection = try desktop.connect()
      bus.uniqueName = connection.connectionName
      doNotDisturb = desktop.doNotDisturb(on: connection)
      do throws(SendFailure) {
        // Asked as `Notify` would be, so a server the bus can start is started, as `run` would.
        let information = try connection.serverInformation()
        server = Server(information: information, capabilities: connection.capabilities())
      } catch {
        server = Server(information: nil, capabilities: [], error: error.text(language))
      }
    } catch {
      bus.error = error.text(language)
    }
    let timer = TimerInstallation(paths: paths, environment: environment).status()
    let font = language == .ja ? JapaneseFont.examine(environment: environment) : nil
    let anki = examineAnki(configuration, paths: paths, language: language, environment: environment)
    let alarms = AlarmCheck.examine(configuration: configuration, environment: environment, locator: locator)
    var verdict = judge(
      bus: bus, server: server, dnd: doNotDisturb, timer: timer, files: files, fallbackPath: fallbackPath,
      font: font, ankiError: anki?.error.map { $0.text(language) }, language: language)
    // An alarm file `run` cannot read stops no reminder, but no alarm rings: said, same exit code.
    if let bad = files.first(where: { $0.role == .alarms && $0.error != nil }) {
      let words = language.catalogue
      verdict.message += words.noteSeparator + words.alarmsWillNotRing(bad.summary(language))
    }
    let actions = Actions(
      serverOffers: server?.capabilities.contains("actions") ?? false,
      watchRuns: FileLock.isHeld(paths.watchLock),
      terminal: TerminalCommand.resolve(configured: configuration.reviewTerminal, environment: environment))
    return DoctorReport(
      bus: bus, server: server, doNotDisturb: doNotDisturb, timer: timer, files: files, japaneseFont: font,
      actions: actions, anki: anki, alarms: alarms, verdict: verdict, language: language)
  }

  /// The collection read as `preview` reads it (never written, nothing remembered).
  static func examineAnki(
    _ configuration: Configuration, paths: Paths, language: Language, environment: [String: String]
  ) -> Anki? {
    guard let settings = configuration.anki else { return nil }
    let clock = DayClock(
      zone: Invocation.zone(configured: configuration.zoneIdentifier, environment: environment).0)
    let now = Date()
    let program = settings.command[0]
    let found =
      program.contains("/")
      ? (access(program, X_OK) == 0 ? program : nil) : ProcessRunner.find(program, environment: environment)
    do throws(AnkiConfigError) {
      let status = try AnkiSource(settings: settings, configPath: paths.config, stateDir: paths.stateDir)
        .read(now: now, clock: clock, save: false)
      return Anki(
        report: AnkiReport(status: status, settings: settings, clock: clock, language: language, now: now),
        error: nil, command: settings.command, commandFound: found)
    } catch {
      return Anki(report: nil, error: error, command: settings.command, commandFound: found)
    }
  }

  /// The files `run` reads, each parsed as `run` would; the fallback path follows the config
  /// when it parses, and so does the configuration returned (else the defaults).
  static func examineFiles(_ paths: Paths, home: String) -> ([FileHealth], String, Configuration) {
    var configuration = Configuration.standard
    let config = FileHealth.examine(.config, path: paths.config) { bytes in
      configuration = try Configuration.parse(bytes, path: paths.config, home: home)
    }
    let deck = FileHealth.examine(.deck, path: paths.deck) { bytes in
      _ = try DeckCodec.decode(bytes, path: paths.deck)
    }
    // The ledger store reads both of its files, and its error names the one it is about.
    let store = LedgerStore(path: paths.ledger, lockPath: paths.lock)
    let ledgerError: StoreError? = {
      do { _ = try store.load() } catch { return error as? StoreError }
      return nil
    }()
    func ledgerFile(_ role: FileHealth.Role, _ path: String) -> FileHealth {
      FileHealth.examine(role, path: path) { _ in
        if let ledgerError, ledgerError.path == path { throw ledgerError }
      }
    }
    let ledger = ledgerFile(.ledger, store.path)
    let held = ledgerFile(.held, store.heldPath)
    let fallbackPath = configuration.fallbackPath ?? paths.defaultFallback
    // A merge of nothing reads the whole file and returns the new bytes, which are dropped.
    // Its error named as `run` names it: the file and the line.
    let parseCalendar: ([UInt8]) throws -> Void = { bytes in
      do throws(ICalendarError) {
        _ = try FallbackCalendar.merge(existing: bytes, reminders: [], language: .en, stamp: Date())
      } catch .malformed(let line, let reason) {
        throw StoreError.corrupt(path: fallbackPath, at: TextPosition(line: line), reason: reason)
      }
    }
    let fallback = FileHealth.examine(.fallback, path: fallbackPath, parse: parseCalendar)
    let alarms = FileHealth.examine(.alarms, path: paths.alarms) { bytes in
      _ = try AlarmStore.decode(bytes, path: paths.alarms)
    }
    return ([config, deck, ledger, held, fallback, alarms], fallbackPath, configuration)
  }

  static func judge(
    bus: Bus, server: Server?, dnd: DoNotDisturbReading?, timer: TimerState, files: [FileHealth],
    fallbackPath: String, font: JapaneseFont? = nil, ankiError: String? = nil, language: Language
  ) -> Verdict {
    let text = language.catalogue
    var notes: [String] = []
    if !timer.installed {
      notes.append(text.timerNotInstalledNote)
    } else if let problem = timer.problems.first {
      notes.append(text.timerProblemNote(problem.text(text)))
    } else if !timer.isEnabled {
      notes.append(text.timerNotEnabledNote("\(TimerUnits.timerName) \(TimerUnits.watchName)"))
    }
    // Boxes in place of Japanese text are worth saying, but do not stop delivery (same exit code).
    if let warning = font?.warning { notes.append(text.fontWarning(warning.words)) }
    func message(_ main: String) -> String { ([main] + notes).joined(separator: text.noteSeparator) }
    // Any file `run` always reads stops it (exit 65) before it delivers anything; the alarm file
    // only keeps alarms from ringing.
    if let broken = files.first(where: { $0.role != .fallback && $0.role != .alarms && $0.error != nil }) {
      return Verdict(delivery: .broken, message: message(text.runStops(on: broken.summary(language))))
    }
    // So does an `anki.collection` that is no collection.
    if let ankiError { return Verdict(delivery: .broken, message: message(text.runStops(on: ankiError))) }
    let why: String
    if let error = bus.error {
      why = error
    } else if let error = server?.error {
      why = error
    } else if let information = server?.information {
      var delivered = [text.popupsDelivered(by: "\(information.name) \(information.version)")]
      if dnd?.state == .on { delivered.append(text.waitForDoNotDisturb) }
      return Verdict(delivery: .popup, message: message(delivered.joined(separator: text.noteSeparator)))
    } else {
      why = text.noServerAnswered
    }
    if let calendar = files.first(where: { $0.role == .fallback }), calendar.error != nil {
      return Verdict(
        delivery: .broken, message: message(text.wouldFallBackButStops(why, on: calendar.summary(language))))
    }
    return Verdict(delivery: .fallback, message: message(text.fallsBack(to: fallbackPath, why)))
  }
}

extension DoctorReport {
  /// Where do-not-disturb was read, in words.
  var doNotDisturbSource: String? {
    doNotDisturb?.probe?.location
  }

  /// The report as text, in the session's language.
  var text: String {
    let text = language.catalogue
    var rows: [[String]] = []
    let address = text.busAddress(bus.address, from: bus.source)
    rows.append([
      text.busLabel,
      bus.error.map { text.busDoesNotAnswer(address, $0) }
        ?? text.busAnswers(address, as: bus.uniqueName ?? "?"),
    ])
    if let server {
      if let info = server.information {
        rows.append([
          text.serverLabel,
          text.server(
            name: info.name, version: info.version, vendor: info.vendor, specVersion: info.specVersion),
        ])
        rows.append([
          text.capabilitiesLabel,
          server.capabilities.isEmpty ? text.doctorNone : server.capabilities.joined(separator: ", "),
        ])
      } else {
        rows.append([text.serverLabel, server.error ?? text.doctorNoAnswer])
      }
    }
    if let dnd = doNotDisturb {
      rows.append([text.doNotDisturbLabel, text.doNotDisturb(dnd.state.words, readFrom: doNotDisturbSource)])
    }
    for (i, row) in timer.rows(language).enumerated() {
      rows.append([i == 0 ? text.timerLabel : "", "\(row[0]): \(row[1])"])
    }
    for file in files { rows.append([text.fileLabel(file.role.words), file.summary(language)]) }
    if let japaneseFont { rows.append([text.fontLabel, japaneseFont.summary(text)]) }
    rows.append([text.actionsLabel, actions.text(text)])
    if let anki {
      if let error = anki.error {
        rows.append(["Anki", error.text(language)])
      } else if let report = anki.report {
        rows.append(["Anki", report.status.collectionPath])
        for line in report.lines { rows.append(["", String(line.dropFirst("Anki: ".count))]) }
      }
      rows.append(["", text.ankiCommand(anki.command.joined(separator: " "), found: anki.commandFound)])
    }
    rows.append([text.locationLabel, alarms.location.text(language)])
    rows.append([text.alarmSoundLabel, alarms.soundText(text)])
    return TextTable.render(rows) + text.verdictPrefix + verdict.message + "\n"
  }

  /// The report as JSON: keys and machine values as they are, free text in the session's language.
  var json: OrderedJSON {
    let text = language.catalogue
    func string(_ value: String?) -> OrderedJSON { value.map(OrderedJSON.string) ?? .null }
    let serverJSON: OrderedJSON =
      server.map { server in
        .object([
          ("answers", .bool(server.information != nil)),
          ("name", string(server.information?.name)),
          ("vendor", string(server.information?.vendor)),
          ("version", string(server.information?.version)),
          ("specVersion", string(server.information?.specVersion)),
          ("error", string(server.error)),
        ])
      } ?? .null
    let dndJSON: OrderedJSON =
      doNotDisturb.map { dnd in
        .object([
          ("state", .string(dnd.state.rawValue)),
          ("probe", string(dnd.probe?.rawValue)),
          ("readFrom", string(doNotDisturbSource)),
        ])
      } ?? .null
    return .object([
      (
        "bus",
        .object([
          ("address", string(bus.address)),
          ("source", string(bus.source)),
          ("answers", .bool(bus.error == nil)),
          ("uniqueName", string(bus.uniqueName)),
          ("error", string(bus.error)),
        ])
      ),
      ("server", serverJSON),
      ("capabilities", .array((server?.capabilities ?? []).map(OrderedJSON.string))),
      ("doNotDisturb", dndJSON),
      ("timer", timer.json(language)),
      ("files", .array(files.map { $0.json(language) })),
      ("japaneseFont", japaneseFont?.json(text) ?? .null),
      (
        "anki",
        anki.map { anki in
          .object([
            ("report", anki.report?.json ?? .null),
            ("error", anki.error.map { .string($0.text(language)) } ?? .null),
            ("command", .array(anki.command.map(OrderedJSON.string))),
            ("commandFound", anki.commandFound.map(OrderedJSON.string) ?? .null),
          ])
        } ?? .null
      ),
      (
        "actions",
        .object([
          ("available", .bool(actions.available)),
          ("serverOffers", .bool(actions.serverOffers)),
          ("watchRuns", .bool(actions.watchRuns)),
          ("terminal", actions.terminal.map { .array($0.map(OrderedJSON.string)) } ?? .null),
          ("message", .string(actions.text(text))),
        ])
      ),
      ("location", alarms.locationJSON(language)),
      ("alarmSound", alarms.soundJSON()),
      (
        "verdict",
        .object([
          ("delivery", .string(verdict.delivery.rawValue)),
          ("exitCode", .int(Int(verdict.exitCode))),
          ("message", .string(verdict.message)),
        ])
      ),
    ])
  }
}

/// Whether fontconfig has a font with Japanese glyphs (`fc-list :lang=ja`): with none (a system
/// with only DejaVu, say) Japanese pop-ups show boxes. Asked only when pop-ups are in Japanese.
struct JapaneseFont {
  /// Why Japanese text may not show, or why it could not be told (in words: the catalogue's
  /// `fontWarning`).
  enum Warning {
    case noFcList
    case couldNotStart(String)
    case timedOut
    case failed(status: Int32)
    /// fontconfig knows no font with Japanese glyphs.
    case noFont
  }

  /// The families `fc-list` names, each once, sorted; empty when it names none or did not answer.
  var families: [String]
  /// nil when a font is there.
  var warning: Warning?

  /// How long `fc-list` may take: a first run builds fontconfig's cache, a second or two.
  static let timeout: TimeInterval = 15

  static func examine(environment: [String: String]) -> JapaneseFont {
    guard let fcList = ProcessRunner.find("fc-list", environment: environment) else {
      return JapaneseFont(families: [], warning: .noFcList)
    }
    let result: ProcessRunner.Result
    do {
      result = try ProcessRunner.run(
        fcList, [":lang=ja", "family"], environment: environment, timeout: timeout)
    } catch {
      return JapaneseFont(families: [], warning: .couldNotStart("\(error)"))
    }
    guard result.succeeded else {
      return JapaneseFont(families: [], warning: result.timedOut ? .timedOut : .failed(status: result.status))
    }
    // One line per font: its family names, localized ones after a comma; the first is enough.
    let families = Set(
      result.stdout.split(separator: "\n").compactMap { line in
        line.split(separator: ",").first.map { String($0).trimmingCharacters(in: .whitespaces) }
      }.filter { !$0.isEmpty }
    ).sorted()
    return JapaneseFont(families: families, warning: families.isEmpty ? .noFont : nil)
  }

  /// The `font` row of the text report.
  func summary(_ text: any DoctorMessages) -> String {
    warning.map { text.fontWarning($0.words) } ?? text.fontFound(families)
  }

  func json(_ text: any DoctorMessages) -> OrderedJSON {
    .object([
      ("families", .array(families.map(OrderedJSON.string))),
      ("warning", warning.map { .string(text.fontWarning($0.words)) } ?? .null),
    ])
  }
}
