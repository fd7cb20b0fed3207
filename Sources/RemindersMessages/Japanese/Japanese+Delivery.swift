extension Japanese: DeliveryMessages {
  public func ankiCommandNotFound(_ command: String) -> String {
    "\(command) が見つかりません。config の anki.command で Anki を起動するコマンドを指定できます"
  }
  public func noTerminalFound(tried: String) -> String {
    "端末が見つかりません（\(tried)）。config の review.terminal で指定できます"
  }

  public func shown(_ id: String, title: String) -> String { "通知 \(id): \(title)" }
  public func held(_ id: String, place: String?) -> String { "保留 \(id): おやすみモード中（\(place ?? "デスクトップ")）" }
  public func toCalendar(_ id: String, title: String) -> String { "カレンダー \(id): \(title)" }

  public func wentToCalendar(_ id: String, path: String, why: String) -> String {
    "\(id) をカレンダーファイル \(path) に書きました: \(why)"
  }

  public func updated(_ id: String, title: String) -> String { "更新 \(id): \(title)" }
  public func closed(_ id: String) -> String { "閉じました \(id): 復習するカードが残っていません" }
  public func rangAgain(_ id: String, title: String) -> String { "再通知 \(id): \(title)" }

  public func stoppedRinging(_ id: String, because end: RingEndReason) -> String {
    let why =
      switch end {
      case .stoppedAtPlace: "その場所で止めました"
      case .alarmDeleted: "アラームが削除されました"
      case .alarmDisabled: "アラームが無効になりました"
      case .replaced(let next): "次の鳴動 \(next) に替わりました"
      }
    return "停止 \(id): \(why)"
  }

  public func noSound(_ id: String, why: String) -> String { "\(id) のアラーム音を鳴らせません: \(why)" }
  public func leftAsShown(_ id: String, why: String) -> String { "\(id) のポップアップはそのままです: \(why)" }

  public func anotherWatch(lock: String) -> String { "\(lock): この状態フォルダーには別の reminders watch が動いています" }

  public func monitorNotAllowed(_ error: String) -> String {
    "通知を見守れません: このセッションバスは reminders に監視を許していません（\(error)）。ポップアップは最初の表示のままです"
  }

  public func cannotWatch(_ why: String) -> String { "通知を見守れません: \(why)" }

  public func watching(address: String, ledger: String) -> String { "\(address) の通知を \(ledger) のために見守ります。" }

  public func watchStopped(_ error: String) -> String { "通知の見守りが止まりました: \(error)" }

  public func reviewStarted(_ id: String, command: String) -> String { "\(id) のポップアップから復習を始めました: \(command)" }

  public func reviewNotStarted(_ id: String, why: String) -> String {
    "reminders: \(id) のポップアップから復習を始められません: \(why)"
  }

  public func cardsStarted(_ id: String) -> String { "\(id) のポップアップでの復習を始めました。" }
  public func cardsNotStarted(_ id: String, why: String) -> String {
    "reminders: \(id) のポップアップで復習を始められません: \(why)"
  }
  public func cardAction(_ key: String, on: String) -> String { "カードのポップアップ: 「\(on)」に \(key)。" }
  public func cardsEnded(_ why: String) -> String { "ポップアップでの復習が終わりました: \(why)。" }
  public func cardAnsweredElsewhere(on: String) -> String { "カードのポップアップ: 「\(on)」はほかで解答されました。次を表示します。" }

  public func snoozed(_ id: String, returning: String, at stamp: String) -> String {
    "\(id) をスヌーズしました: \(stamp) に \(returning) として戻ります（通知できる時間なら）。"
  }

  public func popupClosed(_ id: String, notification: UInt32, reason: CloseReasonName) -> String {
    let why =
      switch reason {
      case .expired: "表示時間が過ぎました"
      case .dismissed: "利用者が閉じました"
      case .closedByCall: "CloseNotification で閉じられました"
      case .undefined: "理由は示されませんでした"
      }
    return "\(id) のポップアップ（通知 \(notification)）が閉じました: \(why)。"
  }

  public func serverChanged(offScreen names: String) -> String {
    "通知サーバーが替わりました。画面から外したもの: \(names)。"
  }

  // MARK: snooze

  public func noDeliveredReminder(_ id: String, in ledger: String) -> String {
    "\(ledger) に届けたリマインダー '\(id)' はありません（reminders preview --json が ID を示します）"
  }
  public var nothingToSnooze: String { "スヌーズするポップアップがありません: まだ何も表示していません" }
  public func cannotSnooze(_ id: String) -> String { "\(id) はスヌーズできません" }
  public func snoozeComesBack(_ id: String, at stamp: String, returning: String) -> String {
    "\(id) をスヌーズしました。\(stamp) に戻ります（\(returning)）。"
  }
  public func snoozeComesBackIfDue(_ id: String, after stamp: String, returning: String) -> String {
    "\(id) をスヌーズしました。\(stamp) 以降、まだ復習するものがあれば戻ります（\(returning)）。"
  }
}
