import RemindersApp
import RemindersDesktop
import RemindersMessages

// What `doctor` finds, as the catalogue's Doctor area takes it: the words are the catalogue's.

extension DoctorReport.Actions {
  /// Whether pop-ups will carry actions that do something (docs/delivery.md), and what is missing.
  public func text(_ words: any DoctorMessages) -> String {
    words.popupActions(
      serverOffers: serverOffers, watchRuns: watchRuns, terminal: terminal?.joined(separator: " "))
  }

  /// Whether the cards can be studied in the pop-up, and drips come (docs/delivery.md).
  public func studyText(_ words: any DoctorMessages) -> String {
    words.popupStudy(serverOffers: serverOffers, watchRuns: watchRuns, drip: drip)
  }
}

extension DoNotDisturbState {
  public var words: DoNotDisturbWord {
    switch self {
    case .on: .on
    case .off: .off
    case .unknown: .unknown
    }
  }
}

extension JapaneseFont.Warning {
  public var words: FontWarning {
    switch self {
    case .noFcList: .noFcList
    case .couldNotStart(let error): .couldNotStart(error)
    case .timedOut: .timedOut(seconds: Int(JapaneseFont.timeout))
    case .failed(let status): .failed(status: status)
    case .noFont: .noFont
    }
  }
}

extension FileHealth.Role {
  public var words: DoctorFile {
    switch self {
    case .config: .config
    case .deck: .deck
    case .ledger: .ledger
    case .held: .held
    case .fallback: .fallback
    case .alarms: .alarms
    case .dictionary: .dictionary
    }
  }
}
