/// The texts of `alarm`: add, list, stop, edit, delete, the place gate.
///
/// Distances and times come in formatted (`1.2 km`, `2026-11-21 07:30`): the caller has the
/// clock and the zone.
public protocol AlarmMessages: Sendable {
  /// `every Mon, Tue` / `毎週 月・火`, `every day` / `毎日`, or `on 2026-11-21` / `2026-11-21 のみ`.
  func alarmDays(_ days: AlarmDaysWords) -> String
  /// `next ring: T` / `次の鳴動: T`, or none.
  func nextRing(_ at: String?) -> String
  /// `Set alarm ID "NAME": DAYS at TIME, place P, radius R; next ring: T.` /
  /// `アラーム ID 「NAME」を設定しました: DAYS TIME、場所 P、半径 R。次の鳴動: T。`.
  func alarmAdded(_ alarm: AlarmWords) -> String
  /// `Changed alarm ID "NAME" (disabled): …` / `アラーム ID 「NAME」を変更しました（無効）: …`.
  func alarmEdited(_ alarm: AlarmWords) -> String
  /// `Deleted alarm ID "NAME".` / `アラーム ID 「NAME」を削除しました。`.
  func alarmDeleted(id: String, name: String) -> String
  /// `Its ring under way has stopped.` / `鳴っていたアラーム「NAME」は止まりました。`.
  func ringEnded(name: String) -> String
  /// `Stopped alarm ID "NAME" (40 m from its place).` / `アラーム ID 「NAME」を止めました（場所から 40 m）。`.
  func alarmStopped(id: String, name: String, distance: String) -> String
  /// `Alarm ID "NAME" rings on: WHY` / `アラーム ID 「NAME」は鳴り続けます: WHY`.
  func stillRinging(id: String, name: String, refusal: String) -> String
  /// `Alarm ID "NAME" is not ringing.` / `アラーム ID 「NAME」は鳴っていません。`.
  func notRinging(id: String, name: String) -> String
  /// `No alarm is ringing.` / `鳴っているアラームはありません。`.
  var nothingRings: String { get }
  /// `DAYS at TIME has already passed` / `DAYS TIME はもう過ぎています`.
  func alreadyPassed(days: String, time: String) -> String
  /// `alarm ID was deleted meanwhile` / `アラーム ID は削除されました`.
  func alarmDeletedMeanwhile(id: String) -> String
  /// What an alarm is called when none or several match: `alarm` / `アラーム`.
  var alarmNoun: String { get }
  /// `3 alarms` / `3 件のアラーム`.
  func alarmCount(_ count: Int) -> String

  // MARK: alarm list

  /// `ringing since T` / `鳴っています（T から）`, `disabled` / `無効` and the like.
  func alarmState(_ state: AlarmStateWord) -> String
  /// `No alarms (reminders alarm add sets one).` / `アラームはありません（reminders alarm add で設定します）。`.
  var noAlarms: String { get }
  /// The table's header: `ID NAME TIME …` / `ID 名前 時刻 …`, with `FROM HERE` / `ここから` when
  /// distances are shown.
  func alarmTableHeader(distances: Bool) -> [String]
  /// `Distances are from where you were at T (accurate to ±A).` / `距離は T の位置（精度 ±A）からです。`.
  func distancesFrom(at: String, accuracy: String) -> String

  // MARK: the place gate (docs/alarms.md, word for word)

  /// `You have not arrived at this place, so the alarm cannot be stopped` /
  /// `この場所に到着していないため、アラームを停止できません`.
  var alarmNotStoppable: String { get }
  /// `You have not arrived at this place, so the alarm cannot be edited` /
  /// `この場所に到着していないため、編集できません`.
  var alarmNotEditable: String { get }
  /// `Could not get your location. Check your settings.` / `位置情報の取得に失敗しました。設定を確認してください`.
  var locationFailed: String { get }
  /// `alarm add` with no GeoClue at all: `この場所の確認ができないため…` / `Not added: an alarm stops
  /// only at its place, and this machine cannot tell where it is (WHY), so it could never be
  /// stopped. Install and start GeoClue (geoclue-2.0), then add it again.`
  func alarmCouldNeverStop(because why: String) -> String
  /// `locationFailed` and why: `… settings. (WHY)` / `…ください（WHY）`.
  func locationFailed(because why: String) -> String
  /// A refusal and what follows it: `REFUSAL: DETAIL` / `REFUSAL。DETAIL`.
  func refusal(_ refusal: String, _ detail: String) -> String
  /// `1.2 km to go` / `目的地まで 1.2 km`, with the location's accuracy when it is coarser than
  /// the radius: ` (location accurate to ±A)` / `（位置の精度 ±A）`.
  func placeDistance(_ distance: String, accuracy: String?) -> String
  /// `your location is only accurate to ±A, too coarse for the R radius` /
  /// `位置の精度が ±A で、半径 R には粗すぎます`.
  func locationTooCoarse(accuracy: String, radius: String) -> String
  /// Why no location came: `GeoClue failed: …` / `GeoClue のエラー: …`.
  func locationError(_ failure: LocationFailure) -> String
}

/// The days an alarm rings on.
public enum AlarmDaysWords: Sendable, Equatable {
  /// `Day.weekday` numbering, 0 = Sunday.
  case weekdays([Int])
  case once(day: String)
}

/// Monday first, as a week is read (`Day.weekday` numbering, 0 = Sunday): both languages list
/// an alarm's weekdays so.
func mondayFirst(_ weekdays: [Int]) -> [Int] { weekdays.sorted { ($0 + 6) % 7 < ($1 + 6) % 7 } }

/// An alarm as the messages name it, its values formatted.
public struct AlarmWords: Sendable, Equatable {
  public var id: String
  public var name: String
  /// `alarmDays`'s words.
  public var days: String
  public var time: String
  public var place: String
  public var radius: String
  /// `nextRing`'s words.
  public var next: String
  public var enabled: Bool

  public init(
    id: String, name: String, days: String, time: String, place: String, radius: String, next: String,
    enabled: Bool
  ) {
    (self.id, self.name, self.days, self.time) = (id, name, days, time)
    (self.place, self.radius, self.next, self.enabled) = (place, radius, next, enabled)
  }
}

/// An alarm's state in `alarm list`.
public enum AlarmStateWord: Sendable, Equatable {
  case ringing(since: String)
  case disabled
  case missed(at: String)
  case enabled
}

/// Why a ring stopped.
public enum RingEndWord: Sendable, Equatable {
  case stoppedAtPlace
  case alarmDeleted
  case alarmDisabled
  case replaced(by: String)
}

/// Why no location came from GeoClue.
public enum LocationFailure: Sendable, Equatable {
  case noSystemBus(String)
  case notAvailable(String)
  /// Nobody owns GeoClue's name on the system bus, and the bus cannot start it.
  case notActivatable
  case refused(String)
  /// `seconds` as said (`10`, `2.5`), and the step it waited on.
  case timedOut(seconds: String, waitingFor: LocationStep)
  case failed(String)
}

/// The step of asking GeoClue that a location was still waited for.
public enum LocationStep: Sendable, Equatable {
  case systemBus, client, clientSettings, start, firstLocation, properties
}
