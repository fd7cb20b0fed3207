/// Every text `reminders` shows a person — pop-ups, terminal screens, messages, errors, help —
/// in one language.
///
/// One catalogue per language: `Japanese` and `English` conform, each in a folder of its own with
/// one file per area (the area protocols in `Areas/`), so that a text added to an area is a
/// compile error until both languages say it. Nothing here reads the environment: the language
/// is chosen by the caller (`Language.words`) and passed down, never kept process-wide.
///
/// Pop-ups and screens are read aloud by screen readers: meaning is carried by words and
/// punctuation, never by emoji, markup or colour alone.
public typealias Catalogue = PopupMessages & ReviewMessages & CardsMessages & FocusMessages & StatsMessages
  & PlanMessages & DeliveryMessages & DoctorMessages & TimerMessages & AlarmMessages & AnkiMessages
  & ErrorsMessages & HelpMessages & CardPopupMessages & ConfigMessages & DictionaryMessages & CalendarMessages
  & ConfigFileMessages & FileContentMessages & AppMessages & FSRSMessages

/// The Japanese catalogue.
public struct Japanese: Sendable {
  public init() {}
}

/// The English catalogue.
public struct English: Sendable {
  public init() {}
}
