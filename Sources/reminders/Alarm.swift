import ArgumentParser
import Foundation
import RemindersCore
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
    let keeper = try AlarmKeeper(invocation: Invocation(global))
    let alarm = try keeper.add(
      name: name, time: when.wallTime!, place: when.point!, radius: when.radius ?? Alarm.defaultRadius,
      days: when.weekdays ?? when.day.map(AlarmDays.once), now: time.instant)
    print(keeper.text.added(alarm, now: time.instant))
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
    let keeper = try AlarmKeeper(invocation: Invocation(global))
    let board = try keeper.board(now: time.instant)
    print(json ? keeper.text.json(board) : keeper.text.table(board), terminator: "")
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
    let keeper = try AlarmKeeper(invocation: Invocation(global))
    for line in try keeper.stop(id, now: time.instant) { print(line) }
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
    let keeper = try AlarmKeeper(invocation: Invocation(global))
    let change = AlarmChange(
      name: name, time: when.wallTime, place: when.point, radius: when.radius,
      days: when.weekdays ?? when.day.map(AlarmDays.once), enabled: enable ? true : disable ? false : nil)
    for line in try keeper.edit(id, change, now: time.instant) { print(line) }
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
    let keeper = try AlarmKeeper(invocation: Invocation(global))
    for line in try keeper.delete(id, now: time.instant) { print(line) }
  }
}
