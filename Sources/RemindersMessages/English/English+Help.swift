extension English: HelpMessages {
  public func abstract(_ command: HelpCommand) -> String {
    switch command {
    case .reminders: "Keeps a flashcard review habit alive with desktop reminders."
    case .preview: "Show every reminder that `run` would deliver, without sending or writing anything."
    case .run: "Deliver what is due now and not yet delivered, and record it."
    case .watch: "Follow the pop-ups `run` shows, so that a daily pop-up still on screen is updated in place."
    case .export: "Write the iCalendar feed of planned reminders, for calendar apps."
    case .doctor:
      "Show what reminders can see: the bus, the notification server, do-not-disturb, the timer, the files."
    case .status: "Show today's count, the streak, the recall items waiting and the next reminder."
    case .review, .reviewUnderFSRS: "Study the cards due now, then the recall items whose time has come."
    case .snooze: "Bring a delivered reminder back later (default: the last pop-up, after snooze.after)."
    case .stats: "Show the study heatmap: cards answered per day, streaks, focus minutes and the forecast."
    case .cards: "Add, list, answer and keep flashcards."
    case .cardsAdd: "Add a card, due today; prints its id. Without BACK, the dictionary offers candidates."
    case .lookup: "Look a word up in the offline Japanese-English dictionary: candidates for a card's back."
    case .calendar:
      "Keep a CalDAV calendar in step with the plan, so that a phone or another computer alarms too."
    case .calendarSync:
      "Bring the CalDAV calendar in step with the plan now; prints what it created, replaced and deleted."
    case .calendarStatus:
      "Show the CalDAV calendar: the events written there, the last sync, and any problem."
    case .fsrs:
      "FSRS, the scheduler of study.scheduler = \"fsrs\": its parameters fitted to your own history."
    case .fsrsOptimize:
      "Fit FSRS's 21 parameters to your review history, as Anki's Optimize does; --apply writes them to the config."
    case .cardsList: "List cards."
    case .cardsAnswer: "Record an answer: correct climbs the ladder, wrong starts over tomorrow."
    case .cardsEdit: "Change a card's sides, collection or note."
    case .cardsRemove: "Remove a card, and its open recall items."
    case .cardsSuspend: "Suspend a card: never due, never counted, until unsuspended."
    case .cardsUnsuspend: "Bring a suspended card back; it keeps its place on the ladder."
    case .cardsImport: "Add the cards of a UTF-8 TSV or CSV file, all or nothing."
    case .recall: "Ask to be reminded to recall a topic, and keep those items."
    case .recallAdd: "Add a recall item; prints its id."
    case .recallList: "List the open recall items, earliest first."
    case .recallDone: "Mark a recall item recalled: it is never reminded again."
    case .recallRemove: "Remove a recall item."
    case .timer: "Install, remove or inspect the systemd user timer that starts `reminders run` every minute."
    case .timerInstall:
      "Write the units, then enable and start the timer and the watch service (or print how to)."
    case .timerUninstall:
      "Stop and disable the timer and the watch service; remove the units `timer install` wrote."
    case .timerStatus:
      "Tell whether the timer is installed, enabled and active, its next start, and the watch service's state."
    case .config: "Show or change the settings of the config file."
    case .configPath: "Print the config file's path."
    case .configShow: "List every setting, its value, and where it comes from."
    case .configSet: "Set one setting in the config file, checked first; other lines and comments stay."
    case .configUnset: "Remove one setting from the config file: its default applies again."
    case .timerPrintUnit:
      "Print the text of a unit (service, timer or watch service), as `timer install` writes it."
    case .focus: "Start a focus session: focus and break phases, a pop-up at each phase end."
    case .focusStatus: "Where the focus session stands: phase, time left, cycle."
    case .focusStop: "End the focus session (its current focus phase is logged if it ran a minute)."
    case .alarm: "Alarms that ring until stopped, and stop only at their place."
    case .alarmAdd: "Set an alarm for a place (from anywhere: no location is needed)."
    case .alarmList: "List the alarms: time, days, place, radius, state, next ring."
    case .alarmStop: "Stop a ringing alarm: only within its radius of its place."
    case .alarmEdit: "Change an alarm: only within its radius of its place."
    case .alarmDelete: "Delete an alarm: only within its radius of its place."
    }
  }

  public func discussion(_ command: HelpCommand) -> String {
    switch command {
    case .reminders:
      "Reads the deck, works out when to remind and what to say, and keeps every pop-up inside the allowed hours. `reminders preview` shows exactly what would happen."
    case .preview:
      "Lists what `reminders run`, started every minute from now on, would deliver from now until the start of day today+N: time, kind, title, and why it moved. It reads what was already delivered."
    case .run:
      "Pop-ups go to org.freedesktop.Notifications on the session bus; where none can be shown, the reminder is written to the fallback calendar file. Each reminder is delivered at most once."
    case .watch:
      """
      Also acts on the pop-ups' actions: "Review now" starts `reminders review` in a terminal \
      (config review.terminal, else the first terminal found), "snooze" brings the reminder back after \
      snooze.after. Runs until the session bus goes away; the reminders-watch.service user unit that `timer install` enables \
      keeps it running. It listens as a bus monitor for NotificationClosed and for the notification server \
      changing, and records in the ledger which pop-ups are no longer on screen. While it runs, `run` replaces \
      today's daily pop-up in place when its count changes (and closes it when no card is left); without it, \
      `run` never touches a pop-up once shown. Exit 69 when there is no bus to watch (or it went away), 77 when \
      the bus refuses to be monitored, 75 when another watch runs for the same state folder.
      """
    case .export:
      "The events are exactly the reminders `preview --days N` shows for the same moment; UIDs stay the same across exports, so a subscribed calendar updates instead of duplicating. Default output: $XDG_DATA_HOME/reminders/reminders.ics."
    case .doctor:
      "Ends with one verdict line. Exits 0 when pop-ups will be delivered, 1 when reminders would fall back to the calendar file or `run` would stop on a file. Reads the desktop as `run` does, and writes nothing."
    case .status:
      "Reads the files only (never the bus), through the same plan cache as `run`, so it is as quick as a run with nothing to deliver. The next reminder is the one `preview` would list first."
    case .review:
      """
      Cards most overdue first, then recall items. A card shows its front; an empty line (Enter) shows the \
      back, then y (or 1) = remembered, n (or 2) = forgot; u undoes the last answer, s skips, q quits, ? lists \
      the keys. A recall item asks whether you recalled it: y completes it, n asks again after \
      recall.after_wrong. Every answer is saved before the next card is shown. In a terminal the session is \
      full-screen (Space or Enter reveals, y/1/→ remembered, n/2/← forgot, q, Esc or Ctrl-C quits); with \
      --plain or when input is not a terminal, one prompt a line on stdout and one answer a line on stdin: usable \
      by screen readers and scripts.
      """
    case .reviewUnderFSRS:
      """
      Cards most overdue first, then recall items. A card shows its front; an empty line (Enter) shows the \
      back, then rate it as FSRS does: 1 = again, 2 = hard, 3 = good, 4 = easy (y = good, n = again); u undoes \
      the last answer, s skips, q quits, ? lists the keys. A recall item asks whether you recalled it: y \
      completes it, n asks again after recall.after_wrong. Every answer is saved before the next card is shown. \
      In a terminal the session is full-screen (Space or Enter reveals, 1 to 4 rate, y/→ good, n/← again, q, \
      Esc or Ctrl-C quits); with --plain or when input is not a terminal, one prompt a line on stdout and one \
      answer a line on stdin: usable by screen readers and scripts.
      """
    case .snooze:
      """
      The reminder comes back once, moved like any reminder by the window, quiet hours and do-not-disturb \
      (reason `snoozed`); `preview` shows it. A daily reminder comes back only on its own day and while cards \
      are due, saying the count of then; a recall reminder only while one of its items is open. The pop-up is \
      closed when it is still on screen.
      """
    case .stats:
      "Seven weekday rows (Monday first) by N weeks ending today in the day zone, each day's level from the cards answered that day, with a legend; then the cards answered and the share remembered, days studied, the current and longest streak, focus minutes, and the cards due on each of the next 7 days. Reads the files only."
    case .cardsAnswer:
      "A wrong answer also adds a recall item for the card's front after `recall.after_wrong`, and prints when its reminder will really fire."
    case .cardsEdit:
      "An empty --collection \"\" or --note \"\" clears it. The card keeps its place on the ladder."
    case .cardsRemove: "Its answers stay in the review log (the streak counts them)."
    case .cardsAdd:
      "Without BACK, FRONT is looked up in the dictionary (dictionary.path, Debian's edict): in a terminal you pick a candidate by its number or type the back yourself; otherwise --pick N takes the Nth, and without it the command lists the candidates and exits 64. A conjugated word (食べた) becomes its dictionary form (食べる); the reading goes into the note."
    case .lookup:
      "A Japanese word gives English senses, an English word Japanese words with their readings; common words first, at most cards.candidates (1-5). A conjugated word is found by its dictionary form. The first lookup builds an index in the cache folder (a few seconds); later ones take milliseconds. Exit 69 when there is no dictionary."
    case .calendar:
      "Config [calendar] names the calendar (url, username, password_command, ca_file, days). `run` keeps it in step after it delivers: one event with an alarm per reminder, the same as `export`; the events of delivered reminders stay 7 days. Events it did not write are never touched."
    case .calendarSync:
      "Lists the calendar and writes what differs from the plan (only where the server still holds what it last wrote). Exit 69 when the server cannot be reached, 77 when it refuses the user name or password."
    case .calendarStatus: "Reads the files only: no request is sent."
    case .fsrsOptimize:
      "Prints the fitted parameters, the reviews and cards used, and how well the parameters in use and the fitted ones predict your answers (log loss and RMSE of bins: lower is better). A review counts when it was given on a later day than the card's previous answer. With too little history, exit 65 and nothing is written. --apply sets study.fsrs.parameters and study.fsrs.fitted as `config set` would, comments kept; it works under either scheduler."
    case .cardsImport:
      "One card a line: front, back, optional collection. A header line (front/back or 表/裏) names the columns (also collection/コレクション, note/メモ) and may put them in any order. Cards already in the deck with the same front, back and collection are skipped. A .csv file is CSV (RFC 4180 quoting); any other is TSV when it holds a tab."
    case .recallAdd:
      "--in takes a duration (90s, 10m, 3h, 1h30m, 2d). --at takes an RFC 3339 time with offset, a local YYYY-MM-DDTHH:MM in the day zone, or HH:MM (the next time the day-zone clock shows it)."
    case .timer:
      "The units go to $XDG_CONFIG_HOME/systemd/user (reminders.service, reminders.timer, and reminders-watch.service, which runs `reminders watch` to follow the pop-ups on screen), with the absolute path of this binary."
    case .timerInstall:
      "Runs `systemctl --user daemon-reload` and `systemctl --user enable --now reminders.timer reminders-watch.service` when a user manager is reachable. Running it again changes nothing; after moving the binary, it rewrites the units. The global options given are passed on to `reminders run` and `reminders watch`."
    case .timerUninstall: "Units of the same name that `timer install` did not write are left in place."
    case .timerPrintUnit:
      "For packagers: `reminders timer print-unit service --exec /usr/bin/reminders`. Without the first line by which `timer uninstall` recognises the units it wrote."
    case .focus:
      "In a terminal the session is shown full-screen (p pauses and resumes, q stops); --detach starts it and returns, and `reminders run` then says each phase end. Minutes may be decimals (0.1 is 6 seconds)."
    case .alarm:
      """
      An alarm rings at its time in the day zone whatever the window, quiet hours, do-not-disturb or focus say \
      (`reminders run`, every minute), as a critical pop-up that comes back within a minute when it is closed, \
      with a sound in a loop (config alarm.sound). It can be stopped, edited or deleted only within its radius \
      of its place: those commands first ask GeoClue2 on the system bus where you are (at most \
      alarm.location_timeout). Exit 77 when you are not there, 69 when no location comes.
      """
    case .alarmAdd:
      "It repeats on --days, rings once on --date, or with neither rings once, the next time the clock shows --at. Prints its id. Refused (exit 69) where GeoClue2 cannot be reached at all: such an alarm could never be stopped."
    case .alarmList:
      "Shows the distance from here only when a location is at hand: the one the last place check had, if it is at most 15 minutes old. It never waits for GeoClue."
    case .alarmStop:
      "Without an id, the alarms ringing now. Asks GeoClue2 where you are first: exit 77 when you are not at the place (or the location is too coarse to tell), 69 when no location comes."
    case .alarmEdit:
      "The place and radius that count are the alarm's own before the change. Asks GeoClue2 where you are first: exit 77 when you are not there, 69 when no location comes."
    case .alarmDelete:
      "Asks GeoClue2 where you are first: exit 77 when you are not there, 69 when no location comes. A ring under way stops."
    case .configSet:
      "VALUE is written as the key takes it: text as it is (daily.time 19:00), true or false, a number, a list split at commas (quiet.hours 12:00-13:00,22:00-07:00), a command split at spaces (review.terminal \"xterm -e\"), or TOML ([\"a\", \"b\"]). The whole file is checked before it is written: a bad value is exit 64 and the file stays as it was."
    case .cards, .cardsList, .cardsSuspend, .cardsUnsuspend, .recall, .recallList, .recallDone,
      .recallRemove, .timerStatus, .focusStatus, .focusStop, .config, .configPath, .configShow, .configUnset,
      .fsrs:
      ""
    }
  }

  public func help(_ item: HelpItem) -> String {
    switch item {
    case .config: "The config file (default: $XDG_CONFIG_HOME/reminders/config.toml)."
    case .deck: "The deck file (default: $XDG_DATA_HOME/reminders/deck.json)."
    case .stateDir: "The state folder (default: $XDG_STATE_HOME/reminders)."
    case .lang: "The language of texts: ja or en (default: config `language`)."
    case .now:
      "The moment to act at: 2026-11-21T23:59 in the day zone, or RFC 3339 with offset (2026-11-21T23:59:00+09:00); default: the clock."
    case .jsonObject: "Print one JSON object."
    case .jsonInsteadOfText: "Print one JSON object instead of text."
    case .jsonInsteadOfTable: "Print one JSON object instead of a table."
    case .jsonCards: "Print a JSON array of cards."
    case .jsonRecalls: "Print a JSON array of the items."
    case .jsonStats: "Print one JSON object (the figures and the per-day series) instead of text."
    case .cardFront: "The question side."
    case .cardBack: "The answer side (without it: candidates from the dictionary)."
    case .cardPick: "Without BACK: take the Nth of the dictionary's candidates."
    case .lookupWord: "A Japanese or English word."
    case .calendarDryRun: "Say what a sync would change, and write nothing."
    case .fsrsApply: "Write the fitted parameters to the config file."
    case .fsrsAnki: "Fit to the review log of the Anki collection of config anki.collection (read only)."
    case .cardCollection: "A named group, e.g. TOEIC."
    case .cardNote: "A note shown with the answer."
    case .cardTag: "A tag (repeat for more)."
    case .settingKey: "A setting's key, such as daily.time (reminders config show lists them)."
    case .settingValue: "Its new value."
    case .moveWindow:
      "With daily.time or daily.again outside the window: move window.start or window.end to take it in."
    case .cardDuplicate: "Add it even when a card with this front is already in the collection."
    case .cardID: "The card's id, or a unique prefix of at least 4 characters."
    case .listDue: "Only the cards due today."
    case .onlyCollection: "Only the cards of this collection."
    case .answerResult: "correct or wrong, or an FSRS rating: again, hard, good or easy (any case)."
    case .editFront: "The new question side."
    case .editBack: "The new answer side."
    case .editCollection: "The new collection; \"\" clears it."
    case .editNote: "The new note; \"\" clears it."
    case .importFile: "The file to read."
    case .importCollection: "The collection of lines that name none."
    case .recallID: "The item's id, or a unique prefix of at least 4 characters."
    case .recallTopic: "What to recall."
    case .recallIn: "After this long."
    case .recallAt: "At this time."
    case .recallNote: "A note shown with the topic."
    case .previewDays: "How many days to show, today included (1 to 3660)."
    case .exportDays: "How many days to export, today included (1 to 3660)."
    case .exportOutput: "Where to write the feed; - for stdout."
    case .snoozeID: "The reminder's id, as `preview --json` and the ledger show it."
    case .snoozeFor: "How long, such as 10m or 1h30m."
    case .statsWeeks: "How many weeks the heatmap shows, this one included (1 to 260)."
    case .statsSVG:
      "Also write the heatmap as a standalone SVG picture to this path; - prints it instead of the text."
    case .timerUnit: "Which unit."
    case .timerExec: "The binary ExecStart names (default: this one)."
    case .reviewLimit: "Stop after this many cards."
    case .reviewShuffle: "Shuffle the cards."
    case .reviewPlain: "One prompt a line, one answer a line, also in a terminal (screen readers, scripts)."
    case .reviewRecalls: "Only the recall items whose time has come (what a recall pop-up's action opens)."
    case .focusMinutes: "Minutes of a focus phase (default: config focus.minutes, 25)."
    case .focusBreak: "Minutes of a break (default: config focus.break, 5)."
    case .focusLongBreak: "Minutes of the long break (default: config focus.long_break, 15)."
    case .focusEvery:
      "The long break follows every n-th completed focus phase (default: config focus.long_every, 4)."
    case .focusCycles: "Stop after n focus phases (default: run until stopped)."
    case .focusTask: "What you work on (kept in the focus log)."
    case .focusDetach: "Start the session and return; `reminders run` delivers its pop-ups."
    case .alarmAt: "The time it rings, in the day zone."
    case .alarmPlace:
      "Where it can be stopped: latitude,longitude in decimal degrees (e.g. 35.681236,139.767125)."
    case .alarmRadius: "How near its place it can be stopped, in metres (default 100)."
    case .alarmDays: "The weekdays it rings on, every week: mon,tue,wed,thu,fri,sat,sun."
    case .alarmDate: "The one day it rings on."
    case .alarmName: "What the alarm is for (its pop-up's title)."
    case .alarmID: "The alarm's id (or a unique prefix of 4 or more characters)."
    case .alarmNewName: "A new name."
    case .alarmEnable: "Let it ring again."
    case .alarmDisable: "Keep it from ringing (a ring under way stops)."
    }
  }

  public func problem(_ problem: OptionProblem) -> String {
    switch problem {
    case .lang(let value): "--lang takes ja or en, not '\(value)'"
    case .emptyPath(let option, let folder):
      "\(option) takes a \(folder ? "folder" : "file") path, not an empty string"
    case .now(let value):
      "--now takes a time such as 2026-11-21T23:59 (in the day zone) or 2026-11-21T23:59:00+09:00, not '\(value)'"
    case .planDays: "--days takes a whole number from 1 to 3660"
    case .weeks: "--weeks takes a whole number from 1 to 260"
    case .svgAndJSON: "--svg - and --json both write to stdout; give one"
    case .limit: "--limit takes a whole number from 1"
    case .focusMinutes(let option, let value):
      "\(option) takes minutes greater than 0 and at most 1440, not \(value)"
    case .atLeastOne(let option): "\(option) takes a whole number of at least 1"
    case .snoozeFor(let value): "--for takes a duration such as 10m, 1h or 1h30m, not '\(value)'"
    case .recallIn(let value): "--in takes a duration such as 10m, 3h or 1h30m, not '\(value)'"
    case .recallAt(let value):
      "--at takes 2026-11-21T15:00:00+09:00, 2026-11-21T15:00 or 15:00, not '\(value)'"
    case .recallInOrAt: "give exactly one of --in and --at"
    case .emptyTopic: "TOPIC must not be empty"
    case .emptyFront: "FRONT must not be empty"
    case .emptyBack: "BACK must not be empty"
    case .answer(let value):
      "the answer is 'correct' or 'wrong', or a rating 'again', 'hard', 'good' or 'easy', not '\(value)'"
    case .nothingToEdit: "give at least one of --front, --back, --collection, --note"
    case .alarmAt(let value): "--at takes a time HH:MM from 00:00 to 23:59, not '\(value)'"
    case .alarmPlace(let value):
      "--place takes latitude,longitude in decimal degrees (-90…90, -180…180) such as 35.681236,139.767125, not '\(value)'"
    case .alarmRadius(let value): "--radius takes metres from 1 to 100000, not \(value)"
    case .alarmDays(let value): "--days takes weekdays such as mon,tue,fri (each once), not '\(value)'"
    case .alarmDate(let value): "--date takes a date YYYY-MM-DD, not '\(value)'"
    case .daysAndDate: "--days and --date cannot be given together"
    case .alarmNameMissing: "the alarm needs a name"
    case .alarmAtRequired: "--at HH:MM is required"
    case .alarmPlaceRequired: "--place LAT,LON is required"
    case .enableAndDisable: "--enable and --disable cannot be given together"
    case .emptyAlarmName: "--name takes a name, not an empty string"
    case .nothingToChange:
      "nothing to change: give --name, --at, --place, --radius, --days, --date, --enable or --disable"
    }
  }

  public var overviewHeading: String { "OVERVIEW:" }
  public var usageHeading: String { "USAGE:" }
  public var argumentsHeading: String { "ARGUMENTS:" }
  public var optionsHeading: String { "OPTIONS:" }
  public var subcommandsHeading: String { "SUBCOMMANDS:" }
  public func detailedHelp(_ command: String) -> String { "See '\(command)' for detailed help." }
  public var showHelp: String { "Show help information." }
  public var showVersion: String { "Show the version." }
  public var defaultValueLabel: String { "(default:" }
  public var valuesLabel: String { "(values:" }

  public func unknownOption(_ name: String, suggestion: String?) -> String {
    guard let suggestion else { return "Unknown option '\(name)'" }
    return "Unknown option '\(name)'. Did you mean '\(suggestion)'?"
  }

  public func unknownCommand(_ name: String, suggestion: String?) -> String {
    guard let suggestion else { return "Unknown command '\(name)'" }
    return "Unknown command '\(name)'. Did you mean '\(suggestion)'?"
  }

  public func missingValue(_ option: String) -> String { "Missing value for '\(option)'" }

  public func valueNotTaken(_ option: String, value: String) -> String {
    "The option '\(option)' does not take any value, but '\(value)' was specified."
  }

  public func unexpectedArguments(_ values: [String]) -> String {
    values.count == 1
      ? "Unexpected argument '\(values[0])'"
      : "\(values.count) unexpected arguments: '\(values.joined(separator: "', '"))'"
  }

  public func missingArguments(_ names: [String]) -> String {
    names.count == 1
      ? "Missing expected argument '\(names[0])'" : "Missing one of: '\(names.joined(separator: "', '"))'"
  }

  public func invalidValue(_ value: String, target: String?, allowed: [String], detail: String?) -> String {
    let head =
      target.map { "The value '\(value)' is invalid for '\($0)'" } ?? "The value '\(value)' is invalid."
    if let detail { return head + ": " + detail }
    guard !allowed.isEmpty else { return head }
    guard allowed.count < 6 else { return head + ". Please provide one of the following:" }
    let quoted = allowed.map { "'\($0)'" }
    let list =
      quoted.count <= 2
      ? quoted.joined(separator: " and ") : quoted.dropLast().joined(separator: ", ") + " or \(quoted.last!)"
    return head + ". Please provide one of \(list)."
  }

  public func invalidOption(_ text: String) -> String { "Invalid option: \(text)" }
  public var missingSubcommand: String { "Missing required subcommand." }

  public func duplicateValue(_ duplicate: String, previous: String) -> String {
    "Value to be set with \(duplicate) had already been set with \(previous)"
  }

  public func parserMessage(_ text: String) -> String { text }
}
