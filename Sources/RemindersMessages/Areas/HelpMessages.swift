/// The texts of `--help`: every command's abstract and discussion, every option's help, the
/// checks of options' values, and the command-line parser's own words and messages.
///
/// The parser's words in English are exactly those ArgumentParser writes, so that the command
/// line says them through the catalogue in either language and English stays as it was.
public protocol HelpMessages: Sendable {
  /// What `command` does, in one line: "Add a card, due today; prints its id." /
  /// 「カードを追加します（今日が期日）。ID を表示します。」
  func abstract(_ command: HelpCommand) -> String

  /// What more `command`'s help says under its abstract; empty when nothing.
  func discussion(_ command: HelpCommand) -> String

  /// The help of one option, flag or argument: "Only the cards due today." / 「今日が期日のカードだけ。」
  func help(_ item: HelpItem) -> String

  // MARK: The checks of options' values (`validate()`: exit 64)

  /// Why an option's value is refused: "--limit takes a whole number from 1" /
  /// 「--limit には 1 以上の整数を指定します」.
  func problem(_ problem: OptionProblem) -> String

  // MARK: The parser's words on a help page

  /// The heading of a help page's abstract: "OVERVIEW:" / 「概要:」.
  var overviewHeading: String { get }
  /// "USAGE:" / 「使い方:」.
  var usageHeading: String { get }
  /// "ARGUMENTS:" / 「引数:」.
  var argumentsHeading: String { get }
  /// "OPTIONS:" / 「オプション:」.
  var optionsHeading: String { get }
  /// "SUBCOMMANDS:" / 「サブコマンド:」.
  var subcommandsHeading: String { get }
  /// The last line of a page listing subcommands: "See 'reminders help <subcommand>' for detailed
  /// help." / 「サブコマンドの詳しい説明は 'reminders help <subcommand>' で表示します。」
  func detailedHelp(_ command: String) -> String
  /// `--help`: "Show help information." / 「この説明を表示します。」
  var showHelp: String { get }
  /// `--version`: "Show the version." / 「バージョンを表示します。」
  var showVersion: String { get }
  /// Before an option's default value: "(default: 14)" / 「(既定値: 14)」, this part "(default:".
  var defaultValueLabel: String { get }
  /// Before the values an option takes: "(values: service, timer, watch)", this part "(values:".
  var valuesLabel: String { get }

  // MARK: The parser's messages (exit 64)

  /// An option the command does not have: "Unknown option '--dayz'. Did you mean '--days'?" /
  /// 「不明なオプションです: '--dayz'（'--days' のことですか？）」
  func unknownOption(_ name: String, suggestion: String?) -> String
  /// A command name that is none of the commands there: "Unknown command 'reveiw'. Did you mean
  /// 'review'?" / 「不明なコマンドです: 'reveiw'（'review' のことですか？）」
  func unknownCommand(_ name: String, suggestion: String?) -> String
  /// An option given without its value: "Missing value for '--limit <n>'" /
  /// 「'--limit <n>' に値がありません」.
  func missingValue(_ option: String) -> String
  /// A flag given a value: "The option '--json' does not take any value, but 'x' was specified." /
  /// 「オプション '--json' は値をとりません（'x' が指定されました）」
  func valueNotTaken(_ option: String, value: String) -> String
  /// Arguments left over: "Unexpected argument 'x'", "2 unexpected arguments: 'x', 'y'" /
  /// 「余分な引数です: 'x'」.
  func unexpectedArguments(_ values: [String]) -> String
  /// Required arguments not given: "Missing expected argument '<front>'",
  /// "Missing one of: '<a>', '<b>'" / 「必要な引数がありません: '<front>'」.
  func missingArguments(_ names: [String]) -> String
  /// A value the parser cannot read: "The value 'abc' is invalid for '--limit <n>'" /
  /// 「'--limit <n>' の値 'abc' を読み取れません」; `target` is nil when the parser names none,
  /// `allowed` the values it takes (three at most shown in full), `detail` what the value's type said.
  func invalidValue(_ value: String, target: String?, allowed: [String], detail: String?) -> String
  /// An option that is not one: "Invalid option: -" / 「オプションとして正しくありません: -」.
  func invalidOption(_ text: String) -> String
  /// A command that needs a subcommand: "Missing required subcommand." / 「サブコマンドを指定してください。」
  var missingSubcommand: String { get }
  /// A flag given twice where once is allowed: "Value to be set with flag '--a' had already been
  /// set with flag '--b'" / 「flag '--a' の値は flag '--b' ですでに指定されています」.
  func duplicateValue(_ duplicate: String, previous: String) -> String
  /// A message of the parser the catalogue has no words of its own for, given as the parser
  /// wrote it: the text itself / 「コマンドラインを解釈できません: 〜」.
  func parserMessage(_ text: String) -> String
}

/// A command whose help the catalogue writes (`reminders cards add` is `cardsAdd`).
public enum HelpCommand: String, Sendable, CaseIterable {
  case reminders
  case preview, run, watch, export, doctor, status, review, snooze, stats
  /// `review` when the config's scheduler is FSRS: its keys are the four ratings.
  case reviewUnderFSRS
  case cards, cardsAdd, cardsList, cardsAnswer, cardsEdit, cardsRemove, cardsSuspend, cardsUnsuspend,
    cardsImport
  case recall, recallAdd, recallList, recallDone, recallRemove
  case timer, timerInstall, timerUninstall, timerStatus, timerPrintUnit
  case focus, focusStatus, focusStop
  case alarm, alarmAdd, alarmList, alarmStop, alarmEdit, alarmDelete
  case config, configPath, configShow, configSet, configUnset
  case lookup
  case calendar, calendarSync, calendarStatus
  case fsrs, fsrsOptimize
}

/// An option, flag or argument whose help the catalogue writes, named after where it is declared.
public enum HelpItem: String, Sendable, CaseIterable {
  // Every command's options (GlobalOptions, TimeOptions).
  case config, deck, stateDir, lang, now
  // The ways of printing JSON.
  case jsonObject, jsonInsteadOfText, jsonInsteadOfTable, jsonCards, jsonRecalls, jsonStats
  // Cards and recall items.
  case cardFront, cardBack, cardCollection, cardNote, cardTag, cardID, cardDuplicate, cardPick, lookupWord
  case calendarDryRun
  case fsrsApply, fsrsAnki
  case listDue, onlyCollection, answerResult
  case editFront, editBack, editCollection, editNote
  case importFile, importCollection
  case recallID, recallTopic, recallIn, recallAt, recallNote
  // Planning and delivery.
  case previewDays, exportDays, exportOutput, snoozeID, snoozeFor, statsWeeks, statsSVG
  case timerUnit, timerExec
  // Review.
  case reviewLimit, reviewShuffle, reviewPlain, reviewRecalls
  // Focus.
  case focusMinutes, focusBreak, focusLongBreak, focusEvery, focusCycles, focusTask, focusDetach
  // Alarms.
  case alarmAt, alarmPlace, alarmRadius, alarmDays, alarmDate, alarmName, alarmID, alarmNewName
  case alarmEnable, alarmDisable
  // Settings.
  case settingKey, settingValue, moveWindow
}

/// A value an option's check refuses (the value as given, where the text quotes it).
public enum OptionProblem: Sendable, Equatable {
  /// `--lang xx`.
  case lang(String)
  /// An empty path on the command line (`--config ""`, `--output ""`, `--svg ""`, `cards import
  /// ""`; `--state-dir ""` a folder): the option's (or argument's) name.
  case emptyPath(option: String, folder: Bool)
  /// `--now` that is not RFC 3339 with an offset.
  case now(String)
  /// `--days` of `preview` and `export` outside 1…3660.
  case planDays
  /// `--weeks` outside 1…260.
  case weeks
  /// `--svg -` with `--json`.
  case svgAndJSON
  /// `--limit` below 1.
  case limit
  /// `--minutes`, `--break` or `--long-break` (the option's name) outside (0, 1440].
  case focusMinutes(option: String, value: String)
  /// `--every` or `--cycles` (the option's name) below 1.
  case atLeastOne(option: String)
  /// `--for` of `snooze` that is no duration.
  case snoozeFor(String)
  /// `--in` of `recall add` that is no duration.
  case recallIn(String)
  /// `--at` of `recall add` that is no time.
  case recallAt(String)
  /// `recall add` with both or neither of `--in` and `--at`.
  case recallInOrAt
  /// `recall add` with an empty topic.
  case emptyTopic
  /// An empty front side (`cards add`, `cards edit --front`).
  case emptyFront
  /// An empty back side (`cards add`, `cards edit --back`).
  case emptyBack
  /// `cards answer` with a result other than correct or wrong.
  case answer(String)
  /// `cards edit` with nothing to change.
  case nothingToEdit
  /// Alarms: `--at` that is no HH:MM.
  case alarmAt(String)
  /// `--place` that is no latitude,longitude.
  case alarmPlace(String)
  /// `--radius` outside 1…100000 (as the parser read it).
  case alarmRadius(String)
  /// `--days` that is no list of weekdays.
  case alarmDays(String)
  /// `--date` that is no YYYY-MM-DD.
  case alarmDate(String)
  /// `--days` with `--date`.
  case daysAndDate
  /// `alarm add` with an empty name.
  case alarmNameMissing
  /// `alarm add` without `--at`.
  case alarmAtRequired
  /// `alarm add` without `--place`.
  case alarmPlaceRequired
  /// `alarm edit --enable --disable`.
  case enableAndDisable
  /// `alarm edit --name ""`.
  case emptyAlarmName
  /// `alarm edit` with nothing to change.
  case nothingToChange
}
