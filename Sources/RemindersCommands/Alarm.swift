import ArgumentParser
import Foundation
import RemindersAlarmSound
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersReports
import RemindersStore

/// `reminders alarm`: alarms that stop only at their place (docs/alarms.md).
struct AlarmCommand: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .alarm, name: "alarm",
    subcommands: [AlarmAdd.self, AlarmList.self, AlarmStop.self, AlarmEdit.self, AlarmDelete.self]
  )
}

/// The options that say when and where an alarm rings, shared by `add` and `edit`.
struct AlarmTimeOptions: ParsableArguments {
  @Option(help: .catalogue(.alarmAt, valueName: "HH:MM"))
  var at: String?

  // Unconditional: a place in the southern or western hemisphere starts with a minus sign.
  @Option(
    parsing: .unconditional,
    help: .catalogue(.alarmPlace, valueName: "lat,lon"))
  var place: String?

  @Option(
    help: .catalogue(.alarmRadius, valueName: "m"))
  var radius: Double?

  @Option(
    help: .catalogue(.alarmDays, valueName: "days"))
  var days: String?

  @Option(help: .catalogue(.alarmDate, valueName: "YYYY-MM-DD"))
  var date: String?

  func validate() throws {
    if let at, WallTime(at) == nil {
      throw ValidationError(.alarmAt(at))
    }
    if let place, GeoPoint(place) == nil {
      throw ValidationError(.alarmPlace(place))
    }
    if let radius, !Alarm.radiusRange.contains(radius) {
      throw ValidationError(.alarmRadius("\(radius)"))
    }
    if let days, AlarmDays.weekdays(parsing: days) == nil {
      throw ValidationError(.alarmDays(days))
    }
    if let date, Day(iso: date) == nil {
      throw ValidationError(.alarmDate(date))
    }
    if days != nil && date != nil {
      throw ValidationError(.daysAndDate)
    }
  }

  var wallTime: WallTime? { at.flatMap(WallTime.init) }
  var point: GeoPoint? { place.flatMap(GeoPoint.init) }
  var weekdays: AlarmDays? { days.flatMap(AlarmDays.weekdays(parsing:)) }
  var day: Day? { date.flatMap { Day(iso: $0) } }
}

/// `reminders alarm add NAME --at HH:MM --place LAT,LON [--radius M] [--days …|--date …]`.
struct AlarmAdd: ParsableCommand {
  static let configuration = CommandConfiguration.described(.alarmAdd, name: "add")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(help: .catalogue(.alarmName, valueName: "name"))
  var name: String
  @OptionGroup var when: AlarmTimeOptions

  func validate() throws {
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ValidationError(.alarmNameMissing)
    }
    guard when.at != nil else { throw ValidationError(.alarmAtRequired) }
    guard when.place != nil else { throw ValidationError(.alarmPlaceRequired) }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
    let text = AlarmText(locale: invocation.locale)
    let alarm = try text.saying {
      try invocation.alarmKeeper.add(
        name: name, time: when.wallTime!, place: when.point!, radius: when.radius ?? Alarm.defaultRadius,
        days: when.weekdays ?? when.day.map(AlarmDays.once), now: now)
    }
    print(text.added(alarm, now: now))
  }
}

/// `reminders alarm list [--json]`.
struct AlarmList: ParsableCommand {
  static let configuration = CommandConfiguration.described(.alarmList, name: "list")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Flag(help: .catalogue(.jsonObject))
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(locale: invocation.locale)
    let board = try invocation.alarmKeeper.board(now: time.instant(in: invocation.clock))
    print(json ? text.json(board) : text.table(board), terminator: "")
  }
}

/// `reminders alarm stop [ID]`.
struct AlarmStop: ParsableCommand {
  static let configuration = CommandConfiguration.described(.alarmStop, name: "stop")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(
    help: .catalogue(.alarmID, valueName: "id"))
  var id: String?

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(locale: invocation.locale)
    for line in text.lines(
      try text.saying { try invocation.alarmKeeper.stop(id, now: time.instant(in: invocation.clock)) })
    {
      print(line)
    }
  }
}

/// `reminders alarm edit ID …`.
struct AlarmEdit: ParsableCommand {
  static let configuration = CommandConfiguration.described(.alarmEdit, name: "edit")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(
    help: .catalogue(.alarmID, valueName: "id"))
  var id: String
  @Option(help: .catalogue(.alarmNewName, valueName: "name"))
  var name: String?
  @OptionGroup var when: AlarmTimeOptions
  @Flag(help: .catalogue(.alarmEnable))
  var enable = false
  @Flag(help: .catalogue(.alarmDisable))
  var disable = false

  func validate() throws {
    if enable && disable { throw ValidationError(.enableAndDisable) }
    if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ValidationError(.emptyAlarmName)
    }
    let changes: [Any?] = [name, when.at, when.place, when.radius, when.days, when.date]
    if changes.allSatisfy({ $0 == nil }) && !enable && !disable {
      throw ValidationError(.nothingToChange)
    }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
    let text = AlarmText(locale: invocation.locale)
    let change = AlarmChange(
      name: name, time: when.wallTime, place: when.point, radius: when.radius,
      days: when.weekdays ?? when.day.map(AlarmDays.once), enabled: enable ? true : disable ? false : nil)
    let edited = try text.saying {
      try invocation.alarmKeeper.edit(id, change, now: now)
    }
    print(text.edited(edited.alarm, now: now))
    if edited.ringEnded { print(text.ringEnded(edited.alarm)) }
  }
}

/// `reminders alarm delete ID`.
struct AlarmDelete: ParsableCommand {
  static let configuration = CommandConfiguration.described(.alarmDelete, name: "delete")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(
    help: .catalogue(.alarmID, valueName: "id"))
  var id: String

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(locale: invocation.locale)
    let deleted = try text.saying {
      try invocation.alarmKeeper.delete(id, now: time.instant(in: invocation.clock))
    }
    print(text.deleted(deleted.alarm))
    if deleted.ringEnded { print(text.ringEnded(deleted.alarm)) }
  }
}

extension Invocation {
  /// The alarms' use cases over this session's files, GeoClue2, desktop and alarm sound.
  var alarmKeeper: AlarmKeeper {
    AlarmKeeper(
      workspace: workspace, locator: locator, desktop: desktop,
      sound: AlarmSoundLoop(configured: configuration.alarmSound, environment: environment))
  }
}

extension AlarmText {
  /// `body`, its `AlarmError` said in words with its exit code (docs/alarms.md).
  func saying<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as AlarmError {
      throw failure(error)
    }
  }

  /// An alarm use case's refusal in words, with its exit code.
  func failure(_ error: AlarmError) -> Error {
    switch error {
    case .passed(let days, let time):
      return UsageError(words.alreadyPassed(days: self.days(days), time: time.description))
    case .lookup(let query, let path, let matches):
      return DeckLookup.failure(
        query, matches: matches.map(\.id), labels: matches.map(\.name), path: path,
        none: words.alarmNoun, several: words.alarmCount, words: words)
    case .deletedMeanwhile(let id):
      return UsageError(words.alarmDeletedMeanwhile(id: id))
    case .noLocation(let error):
      return CommandFailure(words.locationFailed(because: why(error)), code: ExitStatus.unavailable)
    case .cannotBeStopped(let error):
      return CommandFailure(words.alarmCouldNeverStop(because: why(error)), code: ExitStatus.unavailable)
    case .notAtPlace(let gated, let gate, let radius):
      let refusal = gated == .stop ? words.alarmNotStoppable : words.alarmNotEditable
      return CommandFailure(
        words.refusal(refusal, words.gateDetail(gate, radius: radius)), code: ExitStatus.noPermission)
    }
  }
}
