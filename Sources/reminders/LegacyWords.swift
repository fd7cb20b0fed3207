import RemindersCore
import RemindersMessages

// What the alarm commands (AlarmKeeper, AlarmText, AlarmDoctor, Snooze: another change moves
// their texts into the catalogue) still call by their old names. Each asks the catalogue or
// keeps the old shape only until those files ask `Invocation.messages`; then this file goes.

/// The words the alarm commands (AlarmKeeper, AlarmText, AlarmDoctor, Snooze) still reach
/// through `invocation.texts`: the session's language and the place gate's words, asked of the
/// catalogue. Kept only until those files ask `Invocation.messages` themselves.
struct Texts {
  let language: Language

  init(language: Language) { self.language = language }

  func distance(_ metres: Double) -> String { DistanceText.format(metres) }
  func gateDetail(_ gate: PlaceGate, radius: Double) -> String {
    language.catalogue.gateDetail(gate, radius: radius)
  }
  var alarmNotStoppable: String { language.catalogue.alarmNotStoppable }
  var alarmNotEditable: String { language.catalogue.alarmNotEditable }
  var locationFailed: String { language.catalogue.locationFailed }
}

/// Words in the session's language, for the lines the alarm commands print (AlarmKeeper).
struct Words {
  let ja: Bool

  init(_ invocation: Invocation) { ja = invocation.language == .ja }

  /// `ja` in Japanese sessions, `en` otherwise.
  func say(_ ja: String, _ en: String) -> String { self.ja ? ja : en }
}

extension DeckLookup {
  /// `find` as AlarmKeeper calls it, with `Words`.
  static func find(
    _ query: String, ids: [String], labels: [String], path: String, none: String, several: (Int) -> String,
    words: Words
  ) throws -> Int {
    try find(
      query, ids: ids, labels: labels, path: path, none: none, several: several,
      words: (words.ja ? Language.ja : .en).catalogue)
  }
}
