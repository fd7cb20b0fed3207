import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore
import RemindersSystemd
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// `doctor`'s verdict (docs/delivery.md) from what the bus, the server, do-not-disturb, the timer
/// and the files said, and its examination with every probe faked.
@Suite struct DoctorReportTests {
  enum Server: Sendable {
    case answers, fails, silent
  }

  enum Timer: Sendable {
    case enabled, notInstalled, disabled, otherVersion
  }

  /// One situation and the verdict it must give: `finding` and `notes` as `label` names them.
  struct Case: Sendable, CustomTestStringConvertible {
    var bus: SendFailure? = nil
    var server: Server = .answers
    var dnd: DoNotDisturbState = .off
    var timer: Timer = .enabled
    var broken: FileHealth.Role? = nil
    var font: JapaneseFont.Warning? = nil
    var delivery: DoctorReport.Delivery
    var finding: String
    var notes: [String] = []
    var testDescription: String { "\(finding) \(notes)" }
  }

  static let noBus = SendFailure(
    .noBus, bus: BusFailure(name: "org.freedesktop.DBus.Error.BadAddress", message: "no address"))
  static let refused = SendFailure(.refused, bus: BusFailure(name: "org.freedesktop.DBus.Error.Failed"))

  static let cases: [Case] = [
    Case(delivery: .popup, finding: "popups dunst 1.9"),
    Case(dnd: .on, delivery: .popup, finding: "popups dunst 1.9, waiting"),
    Case(dnd: .unknown, delivery: .popup, finding: "popups dunst 1.9"),
    Case(bus: noBus, delivery: .fallback, finding: "falls back to /fallback.ics: bus noBus"),
    Case(server: .fails, delivery: .fallback, finding: "falls back to /fallback.ics: server refused"),
    Case(server: .silent, delivery: .fallback, finding: "falls back to /fallback.ics: no server"),
    Case(broken: .deck, delivery: .broken, finding: "stops on deck"),
    Case(broken: .ledger, delivery: .broken, finding: "stops on ledger"),
    Case(bus: noBus, broken: .held, delivery: .broken, finding: "stops on held"),
    // The calendar file matters only when reminders would go there.
    Case(broken: .fallback, delivery: .popup, finding: "popups dunst 1.9"),
    Case(
      bus: noBus, broken: .fallback, delivery: .broken, finding: "falls back but stops on fallback: bus noBus"
    ),
    // The alarm file stops no reminder (its note is added by `examine`).
    Case(broken: .alarms, delivery: .popup, finding: "popups dunst 1.9"),
    // Nor does the dictionary: `run` never opens it (its note is added by `examine`).
    Case(broken: .dictionary, delivery: .popup, finding: "popups dunst 1.9"),
    Case(
      bus: noBus, broken: .dictionary, delivery: .fallback, finding: "falls back to /fallback.ics: bus noBus"),
    Case(timer: .notInstalled, delivery: .popup, finding: "popups dunst 1.9", notes: ["timer not installed"]),
    Case(timer: .disabled, delivery: .popup, finding: "popups dunst 1.9", notes: ["timer not enabled"]),
    Case(timer: .otherVersion, delivery: .popup, finding: "popups dunst 1.9", notes: ["timer otherVersion"]),
    Case(
      bus: noBus, timer: .notInstalled, font: .noFont, delivery: .fallback,
      finding: "falls back to /fallback.ics: bus noBus", notes: ["timer not installed", "font noFont"]),
  ]

  static func label(_ finding: DoctorReport.Finding) -> String {
    func why(_ why: DoctorReport.Unreached) -> String {
      switch why {
      case .bus(let error): "bus \(error.kind)"
      case .server(let error): "server \(error.kind)"
      case .noServerAnswered: "no server"
      }
    }
    switch finding {
    case .popups(let server, let waits): return "popups \(server)" + (waits ? ", waiting" : "")
    case .runStopsOnFile(let file): return "stops on \(file.role)"
    case .fallsBack(let path, let unreached): return "falls back to \(path): \(why(unreached))"
    case .fallsBackButStops(let unreached, let file):
      return "falls back but stops on \(file.role): \(why(unreached))"
    }
  }

  static func label(_ note: DoctorReport.Note) -> String {
    switch note {
    case .timerNotInstalled: "timer not installed"
    case .timerNotEnabled: "timer not enabled"
    case .timerProblem(let problem): "timer \(problem)"
    case .font(let warning): "font \(warning)"
    case .alarmsWillNotRing(let file): "alarms \(file.path)"
    case .dictionaryUnusable(let file): "dictionary \(file.path)"
    case .ankiNotCounted: "anki not counted"
    case .calendarFailing: "calendar failing"
    }
  }

  @Test(arguments: cases)
  func judge(_ c: Case) {
    var bus = DoctorReport.Bus(address: "unix:path=/bus", source: "DBUS_SESSION_BUS_ADDRESS")
    var server: DoctorReport.Server?
    if let error = c.bus {
      bus.error = error
    } else {
      bus.uniqueName = ":1.42"
      switch c.server {
      case .answers:
        server = DoctorReport.Server(
          information: ServerInformation(
            name: "dunst", vendor: "knopwob", version: "1.9", specVersion: "1.2"),
          capabilities: ["actions"])
      case .fails: server = DoctorReport.Server(information: nil, capabilities: [], error: Self.refused)
      case .silent: server = DoctorReport.Server(information: nil, capabilities: [])
      }
    }
    var timer = TimerState(unitDirectory: "/units")
    if c.timer != .notInstalled { timer.location = "/units" }
    timer.enabled = c.timer == .disabled ? "disabled" : "enabled"
    if c.timer == .otherVersion { timer.problems = [.otherVersion] }
    let files = FileHealth.Role.allCases.map { role in
      FileHealth(
        role: role, path: "/\(role)", exists: true, readable: true, parses: role != c.broken, mode: 0o600,
        error: role == c.broken
          ? StoreError.corrupt(path: "/\(role)", at: nil, reason: .calendar(.noColon)) : nil)
    }
    let verdict = DoctorReport.judge(
      bus: bus, server: server, dnd: DoNotDisturbReading(state: c.dnd, probe: .dunst, server: "dunst"),
      timer: timer, files: files, fallbackPath: "/fallback.ics",
      font: c.font.map { JapaneseFont(families: [], warning: $0) })
    #expect(verdict.delivery == c.delivery)
    #expect(verdict.exitCode == (c.delivery == .popup ? 0 : 1))
    #expect(Self.label(verdict.finding) == c.finding)
    #expect(verdict.notes.map(Self.label) == c.notes)
  }

  /// The examination with every probe faked: the desktop as the fake connection answers, the
  /// files as they are (none yet), no user manager, a location, no watch.
  @Test(arguments: [false, true])
  func examine(busFails: Bool) throws {
    let files = try TestWorkspace()
    let desktop = FakeDesktop(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/fake/bus"])
    if busFails { desktop.failure = SendFailure(.noBus) }
    var asked: [String] = []
    let probes = DoctorProbes(
      desktop: desktop.desktop,
      locator: FakeLocator([GeoLocation(latitude: 35, longitude: 139, accuracy: 25)]),
      userManager: .failure(.noRuntimeDirectory),
      lockIsHeld: {
        asked.append($0); return false
      },
      program: { _ in nil }, japaneseFont: { JapaneseFont(families: ["Noto Sans CJK JP"], warning: nil) },
      terminal: { _ in ["xterm", "-e"] }, alarmSound: { _ in .failure(NoAlarmSound(.soundOff)) },
      zone: { _ in TimeZone(identifier: "Asia/Tokyo")! }, time: FakeClock("2026-11-21T09:00:00+09:00"))
    let paths = files.workspace.paths
    let report = DoctorReport.examine(paths: paths, language: { _ in .ja }, probes: probes)
    #expect(report.language == .ja)
    #expect(report.bus.address == "unix:path=/fake/bus" && report.bus.source == "DBUS_SESSION_BUS_ADDRESS")
    #expect(report.files.map(\.role) == FileHealth.Role.allCases)
    // None of ours is there; the dictionary is the system's (make test installs it), never read.
    #expect(report.files.filter { $0.role != .dictionary }.allSatisfy { !$0.exists && $0.error == nil })
    #expect(report.files.last?.path == Configuration.standardDictionary)
    #expect(report.japaneseFont?.families == ["Noto Sans CJK JP"])
    #expect(report.anki == nil)
    #expect(report.alarms.location.accuracy == 25 && report.alarms.location.error == nil)
    #expect(asked == [paths.watchLock])
    #expect(!report.actions.available && report.actions.terminal == ["xterm", "-e"])
    #expect(report.verdict.notes.map(Self.label) == ["timer not installed"])
    if busFails {
      #expect(report.bus.error == SendFailure(.noBus) && report.server == nil && report.doNotDisturb == nil)
      #expect(report.verdict.delivery == .fallback)
      #expect(Self.label(report.verdict.finding) == "falls back to \(paths.defaultFallback): bus noBus")
    } else {
      #expect(report.bus.uniqueName == ":1.42")
      #expect(
        report.server?.information?.name == "dunst" && report.server?.capabilities == ["actions", "body"])
      #expect(report.doNotDisturb?.state == .off)
      #expect(report.actions.serverOffers)
      #expect(report.verdict.delivery == .popup)
      #expect(Self.label(report.verdict.finding) == "popups dunst 1.9")
    }
  }

  /// An alarm file that cannot be read is said after the verdict, which it does not change.
  @Test func unreadableAlarmsAreANote() throws {
    let files = try TestWorkspace()
    let paths = files.workspace.paths
    try FileManager.default.createDirectory(
      atPath: (paths.alarms as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data("{ torn".utf8).write(to: URL(fileURLWithPath: paths.alarms))
    let desktop = FakeDesktop()
    let probes = DoctorProbes(
      desktop: desktop.desktop, locator: FakeLocator(), userManager: .failure(.noRuntimeDirectory),
      lockIsHeld: { _ in true }, program: { _ in nil },
      japaneseFont: { JapaneseFont(families: [], warning: nil) },
      terminal: { _ in nil }, alarmSound: { _ in .success(["paplay"]) },
      zone: { _ in TimeZone(identifier: "UTC")! }, time: FakeClock("2026-11-21T09:00:00+09:00"))
    let report = DoctorReport.examine(paths: paths, language: { _ in .en }, probes: probes)
    #expect(report.japaneseFont == nil)
    #expect(report.verdict.delivery == .popup)
    #expect(report.verdict.notes.map(Self.label) == ["timer not installed", "alarms \(paths.alarms)"])
    #expect(report.alarms.location.error != nil)
  }
}
