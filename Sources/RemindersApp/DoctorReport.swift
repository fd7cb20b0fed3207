import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersICalendar
import RemindersStore
import RemindersSystemd

/// What `doctor` asks of the system besides our files: each a seam of its own, so that a test
/// decides every answer (the command line gives the session's bus, GeoClue2, `systemctl --user`
/// and `$PATH`).
public struct DoctorProbes {
  /// The desktop as `run` reaches it; its environment names the bus.
  public var desktop: SessionDesktop
  public var locator: any LocationSource
  /// The user manager the timer is asked about, or why there is none.
  public var userManager: Result<any UserManager, UserManagerUnreachable>
  /// Whether a process holds the lock file at the path (the watch holds its own).
  public var lockIsHeld: (String) -> Bool
  /// Where a program is: the path itself when it holds a `/` and is executable there, else
  /// where `$PATH` has it; nil when not found.
  public var program: (String) -> String?
  /// Whether a font has Japanese glyphs (asked only when pop-ups are in Japanese).
  public var japaneseFont: () -> JapaneseFont
  /// The terminal a review starts in, for `review.terminal` as configured; nil when none.
  public var terminal: ([String]?) -> [String]?
  /// The alarm sound's command for `alarm.sound` as configured, or why there is none.
  public var alarmSound: ([String]?) -> Result<[String], NoAlarmSound>
  /// The day zone for config `time.zone` (nil: the system's).
  public var zone: (String?) -> TimeZone
  public var time: any TimeSource

  public init(
    desktop: SessionDesktop, locator: any LocationSource,
    userManager: Result<any UserManager, UserManagerUnreachable>, lockIsHeld: @escaping (String) -> Bool,
    program: @escaping (String) -> String?, japaneseFont: @escaping () -> JapaneseFont,
    terminal: @escaping ([String]?) -> [String]?,
    alarmSound: @escaping ([String]?) -> Result<[String], NoAlarmSound>,
    zone: @escaping (String?) -> TimeZone,
    time: any TimeSource
  ) {
    self.desktop = desktop
    self.locator = locator
    self.userManager = userManager
    self.lockIsHeld = lockIsHeld
    self.program = program
    self.japaneseFont = japaneseFont
    self.terminal = terminal
    self.alarmSound = alarmSound
    self.zone = zone
    self.time = time
  }
}

/// Everything `doctor` looks at, read once, and its verdict: whether pop-ups will reach the
/// desktop. Writes nothing; the command line words it.
public struct DoctorReport {
  public struct Bus {
    /// The address `run` would use; nil when the environment names none.
    public var address: String?
    /// Which variable named it.
    public var source: String?
    public var uniqueName: String?
    /// Why the bus did not answer; nil when it did.
    public var error: SendFailure?

    public init(address: String?, source: String? = nil, uniqueName: String? = nil, error: SendFailure? = nil)
    {
      self.address = address
      self.source = source
      self.uniqueName = uniqueName
      self.error = error
    }
  }

  public struct Server {
    public var information: ServerInformation?
    public var capabilities: [String]
    /// Why the notification server did not answer; nil when it did.
    public var error: SendFailure?

    public init(information: ServerInformation?, capabilities: [String], error: SendFailure? = nil) {
      self.information = information
      self.capabilities = capabilities
      self.error = error
    }
  }

  /// What acting on a pop-up needs (docs/delivery.md): the server's `actions`, a running watch, and a
  /// terminal to start the review in.
  public struct Actions {
    public var serverOffers: Bool
    public var watchRuns: Bool
    public var terminal: [String]?
    /// `review.drip`, in seconds; nil: off.
    public var drip: Int? = nil
    public var available: Bool { serverOffers && watchRuns && terminal != nil }
    /// Whether the cards can be studied in the pop-up (the `cards` action, and drips when on).
    public var cardsHere: Bool { serverOffers && watchRuns }
  }

  public struct Anki {
    /// The collection's reading, as `preview` would have it; nil when it cannot be read.
    public var status: AnkiStatus?
    public var error: AnkiConfigError?
    public var settings: AnkiSettings
    /// The day clock and the moment it was read at, for its counts.
    public var clock: DayClock
    public var now: Date
    /// `anki.command`, and where its program is (nil: not found).
    public var command: [String] { settings.command }
    public var commandFound: String?
  }

  public enum Delivery: String, Sendable {
    /// Pop-ups reach the desktop (or wait for do-not-disturb to end).
    case popup
    /// Reminders go to the fallback calendar file.
    case fallback
    /// `run` stops on a file it cannot read.
    case broken
  }

  /// Why pop-ups do not reach the desktop.
  public enum Unreached: Equatable, Sendable {
    case bus(SendFailure)
    case server(SendFailure)
    /// The bus answered, but no notification server did.
    case noServerAnswered
  }

  /// The main finding of the verdict.
  public enum Finding {
    /// Pop-ups are shown by `server` (its name and version); they wait while do-not-disturb is on.
    case popups(server: String, waitForDoNotDisturb: Bool)
    /// `run` stops on this file before it delivers anything.
    case runStopsOnFile(FileHealth)
    /// Reminders go to the calendar file at `path`.
    case fallsBack(to: String, Unreached)
    /// Reminders would go to the calendar file, which `run` cannot read.
    case fallsBackButStops(Unreached, on: FileHealth)
  }

  /// What is worth saying after the finding, without changing the exit code.
  public enum Note {
    case timerNotInstalled
    case timerProblem(TimerProblem)
    case timerNotEnabled
    case font(JapaneseFont.Warning)
    /// The alarm file cannot be read: no alarm rings (reminders are delivered still).
    case alarmsWillNotRing(FileHealth)
    /// `dictionary.path` names no dictionary that can be read (a folder, a named pipe): `lookup`
    /// and `cards add FRONT` cannot offer candidates; `run` never opens it.
    case dictionaryUnusable(FileHealth)
    /// `anki.collection` names no collection: Anki's cards are not counted anew (the deck's
    /// reminders go on). The one note that makes the exit code 1.
    case ankiNotCounted(AnkiConfigError)
    /// The last sync of the CalDAV calendar failed (exit code 1 too).
    case calendarFailing(CalendarFailure)
  }

  public struct Verdict {
    public var delivery: Delivery
    public var finding: Finding
    public var notes: [Note]
    public var exitCode: Int32 {
      let failing = notes.contains {
        switch $0 {
        case .ankiNotCounted, .calendarFailing: true
        default: false
        }
      }
      return delivery == .popup && !failing ? 0 : 1
    }
  }

  public var bus: Bus
  public var server: Server?
  public var doNotDisturb: DoNotDisturbReading?
  public var timer: TimerState
  public var files: [FileHealth]
  /// Whether a font has Japanese glyphs; nil when pop-ups are not in Japanese.
  public var japaneseFont: JapaneseFont?
  public var actions: Actions
  /// The Anki collection of `[anki]` (docs/anki.md): where its counts come from, or why `run` would
  /// stop on it; nil when none is configured.
  public var anki: Anki?
  /// Whether a location can be had for the alarms' place gate (docs/alarms.md), and their sound.
  public var alarms: AlarmCheck
  public var verdict: Verdict
  /// The session's language, which the text and the JSON's free-text fields are in.
  public var language: Language
  /// No card in the deck (or no deck) and no `[anki]`: the report says how to begin.
  public var firstSteps = false
  /// A `daily.time` before `window.start`: the time asked for, and the time it fires at.
  public var dailyMoved: (asked: WallTime, firesAt: WallTime)?
  /// The CalDAV calendar of `[calendar]` (nil: none), and what the last sync left in the state
  /// (read from the file: `doctor` sends no request).
  public var calendar: CalendarSettings?
  public var calendarState: CalendarState?
  /// The day clock of the config's zone, for the times said.
  public var dayClock = DayClock(zone: TimeZone(identifier: "UTC")!)

  /// Reads the desktop exactly as `run` does (`SessionDesktop.reach`), then the server's identity
  /// and capabilities, the timer, and every file `run` reads under `paths`; the language from the
  /// config's `language` setting by `language` (a config that does not parse counts as `auto`).
  public static func examine(
    paths: Paths, language: (LanguageSetting) -> Language, probes: DoctorProbes
  ) -> DoctorReport {
    let (files, fallbackPath, configuration, cards) = examineFiles(paths, home: paths.home)
    let language = language(configuration.language)
    let desktop = probes.desktop

    var bus = Bus(address: desktop.busAddress)
    if bus.address != nil {
      bus.source =
        (desktop.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
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
        server = Server(information: nil, capabilities: [], error: error)
      }
    } catch {
      bus.error = error
    }
    let timer = TimerInstallation(folders: UnitFolders(paths: paths), userManager: probes.userManager)
      .status()
    let font = language == .ja ? probes.japaneseFont() : nil
    let anki = examineAnki(configuration, paths: paths, probes: probes)
    let alarms = AlarmCheck.examine(
      configuration: configuration, locator: probes.locator,
      sound: probes.alarmSound(configuration.alarmSound))
    var verdict = judge(
      bus: bus, server: server, dnd: doNotDisturb, timer: timer, files: files, fallbackPath: fallbackPath,
      font: font, ankiError: anki?.error)
    // An alarm file `run` cannot read stops no reminder, but no alarm rings: said, same exit code.
    if let bad = files.first(where: { $0.role == .alarms && $0.error != nil }) {
      verdict.notes.append(.alarmsWillNotRing(bad))
    }
    if let bad = files.first(where: { $0.role == .dictionary && $0.error != nil }) {
      verdict.notes.append(.dictionaryUnusable(bad))
    }
    let actions = Actions(
      serverOffers: server?.capabilities.contains("actions") ?? false,
      watchRuns: probes.lockIsHeld(paths.watchLock),
      terminal: probes.terminal(configuration.reviewTerminal), drip: configuration.schedule.drip)
    var report = DoctorReport(
      bus: bus, server: server, doNotDisturb: doNotDisturb, timer: timer, files: files, japaneseFont: font,
      actions: actions, anki: anki, alarms: alarms, verdict: verdict, language: language)
    report.firstSteps = cards == 0 && configuration.anki == nil
    report.dayClock = DayClock(zone: probes.zone(configuration.zoneIdentifier))
    if let settings = configuration.calendar {
      report.calendar = settings
      report.calendarState = CalendarStateFile(stateDir: paths.stateDir).load(url: settings.url)
      // A calendar that the last sync could not reach or was refused by: said, exit 1.
      if let failure = report.calendarState?.failure {
        report.verdict.notes.append(.calendarFailing(failure))
      }
    }
    let schedule = configuration.schedule
    if schedule.dailyTime < schedule.windowStart {
      report.dailyMoved = (schedule.dailyTime, schedule.windowStart)
    }
    return report
  }

  /// The collection read as `preview` reads it (never written, nothing remembered).
  static func examineAnki(_ configuration: Configuration, paths: Paths, probes: DoctorProbes) -> Anki? {
    guard let settings = configuration.anki else { return nil }
    let clock = DayClock(zone: probes.zone(configuration.zoneIdentifier))
    let now = probes.time.now()
    var anki = Anki(
      status: nil, error: nil, settings: settings, clock: clock, now: now,
      commandFound: probes.program(settings.command[0]))
    do throws(AnkiConfigError) {
      anki.status = try AnkiSource(settings: settings, configPath: paths.config, stateDir: paths.stateDir)
        .read(now: now, clock: clock, save: false)
    } catch {
      anki.error = error
    }
    return anki
  }

  /// The files `run` reads, each parsed as `run` would; the fallback path follows the config
  /// when it parses, and so does the configuration returned (else the defaults).
  static func examineFiles(_ paths: Paths, home: String) -> ([FileHealth], String, Configuration, cards: Int?)
  {
    var configuration = Configuration.standard
    var cards: Int? = 0
    let config = FileHealth.examine(.config, path: paths.config) { bytes in
      configuration = try Configuration.parse(bytes, path: paths.config, home: home)
    }
    let deck = FileHealth.examine(.deck, path: paths.deck) { bytes in
      cards = nil
      cards = try DeckCodec.decode(bytes, path: paths.deck).deck.cards.count
    }
    // The changes beside the deck (its journal, folded in within a minute) are the deck too: a
    // card just added is not "no cards yet".
    if cards != nil, FileManager.default.fileExists(atPath: DeckJournal(deckPath: paths.deck).path) {
      cards = (try? DeckStore(path: paths.deck, lockPath: paths.lock).load().deck.cards.count) ?? cards
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
        throw StoreError.corruptCalendar(path: fallbackPath, line: line, reason: reason)
      }
    }
    let fallback = FileHealth.examine(.fallback, path: fallbackPath, parse: parseCalendar)
    let alarms = FileHealth.examine(.alarms, path: paths.alarms) { bytes in
      _ = try AlarmStore.decode(bytes, path: paths.alarms)
    }
    let dictionary = FileHealth.examinePresence(.dictionary, path: configuration.dictionaryPath)
    return ([config, deck, ledger, held, fallback, alarms, dictionary], fallbackPath, configuration, cards)
  }

  /// Where reminders go, given what the bus, the server, do-not-disturb and the timer said and
  /// how the files stand: pop-ups, the calendar file, or nowhere (`run` stops on a file).
  public static func judge(
    bus: Bus, server: Server?, dnd: DoNotDisturbReading?, timer: TimerState, files: [FileHealth],
    fallbackPath: String, font: JapaneseFont? = nil, ankiError: AnkiConfigError? = nil
  ) -> Verdict {
    var notes: [Note] = []
    if !timer.installed {
      notes.append(.timerNotInstalled)
    } else if let problem = timer.problems.first {
      notes.append(.timerProblem(problem))
    } else if !timer.isEnabled {
      notes.append(.timerNotEnabled)
    }
    // Boxes in place of Japanese text are worth saying, but do not stop delivery (same exit code).
    if let warning = font?.warning { notes.append(.font(warning)) }
    // Any file `run` always reads stops it (exit 65) before it delivers anything; the alarm file
    // only keeps alarms from ringing, and `run` never opens the dictionary.
    if let broken = files.first(where: {
      $0.role != .fallback && $0.role != .alarms && $0.role != .dictionary && $0.error != nil
    }) {
      return Verdict(delivery: .broken, finding: .runStopsOnFile(broken), notes: notes)
    }
    // An `anki.collection` that is no collection stops nothing, but is worth exit 1.
    if let ankiError { notes.append(.ankiNotCounted(ankiError)) }
    let why: Unreached
    if let error = bus.error {
      why = .bus(error)
    } else if let error = server?.error {
      why = .server(error)
    } else if let information = server?.information {
      return Verdict(
        delivery: .popup,
        finding: .popups(
          server: "\(information.name) \(information.version)", waitForDoNotDisturb: dnd?.state == .on),
        notes: notes)
    } else {
      why = .noServerAnswered
    }
    if let calendar = files.first(where: { $0.role == .fallback }), calendar.error != nil {
      return Verdict(delivery: .broken, finding: .fallsBackButStops(why, on: calendar), notes: notes)
    }
    return Verdict(delivery: .fallback, finding: .fallsBack(to: fallbackPath, why), notes: notes)
  }
}

/// Whether fontconfig has a font with Japanese glyphs (`fc-list :lang=ja`): with none (a system
/// with only DejaVu, say) Japanese pop-ups show boxes. Asked only when pop-ups are in Japanese.
public struct JapaneseFont {
  /// Why Japanese text may not show, or why it could not be told (in words: the catalogue's
  /// `fontWarning`).
  public enum Warning: Equatable, Sendable {
    case noFcList
    case couldNotStart(String)
    case timedOut
    case failed(status: Int32)
    /// fontconfig knows no font with Japanese glyphs.
    case noFont
  }

  /// The families `fc-list` names, each once, sorted; empty when it names none or did not answer.
  public var families: [String]
  /// nil when a font is there.
  public var warning: Warning?

  public init(families: [String], warning: Warning?) {
    self.families = families
    self.warning = warning
  }

  /// How long `fc-list` may take: a first run builds fontconfig's cache, a second or two.
  public static let timeout: TimeInterval = 15

  /// Asks `fc-list`, found on the `PATH` of `environment`.
  public static func examine(environment: [String: String]) -> JapaneseFont {
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
}

/// What `doctor` finds for the alarms (docs/alarms.md): whether GeoClue gives a location (how accurate,
/// how fast; never where: doctor's output is what people paste into bug reports), and the
/// command their sound would play with.
public struct AlarmCheck {
  public struct Location {
    public var systemBus: String
    public var accuracy: Double?
    public var seconds: Double
    /// Why no location came; nil when one did.
    public var error: GeoClueError?
  }

  public var location: Location
  /// The sound's command, or why there is none.
  public var sound: Result<[String], NoAlarmSound>

  /// At most this long for a location (or `alarm.location_timeout` when shorter).
  public static let locationLimit = 10

  static func examine(
    configuration: Configuration, locator: any LocationSource, sound: Result<[String], NoAlarmSound>
  ) -> AlarmCheck {
    let started = ContinuousClock.now
    var location = Location(systemBus: locator.origin, accuracy: nil, seconds: 0, error: nil)
    do throws(GeoClueError) {
      let found = try locator.locate(
        timeout: .seconds(min(configuration.locationTimeout, locationLimit)), settles: { _ in true })
      location.accuracy = found.accuracy
    } catch {
      location.error = error
    }
    let elapsed = ContinuousClock.now - started
    location.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return AlarmCheck(location: location, sound: sound)
  }
}
