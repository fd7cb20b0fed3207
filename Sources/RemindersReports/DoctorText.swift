import Foundation
import RemindersAnki
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersStore
import RemindersSystemd
import RemindersTerminal

extension DoctorReport {
  /// Where do-not-disturb was read, in the session's words (`readFrom` of `--json`: in English).
  public func doNotDisturbSource(_ language: Language) -> String? {
    doNotDisturb?.probe.map { language.words.doNotDisturbPlace($0.place) }
  }

  /// The report as text, in the session's language.
  public var text: String {
    let text = language.words
    var rows: [[String]] = []
    let address = text.busAddress(bus.address, from: bus.source)
    rows.append([
      text.busLabel,
      bus.error.map { text.busDoesNotAnswer(address, $0.text(language)) }
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
        rows.append([text.serverLabel, server.error?.text(language) ?? text.doctorNoAnswer])
      }
    }
    if let dnd = doNotDisturb {
      rows.append([
        text.doNotDisturbLabel, text.doNotDisturb(dnd.state.words, readFrom: doNotDisturbSource(language)),
      ])
    }
    for (i, row) in timer.rows(language).enumerated() {
      rows.append([i == 0 ? text.timerLabel : "", "\(row[0]): \(row[1])"])
    }
    for file in files { rows.append([text.fileLabel(file.role.words), file.summary(language)]) }
    if let japaneseFont { rows.append([text.fontLabel, japaneseFont.summary(text)]) }
    rows.append([text.actionsLabel, actions.text(text)])
    rows.append([text.popupStudyLabel, actions.studyText(text)])
    if let moved = dailyMoved {
      rows.append([
        text.dailyLabel, text.dailyMoved(asked: moved.asked.description, firesAt: moved.firesAt.description),
      ])
    }
    if firstSteps {
      for (i, line) in language.words.firstSteps.enumerated() {
        rows.append([i == 0 ? text.firstStepsLabel : "", line.trimmingCharacters(in: .whitespaces)])
      }
    }
    if let anki {
      if let error = anki.error {
        rows.append(["Anki", error.text(language)])
      } else if let report = anki.report(language) {
        rows.append(["Anki", report.status.collectionPath])
        for line in report.lines { rows.append(["", String(line.dropFirst("Anki: ".count))]) }
      }
      rows.append(["", text.ankiCommand(anki.command.joined(separator: " "), found: anki.commandFound)])
    }
    rows.append([text.locationLabel, alarms.location.text(language)])
    rows.append([text.alarmSoundLabel, alarms.soundText(text)])
    rows.append([text.calendarLabel, calendarText])
    return TextTable.render(rows) + text.verdictPrefix + verdict.text(language) + "\n"
  }

  /// The CalDAV calendar's row (docs/calendar.md).
  var calendarText: String {
    CalendarText(language: language, clock: dayClock).doctor(calendar, state: calendarState)
  }

  /// The report as JSON: keys and machine values as they are, free text in the session's language.
  public var json: OrderedJSON {
    let text = language.words
    func string(_ value: String?) -> OrderedJSON { value.map(OrderedJSON.string) ?? .null }
    let serverJSON: OrderedJSON =
      server.map { server in
        .object([
          ("answers", .bool(server.information != nil)),
          ("name", string(server.information?.name)),
          ("vendor", string(server.information?.vendor)),
          ("version", string(server.information?.version)),
          ("specVersion", string(server.information?.specVersion)),
          ("error", string(server.error?.text(language))),
        ])
      } ?? .null
    let dndJSON: OrderedJSON =
      doNotDisturb.map { dnd in
        .object([
          ("state", .string(dnd.state.rawValue)),
          ("probe", string(dnd.probe?.rawValue)),
          ("readFrom", string(doNotDisturbSource(.en))),
        ])
      } ?? .null
    let drip: OrderedJSON = actions.drip.map { .int($0) } ?? .null
    let actionsJSON: OrderedJSON = .object([
      ("available", .bool(actions.available)),
      ("serverOffers", .bool(actions.serverOffers)),
      ("watchRuns", .bool(actions.watchRuns)),
      ("terminal", actions.terminal.map { .array($0.map(OrderedJSON.string)) } ?? .null),
      ("message", .string(actions.text(text))),
      ("cardsHere", .bool(actions.cardsHere)),
      ("drip", drip),
      ("cardsMessage", .string(actions.studyText(text))),
    ])
    return .object([
      (
        "bus",
        .object([
          ("address", string(bus.address)),
          ("source", string(bus.source)),
          ("answers", .bool(bus.error == nil)),
          ("uniqueName", string(bus.uniqueName)),
          ("error", string(bus.error?.text(language))),
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
            ("report", anki.report(language)?.json ?? .null),
            ("error", anki.error.map { .string($0.text(language)) } ?? .null),
            ("command", .array(anki.command.map(OrderedJSON.string))),
            ("commandFound", anki.commandFound.map(OrderedJSON.string) ?? .null),
          ])
        } ?? .null
      ),
      ("actions", actionsJSON),
      ("firstSteps", .bool(firstSteps)),
      (
        "calendar",
        calendar.map { settings in
          .object([
            ("url", .string(settings.url)),
            ("events", .int(calendarState?.published.count ?? 0)),
            (
              "syncedAt", calendarState?.syncedAt.map { .string(Timestamp.format($0, in: dayClock)) } ?? .null
            ),
            ("failure", calendarState?.failure.map { .string($0.kind.rawValue) } ?? .null),
            ("message", .string(calendarText)),
          ])
        } ?? .null
      ),
      ("dailyFiresAt", dailyMoved.map { .string($0.firesAt.description) } ?? .null),
      ("location", alarms.locationJSON(language)),
      ("alarmSound", alarms.soundJSON()),
      (
        "verdict",
        .object([
          ("delivery", .string(verdict.delivery.rawValue)),
          ("exitCode", .int(Int(verdict.exitCode))),
          ("message", .string(verdict.text(language))),
        ])
      ),
    ])
  }
}

extension JapaneseFont {
  /// The `font` row of the text report.
  public func summary(_ text: any DoctorMessages) -> String {
    warning.map { text.fontWarning($0.words) } ?? text.fontFound(families)
  }

  public func json(_ text: any DoctorMessages) -> OrderedJSON {
    .object([
      ("families", .array(families.map(OrderedJSON.string))),
      ("warning", warning.map { .string(text.fontWarning($0.words)) } ?? .null),
    ])
  }
}

extension DoctorReport.Anki {
  /// Where its counts come from, in `language`; nil when it could not be read.
  public func report(_ language: Language) -> AnkiReport? {
    status.map { AnkiReport(status: $0, settings: settings, clock: clock, language: language, now: now) }
  }
}

extension DoctorReport.Verdict {
  /// The verdict line in `language`: its finding, then each note.
  public func text(_ language: Language) -> String {
    let words = language.words
    let main: String
    switch finding {
    case .popups(let server, let waits):
      main = ([words.popupsDelivered(by: server)] + (waits ? [words.waitForDoNotDisturb] : [])).joined(
        separator: words.noteSeparator)
    case .runStopsOnFile(let file): main = words.runStops(on: file.summary(language))
    case .fallsBack(let path, let why):
      main = words.fallsBack(to: VisibleCharacters.of(path), why.text(language))
    case .fallsBackButStops(let why, let file):
      main = words.wouldFallBackButStops(why.text(language), on: file.summary(language))
    }
    let notes = self.notes.map { note in
      switch note {
      case .timerNotInstalled: words.timerNotInstalledNote
      case .timerProblem(let problem): words.timerProblemNote(problem.text(words))
      case .timerNotEnabled: words.timerNotEnabledNote("\(TimerUnits.timerName) \(TimerUnits.watchName)")
      case .font(let warning): words.fontWarning(warning.words)
      case .alarmsWillNotRing(let file): words.alarmsWillNotRing(file.summary(language))
      case .dictionaryUnusable(let file): words.dictionaryUnusable(file.summary(language))
      case .ankiNotCounted(let error): words.ankiNotCounted(error.text(language))
      case .calendarFailing: words.calendarFailingNote
      }
    }
    return ([main] + notes).joined(separator: words.noteSeparator)
  }
}

extension DoctorReport.Unreached {
  /// Why pop-ups do not reach the desktop, in `language`.
  public func text(_ language: Language) -> String {
    switch self {
    case .bus(let error), .server(let error): error.text(language)
    case .noServerAnswered: language.words.noServerAnswered
    }
  }
}
