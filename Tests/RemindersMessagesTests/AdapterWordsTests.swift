import Foundation
import RemindersMessages
import Testing

/// What the adapters report as typed values (the CalDAV calendar and its helper, the password
/// command, the pop-ups, the watch's actions, an alarm's sound, GeoClue, Anki's collection, the
/// iCalendar reader), in both languages: every value has words in each, one line, and the
/// Japanese line holds no English sentence of ours (only what it quotes: paths, commands, names
/// of protocols and of the system's parts).
@Suite struct AdapterWordsTests {
  static let en = English()
  static let ja = Japanese()

  /// Words of English sentences that no Japanese line may hold.
  static let englishWords = [
    " the ", "the server", " a ", " an ", " not ", " is ", " was ", " no ", "found", "cannot", " did ",
    "could",
    " does ", "ended", " in time", "without", "expected", "refused",
  ]

  static func check(_ english: String, _ japanese: String, quoting quoted: [String] = []) {
    #expect(!english.isEmpty && !english.contains("\n"), "\(english)")
    #expect(!japanese.isEmpty && !japanese.contains("\n"), "\(japanese)")
    #expect(english != japanese)
    var words = japanese
    for text in quoted { words = words.replacingOccurrences(of: text, with: "") }
    for word in englishWords {
      #expect(!words.contains(word), "\(japanese)")
    }
  }

  static let calendarProblems: [CalendarProblemWord] = [
    .unreachable(.notAnAddress("ftp://x")), .unreachable(.caFileUnreadable("/etc/ca.pem")),
    .unreachable(.connectionRefused), .unreachable(.tls("E")), .unreachable(.said("E")),
    .unreachable(.helperMissing(beside: "/usr/bin/reminders")),
    .unreachable(.helperNotStarted(helper: "/usr/bin/reminders-caldav", error: "E")),
    .unreachable(.helperEnded),
    .timedOut, .refused(401), .status(503),
    .badAnswer(.commentNotClosed), .badAnswer(.cdataNotClosed), .badAnswer(.tagNotClosed),
    .badAnswer(.referenceNotClosed), .badAnswer(.unknownReference("nbsp")), .badAnswer(.responseWithoutHref),
    .badAnswer(.noMultistatus), .badAnswer(.helperSaid("hello")), .badAnswer(.helperSaid(nil)),
    .badAnswer(.helperDidNotStart), .badAnswer(.unknownRequest), .badAnswer(.said("E")),
    .password(.notFound(command: "pass")), .password(.notStarted(command: "pass", error: "E")),
    .password(.noAnswer(command: "pass", seconds: 10)), .password(.exit(command: "pass", status: 1)),
    .password(.printedNothing(command: "pass")), .password(.said("E")),
  ]

  @Test(arguments: calendarProblems)
  func everyCalendarProblem(problem: CalendarProblemWord) {
    let url = "https://dav.example.org/cal/"
    Self.check(
      Self.en.calendarProblem(problem, url: url, retry: "09:00"),
      Self.ja.calendarProblem(problem, url: url, retry: "09:00"))
    Self.check(
      Self.en.calendarDoctor(url: url, events: 1, syncedAt: nil, problem: problem, since: "08:00"),
      Self.ja.calendarDoctor(url: url, events: 1, syncedAt: nil, problem: problem, since: "08:00"))
  }

  /// Each of the calendar's problems says something of its own.
  @Test func calendarProblemsAreTold() {
    for words in [Self.en, Self.ja] as [any CalendarMessages] {
      let texts = Self.calendarProblems.map { words.calendarProblem($0, url: "u", retry: nil) }
      #expect(Set(texts).count == Self.calendarProblems.count)
    }
  }

  static let launches: [LaunchProblem] = [
    .ankiNotFound(command: "anki"), .noTerminal(tried: "xdg-terminal-exec, xterm"),
    .notStarted(command: "kitty", error: "E"), .noReviewInPopup,
    .stoppedAtOnce(command: "foot", status: 1, setting: "review.terminal"),
    .stoppedAtOnce(command: "reminders-desktop", status: 1, setting: nil),
  ]

  @Test(arguments: launches)
  func everyLaunchProblem(problem: LaunchProblem) {
    Self.check(Self.en.launchProblem(problem), Self.ja.launchProblem(problem))
  }

  static let popupFailures: [PopupFailureKind] = [
    .noBus, .noBusAddress, .noServer, .noAnswer, .refused, .interrupted,
  ]

  @Test(arguments: popupFailures)
  func everyPopupFailure(failure: PopupFailureKind) {
    Self.check(
      Self.en.popupFailure(failure, detail: "org.freedesktop.DBus.Error.Failed"),
      Self.ja.popupFailure(failure, detail: "org.freedesktop.DBus.Error.Failed"))
    #expect(
      Set(Self.popupFailures.map { Self.ja.popupFailure($0, detail: "") }).count == Self.popupFailures.count)
  }

  static let busProblems: [BusProblem] = [
    .closed, .outOfMemory(function: "dbus_bus_set_unique_name"), .nulCharacter(member: "Notify"),
    .unexpectedReply(call: "org.freedesktop.DBus.Hello", expected: "s", got: "as"),
    .unexpectedValue(property: "org.freedesktop.Notifications.Inhibited", value: "uint32(1)"),
    .notDoubles(
      path: "/org/freedesktop/GeoClue2/Location/1", properties: ["Latitude", "Longitude", "Accuracy"]),
    .doNotDisturbInGSettings,
  ]

  /// What reminders itself found wrong on the bus is said by the catalogue too, in both languages,
  /// quoting only the bus's names, signatures and values.
  @Test(arguments: busProblems)
  func everyBusProblem(problem: BusProblem) {
    Self.check(
      Self.en.busProblem(problem), Self.ja.busProblem(problem),
      quoting: ["dbus_bus_set_unique_name", "GSettings", "double"])
    #expect(Set(Self.busProblems.map(Self.ja.busProblem)).count == Self.busProblems.count)
    #expect(Set(Self.busProblems.map(Self.en.busProblem)).count == Self.busProblems.count)
  }

  static let soundProblems: [AlarmSoundProblem] = [
    .soundOff, .notExecutable("/opt/play"),
    .noPlayer(
      players: ["pw-play", "paplay", "canberra-gtk-play"], sound: "alarm-clock-elapsed", soundFile: true),
    .noPlayer(
      players: ["pw-play", "paplay", "canberra-gtk-play"], sound: "alarm-clock-elapsed", soundFile: false),
    .noSystemdRun, .notStarted(command: "pw-play /s.oga", error: "E"),
    .endedAtOnce(command: "pw-play /s.oga"),
    .scopeNotStarted, .scopeTooSlow(seconds: 15), .restarted(failures: 5), .gaveUp(failures: 5),
  ]

  @Test(arguments: soundProblems)
  func everyAlarmSoundProblem(problem: AlarmSoundProblem) {
    Self.check(Self.en.alarmSoundProblem(problem), Self.ja.alarmSoundProblem(problem))
  }

  /// What another player said is kept as it said it, in either language.
  @Test func whatAPlayerSaidIsKept() {
    #expect(Self.en.alarmSoundProblem(.said("E")) == "E" && Self.ja.alarmSoundProblem(.said("E")) == "E")
  }

  @Test func theEnglishListsThePlayersAsASentence() {
    #expect(
      Self.en.alarmSoundProblem(
        .noPlayer(
          players: ["pw-play", "paplay", "canberra-gtk-play"], sound: "alarm-clock-elapsed", soundFile: false)
      )
        == "no sound player (pw-play, paplay or canberra-gtk-play) with the sound alarm-clock-elapsed was found; "
        + "set alarm.sound")
    #expect(
      Self.ja.alarmSoundProblem(
        .noPlayer(players: ["pw-play", "paplay"], sound: "alarm-clock-elapsed", soundFile: true))
        == "音を鳴らすプログラム（pw-play、paplay）が見つかりません。alarm.sound で指定できます")
  }

  static let cardsEnds: [CardsEndReason] = [
    .action("later"), .action("good"), .action("remembered"), .closed(.expired), .closed(.dismissed),
    .closed(.closedByCall), .closed(.undefined), .nothingToReview, .answeredElsewhere,
  ]

  @Test(arguments: cardsEnds)
  func everyEndOfAReviewInThePopup(why: CardsEndReason) {
    Self.check(Self.en.cardsEnded(why), Self.ja.cardsEnded(why))
  }

  /// The keys of a card's pop-up are named with the labels its buttons show.
  @Test func actionsAreNamedByTheirButtons() {
    #expect(Self.ja.cardsEnded(.action("good")) == "ポップアップでの復習が終わりました: 「できた」を押しました。")
    #expect(Self.en.cardsEnded(.action("good")) == "The review in the pop-up ended: good.")
  }

  static let steps: [LocationStep] = [
    .systemBus, .client, .clientSettings, .start, .firstLocation, .properties,
  ]

  static let locationFailures: [LocationFailure] =
    [.noSystemBus("E"), .notAvailable("E"), .notActivatable, .refused("E"), .failed("E")]
    + steps.map { .timedOut(seconds: "10", waitingFor: $0) }

  @Test(arguments: locationFailures)
  func everyLocationFailure(failure: LocationFailure) {
    Self.check(
      Self.en.locationError(failure), Self.ja.locationError(failure),
      quoting: ["Manager.GetClient", "Client.Start", "DesktopId", "RequestedAccuracyLevel"])
    #expect(
      Set(Self.steps.map { Self.ja.locationError(.timedOut(seconds: "1", waitingFor: $0)) }).count
        == Self.steps.count)
  }

  static let blobReasons: [ProtoReason] = [
    .varintPastEnd, .varintTooLong, .valuePastEnd(bits: 64), .fieldNumberOutOfRange(0),
    .lengthPastEnd(field: 2, length: 9), .wireTypeNotRead(wireType: 3, field: 1), .notVarint(field: 1),
    .notMessage(field: 2), .neitherDeckKind,
  ]

  static let ankiProblems: [AnkiProblemWord] =
    [
      .missing, .notRegularFile(kind: .namedPipe), .unreadable("E"), .notSQLite,
      .notAnki(missingTable: "col"),
      .schema(11, reads: 18), .schema(19, reads: 18), .firstScheduler,
    ]
    + blobReasons.map { .badValue(.deck(id: 5, reason: $0, offset: 1)) }
    + [.badValue(.deckOptions(id: 1, reason: .varintPastEnd, offset: 0))]

  @Test(arguments: ankiProblems)
  func everyAnkiProblem(problem: AnkiProblemWord) {
    Self.check(
      Self.en.ankiConfigError(configPath: "/c", collection: "/a", problem: problem),
      Self.ja.ankiConfigError(configPath: "/c", collection: "/a", problem: problem), quoting: ["varint"])
    Self.check(
      Self.en.ankiUnreadable(.content(problem)), Self.ja.ankiUnreadable(.content(problem)),
      quoting: ["varint"])
  }

  static let unreadable: [AnkiUnreadableWord] = [
    .keptChanging, .system(path: "/a-wal", error: "E"), .notRegularFile(path: "/a-wal", kind: .directory),
    .copyDoesNotCheckOut("E"), .copyDoesNotCheckOut(nil), .tooSlow,
    .noSpace(folder: "/tmp", needed: "2 MB", free: "1 MB"),
  ]

  @Test(arguments: unreadable)
  func everyAnkiReadingProblem(why: AnkiUnreadableWord) {
    Self.check(Self.en.ankiUnreadable(why), Self.ja.ankiUnreadable(why))
  }

  static let calendarSyntax: [CalendarSyntaxProblem] = [
    .notUTF8, .noName, .nameNotFollowed, .noColon, .carriageReturn, .continuationFirst, .beginWithoutName,
    .notACalendar(found: "VEVENT"), .tooDeep(name: "X-LEVEL-32", depth: 32), .endWithoutBegin(name: "VEVENT"),
    .endMismatch(name: "VEVENT", open: "VALARM", line: 9), .beforeCalendar, .afterEnd(name: "VCALENDAR"),
    .neverClosed(name: "VEVENT"),
  ]

  @Test(arguments: calendarSyntax)
  func everyCalendarSyntaxProblem(problem: CalendarSyntaxProblem) {
    Self.check(Self.en.calendarSyntax(problem), Self.ja.calendarSyntax(problem))
    #expect(Set(Self.calendarSyntax.map(Self.ja.calendarSyntax)).count == Self.calendarSyntax.count)
  }

  @Test func theHelperStartedByHandSaysSo() {
    Self.check(Self.en.calendarHelperOnly, Self.ja.calendarHelperOnly, quoting: ["reminders-caldav"])
  }
}
