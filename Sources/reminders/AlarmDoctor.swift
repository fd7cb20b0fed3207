import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore

extension AlarmCheck {
  func locationJSON(_ text: DoctorText) -> OrderedJSON {
    .object([
      ("systemBus", .string(location.systemBus)),
      ("available", .bool(location.error == nil)),
      (
        "accuracy",
        location.accuracy.map { .number(AlarmStoreNumbers.format(($0 * 10).rounded() / 10)) } ?? .null
      ),
      ("seconds", .number(String(format: "%.2f", location.seconds))),
      ("error", location.error.map { .string(text.why($0)) } ?? .null),
      ("message", .string(text.location(location))),
    ])
  }

  func soundJSON(_ text: DoctorText) -> OrderedJSON {
    switch sound {
    case .success(let command):
      return .object([("command", .array(command.map(OrderedJSON.string))), ("problem", .null)])
    case .failure(let problem):
      return .object([("command", .null), ("problem", .string(problem.description))])
    }
  }
}

extension DoctorText {
  var locationLabel: String { ja ? "位置情報" : "location" }
  var alarmSoundLabel: String { ja ? "アラーム音" : "alarm sound" }

  func location(_ location: AlarmCheck.Location) -> String {
    let took = String(format: "%.1f", location.seconds)
    if let error = location.error {
      return ja
        ? "取得できません（\(why(error))）: アラームを止める・変更する・削除するには位置情報が必要です"
        : "none (\(why(error))): alarms cannot be stopped, edited or deleted without one"
    }
    let accuracy = Texts(language: language).distance(location.accuracy ?? .nan)
    return ja
      ? "GeoClue から \(took) 秒で取得できます（精度 ±\(accuracy)、\(location.systemBus)）"
      : "GeoClue gives one in \(took) s (accurate to ±\(accuracy)) on \(location.systemBus)"
  }

  func alarmSound(_ sound: Result<[String], NoAlarmSound>) -> String {
    switch sound {
    case .success(let command): return command.joined(separator: " ")
    case .failure(let problem): return ja ? "鳴りません: \(problem)" : "none: \(problem)"
    }
  }

  /// Why no location came, in words (as the alarm commands say it).
  func why(_ error: GeoClueError) -> String {
    guard ja else { return error.description }
    switch error {
    case .noSystemBus(let bus): return "システムバスに接続できません: \(bus)"
    case .notAvailable(let bus): return "システムバスに GeoClue がありません: \(bus)"
    case .refused(let bus): return "GeoClue が reminders に位置情報を渡しませんでした: \(bus)"
    case .timedOut(let seconds, let step):
      let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
      return "\(shown) 秒以内に位置情報が届きませんでした（\(step) を待っていました）"
    case .failed(let bus): return "GeoClue のエラー: \(bus)"
    }
  }

  func alarmsWillNotRing(_ file: FileHealth) -> String {
    ja ? "アラームは鳴りません（\(file.summary(self))）" : "no alarm will ring (\(file.summary(self)))"
  }
}
