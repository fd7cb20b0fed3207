extension Japanese: DeliveryMessages {
  public func launchProblem(_ problem: LaunchProblem) -> String {
    switch problem {
    case .ankiNotFound(let command):
      "\(command) が見つかりません。config の anki.command で Anki を起動するコマンドを指定できます"
    case .noTerminal(let tried): "端末が見つかりません（\(tried)）。config の review.terminal で指定できます"
    case .notStarted(let command, let error): "\(command) を起動できません: \(error)"
    case .noReviewInPopup: "この watch はポップアップでの復習を行いません"
    case .stoppedAtOnce(let command, let status, let setting?):
      "\(command) がすぐに終了しました（終了コード \(status)）。config の \(setting) でこの環境で動くものを指定できます"
    case .stoppedAtOnce(let command, let status, nil): "\(command) がすぐに終了しました（終了コード \(status)）"
    }
  }

  public func popupFailure(_ failure: PopupFailureKind, detail: String) -> String {
    let said = detail.isEmpty ? "" : " (\(detail))"
    return switch failure {
    case .noServer: "セッションバスに通知サーバーがありません" + said
    case .noAnswer: "通知サーバーが時間内に応答しませんでした" + said
    case .noBus: "セッションバスがありません" + said
    case .noBusAddress: "セッションバスがありません（DBUS_SESSION_BUS_ADDRESS も XDG_RUNTIME_DIR も設定されていません）"
    case .refused: "通知サーバーが受け付けませんでした" + said
    case .interrupted: "表示中の実行が、表示できたかを記録する前に止まりました"
    }
  }

  public func busProblem(_ problem: BusProblem) -> String {
    switch problem {
    case .closed: "バスが接続を閉じました"
    case .outOfMemory(let function): "libdbus がメモリを確保できませんでした（\(function)）"
    case .nulCharacter(let member): "\(member): 文字列の引数に NUL 文字が含まれています"
    case .unexpectedReply(let call, let expected, let got): "\(call) の応答が (\(expected)) ではなく (\(got)) でした"
    case .unexpectedValue(let property, let value): "\(property): 想定外の値 \(value)"
    case .notDoubles(let path, let properties):
      "\(path): \(properties.joined(separator: "、")) のいずれかが double ではありません"
    case .doNotDisturbInGSettings: "GNOME のおやすみモードはバスではなく GSettings にあります"
    }
  }

  public func alarmSoundProblem(_ problem: AlarmSoundProblem) -> String {
    switch problem {
    case .soundOff: "alarm.sound が [] です（音なし）"
    case .notExecutable(let program): "alarm.sound の \(program) は実行できるプログラムではありません"
    case .noPlayer(let players, let sound, let soundFile):
      (soundFile ? "音を鳴らすプログラム" : "音 \(sound) を鳴らせるプログラム")
        + "（\(players.joined(separator: "、"))）が見つかりません。alarm.sound で指定できます"
    case .noSystemdRun:
      "systemd から起動されました（INVOCATION_ID があります）が、systemd-run が見つかりません。音がサービスと一緒に止まってしまいます"
    case .notStarted(let command, let error): "\(command) を起動できません: \(error)"
    case .endedAtOnce(let command): "\(command) がすぐに終了しました"
    case .scopeNotStarted: "systemd-run --user --scope が音を起動しませんでした（ユーザーマネージャーに接続できるか確認してください）"
    case .scopeTooSlow(let seconds): "systemd-run --user --scope が \(seconds) 秒以内に音を専用のスコープへ移しませんでした"
    case .restarted(let failures):
      "音がひとりでに止まったので（プログラムが \(failures)回続けて失敗したか、マシンが再起動しました）、もう一度鳴らしました"
    case .gaveUp(let failures):
      "音がまたひとりでに止まりました。プログラムが \(failures)回続けて失敗しています（alarm.sound を確認してください）。この鳴動ではもう音を鳴らしません"
    case .said(let said): said
    }
  }

  public func shown(_ id: String, title: String) -> String { "通知 \(id): \(title)" }
  public func doNotDisturbPlace(_ place: DoNotDisturbPlace) -> String {
    switch place {
    case .property(let name, let service, let path): "\(service) \(path) のプロパティ \(name)"
    case .mode(let mode, let property, let service, let path): "\(service) \(path) の \(property) のモード \(mode)"
    case .methods(let methods, let service, let path): "\(service) \(path) の \(methods)"
    case .xfconf(let channel, let property, let service, let path):
      "xfconf \(channel) \(property)（\(service) \(path) 経由）"
    case .gsettings(let schema, let key): "GSettings \(schema) \(key)（false ならオン、gsettings で読み取り）"
    case .nowhere(let server): "なし（\(server) にはおやすみモードがありません）"
    }
  }
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

  public var reviewNotStartedTitle: String { "復習を始められませんでした" }

  public func nowAheadRecorded(_ stamp: String, ledger: String) -> String {
    "--now \(stamp) は現在時刻より先です。この実行で届けたものは \(ledger) に記録され、本来の時刻にはもう届きません"
      + "（記録せずに見るには reminders preview --now、試すときは --state-dir で別の状態フォルダーを使えます）"
  }

  public func cardsStarted(_ id: String) -> String { "\(id) のポップアップでの復習を始めました。" }
  public func cardsNotStarted(_ id: String, why: String) -> String {
    "reminders: \(id) のポップアップで復習を始められません: \(why)"
  }
  public func cardAction(_ key: String, on: String) -> String {
    "カードのポップアップ: 「\(on)」に「\(actionLabel(key))」。"
  }
  public func cardsEnded(_ why: CardsEndReason) -> String {
    let words =
      switch why {
      case .action(let key): "「\(actionLabel(key))」を押しました"
      case .closed(.expired): "表示時間が過ぎました"
      case .closed(.dismissed): "利用者が閉じました"
      case .closed(.closedByCall): "CloseNotification で閉じられました"
      case .closed(.undefined): "理由は示されませんでした"
      case .nothingToReview: "復習するものがありません"
      case .answeredElsewhere: "ほかで解答されました"
      }
    return "ポップアップでの復習が終わりました: \(words)。"
  }

  /// The label of a card pop-up's action `key` (the key itself when it has none).
  func actionLabel(_ key: String) -> String {
    switch key {
    case "show": showAnswerAction
    case "later": laterAction
    case "remembered": rememberedAction
    case "forgot": forgotAction
    case "again": againAction
    case "good": goodAction
    case "easy": easyAction
    case "recalled": recalledAction
    case "not-yet": notYetAction
    default: key
    }
  }
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
  public func snoozeComesBack(_ id: String, at stamp: String) -> String {
    "\(id) をスヌーズしました。\(stamp) に戻ります。"
  }
  public func snoozeComesBackIfDue(_ id: String, after stamp: String) -> String {
    "\(id) をスヌーズしました。\(stamp) 以降、まだ復習するものがあれば戻ります。"
  }
}
