extension Japanese: AlarmMessages {

  public func alarmDays(_ days: AlarmDaysWords) -> String {
    switch days {
    case .weekdays(let list) where list.count == 7: "毎日"
    case .weekdays(let list): "毎週 " + mondayFirst(list).map(weekdayName).joined(separator: "・")
    case .once(let day): "\(day) のみ"
    }
  }

  public func nextRing(_ at: String?) -> String { "次の鳴動: \(at ?? "なし")" }

  public func alarmAdded(_ a: AlarmWords) -> String {
    "アラーム \(a.id) 「\(a.name)」を設定しました: \(a.days) \(a.time)、場所 \(a.place)、半径 \(a.radius)。\(a.next)。"
  }

  public func alarmEdited(_ a: AlarmWords) -> String {
    let state = a.enabled ? "" : "（無効）"
    return
      "アラーム \(a.id) 「\(a.name)」を変更しました\(state): \(a.days) \(a.time)、場所 \(a.place)、半径 \(a.radius)。\(a.next)。"
  }

  public func alarmDeleted(id: String, name: String) -> String { "アラーム \(id) 「\(name)」を削除しました。" }
  public func ringEnded(name: String) -> String { "鳴っていたアラーム「\(name)」は止まりました。" }

  public func alarmStopped(id: String, name: String, distance: String) -> String {
    "アラーム \(id) 「\(name)」を止めました（場所から \(distance)）。"
  }

  public func stillRinging(id: String, name: String, refusal: String) -> String {
    "アラーム \(id) 「\(name)」は鳴り続けます: \(refusal)"
  }

  public func notRinging(id: String, name: String) -> String { "アラーム \(id) 「\(name)」は鳴っていません。" }
  public var nothingRings: String { "鳴っているアラームはありません。" }
  public func alreadyPassed(days: String, time: String) -> String { "\(days) \(time) はもう過ぎています" }
  public func alarmDeletedMeanwhile(id: String) -> String { "アラーム \(id) は削除されました" }
  public var alarmNoun: String { "アラーム" }
  public func alarmCount(_ count: Int) -> String { "\(count) 件のアラーム" }

  public func alarmState(_ state: AlarmStateWord) -> String {
    switch state {
    case .ringing(let since): "鳴っています（\(since) から）"
    case .disabled: "無効"
    case .missed(let at): "鳴らせませんでした: \(at)"
    case .enabled: "有効"
    }
  }

  public var noAlarms: String { "アラームはありません（reminders alarm add で設定します）。\n" }

  public func alarmTableHeader(distances: Bool) -> [String] {
    ["ID", "名前", "時刻", "曜日・日付", "場所", "半径", "状態", "次の鳴動"] + (distances ? ["ここから"] : [])
  }

  public func distancesFrom(at: String, accuracy: String) -> String {
    "距離は \(at) の位置（精度 ±\(accuracy)）からです。\n"
  }

  public var alarmNotStoppable: String { "この場所に到着していないため、アラームを停止できません" }
  public var alarmNotEditable: String { "この場所に到着していないため、編集できません" }
  public var locationFailed: String { "位置情報の取得に失敗しました。設定を確認してください" }
  public func locationFailed(because why: String) -> String { locationFailed + "（\(why)）" }
  public func alarmCouldNeverStop(because why: String) -> String {
    "追加しませんでした: アラームはその場所でしか止められませんが、この機械は現在地を知ることができません（\(why)）。"
      + "このままでは止められないため、GeoClue（geoclue-2.0）を入れて動かしてから、もう一度追加してください"
  }
  public func refusal(_ refusal: String, _ detail: String) -> String { "\(refusal)。\(detail)" }

  public func placeDistance(_ distance: String, accuracy: String?) -> String {
    "目的地まで \(distance)" + (accuracy.map { "（位置の精度 ±\($0)）" } ?? "")
  }

  public func locationTooCoarse(accuracy: String, radius: String) -> String {
    "位置の精度が ±\(accuracy) で、半径 \(radius) には粗すぎます"
  }

  public func locationError(_ failure: LocationFailure) -> String {
    switch failure {
    case .noSystemBus(let bus): return "システムバスに接続できません: \(bus)"
    case .notAvailable(let bus): return "システムバスに GeoClue がありません: \(bus)"
    case .notActivatable:
      return "システムバスに GeoClue がありません: org.freedesktop.GeoClue2 を持つものがなく、バスも起動できません"
    case .refused(let bus): return "GeoClue が reminders に位置情報を渡しませんでした: \(bus)"
    case .timedOut(let seconds, let step):
      let waiting =
        switch step {
        case .systemBus: "システムバス"
        case .client: "Manager.GetClient（GeoClue がデスクトップの位置情報エージェントを待っています）"
        case .clientSettings: "DesktopId と RequestedAccuracyLevel の設定"
        case .start: "Client.Start（デスクトップのエージェントが reminders を許可するところ）"
        case .firstLocation: "最初の位置情報"
        case .properties: "位置情報のプロパティ"
        }
      return "\(seconds) 秒以内に位置情報が届きませんでした（\(waiting)を待っていました）"
    case .failed(let bus): return "GeoClue のエラー: \(bus)"
    }
  }
}
