import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersStore

/// `reminders alarm`: alarms that stop only at their place (docs/alarms.md).
struct AlarmCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "alarm",
    abstract: "Alarms that ring until stopped, and stop only at their place.",
    discussion: """
      An alarm rings at its time in the day zone whatever the window, quiet hours, do-not-disturb or focus say \
      (`reminders run`, every minute), as a critical pop-up that comes back within a minute when it is closed, \
      with a sound in a loop (config alarm.sound). It can be stopped, edited or deleted only within its radius \
      of its place: those commands first ask GeoClue2 on the system bus where you are (at most \
      alarm.location_timeout). Exit 77 when you are not there, 69 when no location comes.
      """,
    subcommands: [AlarmAdd.self, AlarmList.self, AlarmStop.self, AlarmEdit.self, AlarmDelete.self]
  )
}

/// The options that say when and where an alarm rings, shared by `add` and `edit`.
struct AlarmTimeOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The time it rings, in the day zone.", valueName: "HH:MM"))
  var at: String?

  // Unconditional: a place in the southern or western hemisphere starts with a minus sign.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Where it can be stopped: latitude,longitude in decimal degrees (e.g. 35.681236,139.767125).",
      valueName: "lat,lon"))
  var place: String?

  @Option(
    help: ArgumentHelp("How near its place it can be stopped, in metres (default 100).", valueName: "m"))
  var radius: Double?

  @Option(
    help: ArgumentHelp(
      "The weekdays it rings on, every week: mon,tue,wed,thu,fri,sat,sun.", valueName: "days"))
  var days: String?

  @Option(help: ArgumentHelp("The one day it rings on.", valueName: "YYYY-MM-DD"))
  var date: String?

  func validate() throws {
    if let at, WallTime(at) == nil {
      throw ValidationError("--at takes a time HH:MM from 00:00 to 23:59, not '\(at)'")
    }
    if let place, GeoPoint(place) == nil {
      throw ValidationError(
        "--place takes latitude,longitude in decimal degrees (-90…90, -180…180) such as 35.681236,139.767125, not '\(place)'"
      )
    }
    if let radius, !Alarm.radiusRange.contains(radius) {
      throw ValidationError("--radius takes metres from 1 to 100000, not \(radius)")
    }
    if let days, AlarmDays.weekdays(parsing: days) == nil {
      throw ValidationError("--days takes weekdays such as mon,tue,fri (each once), not '\(days)'")
    }
    if let date, Day(iso: date) == nil {
      throw ValidationError("--date takes a date YYYY-MM-DD, not '\(date)'")
    }
    if days != nil && date != nil {
      throw ValidationError("--days and --date cannot be given together")
    }
  }

  var wallTime: WallTime? { at.flatMap(WallTime.init) }
  var point: GeoPoint? { place.flatMap(GeoPoint.init) }
  var weekdays: AlarmDays? { days.flatMap(AlarmDays.weekdays(parsing:)) }
  var day: Day? { date.flatMap { Day(iso: $0) } }
}

/// `reminders alarm add NAME --at HH:MM --place LAT,LON [--radius M] [--days …|--date …]`.
struct AlarmAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Set an alarm for a place (from anywhere: no location is needed).",
    discussion:
      "It repeats on --days, rings once on --date, or with neither rings once, the next time the clock shows --at. Prints its id."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(help: ArgumentHelp("What the alarm is for (its pop-up's title).", valueName: "name"))
  var name: String
  @OptionGroup var when: AlarmTimeOptions

  func validate() throws {
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ValidationError("the alarm needs a name")
    }
    guard when.at != nil else { throw ValidationError("--at HH:MM is required") }
    guard when.place != nil else { throw ValidationError("--place LAT,LON is required") }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(invocation: invocation)
    let alarm = try text.saying {
      try invocation.alarmKeeper.add(
        name: name, time: when.wallTime!, place: when.point!, radius: when.radius ?? Alarm.defaultRadius,
        days: when.weekdays ?? when.day.map(AlarmDays.once), now: time.instant)
    }
    print(text.added(alarm, now: time.instant))
  }
}

/// `reminders alarm list [--json]`.
struct AlarmList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the alarms: time, days, place, radius, state, next ring.",
    discussion:
      "Shows the distance from here only when a location is at hand: the one the last place check had, if it is at most 15 minutes old. It never waits for GeoClue."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Flag(help: "Print one JSON object.")
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(invocation: invocation)
    let board = try invocation.alarmKeeper.board(now: time.instant)
    print(json ? text.json(board) : text.table(board), terminator: "")
  }
}

/// `reminders alarm stop [ID]`.
struct AlarmStop: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stop",
    abstract: "Stop a ringing alarm: only within its radius of its place.",
    discussion:
      "Without an id, the alarms ringing now. Asks GeoClue2 where you are first: exit 77 when you are not at the place (or the location is too coarse to tell), 69 when no location comes."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(
    help: ArgumentHelp("The alarm's id (or a unique prefix of 4 or more characters).", valueName: "id"))
  var id: String?

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(invocation: invocation)
    for line in text.lines(try text.saying { try invocation.alarmKeeper.stop(id, now: time.instant) }) {
      print(line)
    }
  }
}

/// `reminders alarm edit ID …`.
struct AlarmEdit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change an alarm: only within its radius of its place.",
    discussion:
      "The place and radius that count are the alarm's own before the change. Asks GeoClue2 where you are first: exit 77 when you are not there, 69 when no location comes."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(
    help: ArgumentHelp("The alarm's id (or a unique prefix of 4 or more characters).", valueName: "id"))
  var id: String
  @Option(help: ArgumentHelp("A new name.", valueName: "name"))
  var name: String?
  @OptionGroup var when: AlarmTimeOptions
  @Flag(help: "Let it ring again.")
  var enable = false
  @Flag(help: "Keep it from ringing (a ring under way stops).")
  var disable = false

  func validate() throws {
    if enable && disable { throw ValidationError("--enable and --disable cannot be given together") }
    if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ValidationError("--name takes a name, not an empty string")
    }
    let changes: [Any?] = [name, when.at, when.place, when.radius, when.days, when.date]
    if changes.allSatisfy({ $0 == nil }) && !enable && !disable {
      throw ValidationError(
        "nothing to change: give --name, --at, --place, --radius, --days, --date, --enable or --disable")
    }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(invocation: invocation)
    let change = AlarmChange(
      name: name, time: when.wallTime, place: when.point, radius: when.radius,
      days: when.weekdays ?? when.day.map(AlarmDays.once), enabled: enable ? true : disable ? false : nil)
    let edited = try text.saying { try invocation.alarmKeeper.edit(id, change, now: time.instant) }
    print(text.edited(edited.alarm, now: time.instant))
    if edited.ringEnded { print(text.ringEnded(edited.alarm)) }
  }
}

/// `reminders alarm delete ID`.
struct AlarmDelete: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete an alarm: only within its radius of its place.",
    discussion:
      "Asks GeoClue2 where you are first: exit 77 when you are not there, 69 when no location comes. A ring under way stops."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions
  @Argument(
    help: ArgumentHelp("The alarm's id (or a unique prefix of 4 or more characters).", valueName: "id"))
  var id: String

  func run() throws {
    let invocation = try Invocation(global)
    let text = AlarmText(invocation: invocation)
    let deleted = try text.saying { try invocation.alarmKeeper.delete(id, now: time.instant) }
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
        none: words.alarmNoun, several: words.alarmCount, words: invocation.messages)
    case .deletedMeanwhile(let id):
      return UsageError(words.alarmDeletedMeanwhile(id: id))
    case .noLocation(let error):
      return CommandFailure(words.locationFailed(because: why(error)), code: ExitStatus.unavailable)
    case .notAtPlace(let gated, let gate, let radius):
      let refusal = gated == .stop ? words.alarmNotStoppable : words.alarmNotEditable
      return CommandFailure(
        words.refusal(refusal, words.gateDetail(gate, radius: radius)), code: ExitStatus.noPermission)
    }
  }

  /// What `alarm stop` did, a line each.
  func lines(_ stop: AlarmKeeper.Stop) -> [String] {
    switch stop {
    case .notRinging(let alarm): return [notRinging(alarm)]
    case .nothingRings: return [nothingRings]
    case .stopped(let ended, let ringingOn):
      return ended.map { stopped($0.alarm, distance: AlarmKeeper.distance($0.gate)) }
        + ringingOn.map {
          stillRinging($0.alarm, refusal: words.gateDetail($0.gate, radius: $0.alarm.radius))
        }
    }
  }
}
