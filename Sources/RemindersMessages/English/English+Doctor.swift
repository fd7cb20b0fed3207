extension English: DoctorMessages {
  public var busLabel: String { "bus" }
  public var serverLabel: String { "server" }
  public var capabilitiesLabel: String { "capabilities" }
  public var doNotDisturbLabel: String { "do-not-disturb" }
  public var timerLabel: String { "timer" }
  public var fontLabel: String { "font" }
  public var actionsLabel: String { "actions" }
  public var popupStudyLabel: String { "review here" }
  public var firstStepsLabel: String { "first steps" }
  public var dailyLabel: String { "daily" }
  public func dailyMoved(asked: String, firesAt: String) -> String {
    "daily.time \(asked) is before window.start: the daily reminder fires at \(firesAt)"
  }
  public var locationLabel: String { "location" }
  public var alarmSoundLabel: String { "alarm sound" }
  public var verdictPrefix: String { "verdict: " }
  public var doctorNone: String { "none" }
  public var doctorNoAnswer: String { "no answer" }

  public func popupActions(serverOffers: Bool, watchRuns: Bool, terminal: String?) -> String {
    var missing: [String] = []
    if !serverOffers { missing.append("the server does not offer actions") }
    if !watchRuns { missing.append("reminders watch is not running") }
    if terminal == nil { missing.append("no terminal found (set review.terminal in the config)") }
    guard let terminal, missing.isEmpty else {
      return "pop-ups carry no buttons (\(missing.joined(separator: "; ")))"
    }
    return "work here: \"Review now\" opens reminders review in \(terminal)"
  }

  public func popupStudy(serverOffers: Bool, watchRuns: Bool, drip: Int?) -> String {
    var missing: [String] = []
    if !serverOffers { missing.append("the server does not offer actions") }
    if !watchRuns { missing.append("reminders watch is not running") }
    guard missing.isEmpty else {
      return "not here (\(missing.joined(separator: "; "))): no \"Review here\" button"
        + (drip == nil ? "" : ", and no drips")
    }
    let drips =
      drip.map { "a card every \(later($0).dropFirst(3)) (review.drip)" } ?? "no drips (review.drip is off)"
    return "works here: \"Review here\" shows the cards in the pop-up; \(drips)"
  }

  public func ankiCommand(_ command: String, found: String?) -> String {
    guard let found else {
      return "Review now would start \(command), which is not found (set anki.command in the config)"
    }
    return "Review now starts Anki: \(found)"
  }

  public func fileLabel(_ file: DoctorFile) -> String { file.rawValue }

  public func busAddress(_ address: String?, from source: String?) -> String {
    guard let address else { return doctorNone }
    return "\(address) (from \(source ?? "?"))"
  }

  public func busDoesNotAnswer(_ address: String, _ why: String) -> String {
    "\(address): does not answer: \(why)"
  }

  public func busAnswers(_ address: String, as uniqueName: String) -> String {
    "\(address): answers as \(uniqueName)"
  }

  public func server(name: String, version: String, vendor: String, specVersion: String) -> String {
    "\(name) \(version) (vendor \(vendor)), spec \(specVersion)"
  }

  public func doNotDisturb(_ state: DoNotDisturbWord, readFrom source: String?) -> String {
    let verb = state == .unknown ? "could not be read from" : "read from"
    return state.rawValue + (source.map { ", \(verb) \($0)" } ?? ": no probe answered")
  }

  private func whenMissing(_ file: DoctorFile) -> String {
    switch file {
    case .config: "the defaults apply"
    case .deck: "an empty deck"
    case .ledger: "nothing delivered yet"
    case .held: "nothing held for do-not-disturb"
    case .fallback: "written at the first fallback"
    case .alarms: "no alarms"
    case .dictionary: "lookup and cards add without a back need it: sudo apt install edict"
    }
  }

  public func missingFile(_ path: String, _ file: DoctorFile) -> String {
    "\(path): missing (\(whenMissing(file)))"
  }

  public func fileOK(_ path: String, mode: String, shared: Bool) -> String {
    "\(path): ok, mode \(mode)" + (shared ? " (others may read it; reminders creates its files 0600)" : "")
  }

  public var noteSeparator: String { "; " }
  public var timerNotInstalledNote: String { "the timer is not installed (reminders timer install)" }
  public func timerProblemNote(_ problem: String) -> String { "timer: \(problem)" }

  public func timerNotEnabledNote(_ units: String) -> String {
    "the timer is not enabled (systemctl --user enable --now \(units))"
  }

  public func runStops(on summary: String) -> String { "reminders run stops on \(summary)" }
  public func popupsDelivered(by server: String) -> String { "pop-ups will be delivered by \(server)" }
  public var waitForDoNotDisturb: String { "do-not-disturb is on: they wait until it ends" }
  public var noServerAnswered: String { "no notification server answered" }

  public func wouldFallBackButStops(_ why: String, on summary: String) -> String {
    "reminders would fall back (\(why)), and run stops on \(summary)"
  }

  public func fallsBack(to path: String, _ why: String) -> String {
    "reminders will fall back to the calendar file \(path): \(why)"
  }

  public func alarmsWillNotRing(_ summary: String) -> String { "no alarm will ring (\(summary))" }
  public func dictionaryUnusable(_ summary: String) -> String {
    "lookup and cards add FRONT cannot read the dictionary (\(summary))"
  }

  public func ankiNotCounted(_ error: String) -> String {
    "Anki's cards are not counted anew (\(error)); the deck's reminders go on"
  }

  public func fontFound(_ families: [String]) -> String {
    "Japanese glyphs from \(families.joined(separator: ", ")) (fc-list :lang=ja)"
  }

  public func fontWarning(_ warning: FontWarning) -> String {
    switch warning {
    case .noFcList:
      "fc-list is not installed: cannot tell whether a font has Japanese glyphs (Debian: fontconfig)"
    case .couldNotStart(let error): "fc-list could not be started (\(error))"
    case .timedOut(let seconds):
      "fc-list :lang=ja did not answer in \(seconds) s: cannot tell whether a font has Japanese glyphs"
    case .failed(let status):
      "fc-list :lang=ja failed (exit \(status)): cannot tell whether a font has Japanese glyphs"
    case .noFont: English.noJapaneseFont
    }
  }

  /// Also said after the Japanese, whose own words may show as boxes without such a font.
  static let noJapaneseFont =
    "no font with Japanese glyphs (fc-list :lang=ja finds none): Japanese pop-ups will show boxes; "
    + "install one (Debian: fonts-noto-cjk)"

  public func locationUnavailable(_ why: String) -> String {
    "none (\(why)): alarms cannot be stopped, edited or deleted without one"
  }

  public func locationFound(seconds: String, accuracy: String, systemBus: String) -> String {
    "GeoClue gives one in \(seconds) s (accurate to ±\(accuracy)) on \(systemBus)"
  }

  public func noAlarmSound(_ problem: String) -> String { "none: \(problem)" }
}
