/// The texts of `run`, `watch` and `snooze`: what they say on stderr and stdout.
public protocol DeliveryMessages: Sendable {
  /// Why the watch started no review from a pop-up: `no terminal found (tried A, B); set
  /// review.terminal in the config` / `端末が見つかりません（A, B）。config の review.terminal で指定できます`.
  func launchProblem(_ problem: LaunchProblem) -> String

  /// Why a pop-up could not be shown, with what the bus said (`detail`, empty when nothing):
  /// `no session bus (…)` / `セッションバスがありません（…）`.
  func popupFailure(_ failure: PopupFailureKind, detail: String) -> String

  /// A fault reminders found in a call on the bus, for the part of an error that says what the
  /// bus did: `org.freedesktop.DBus.Hello answered (as), not (s)` /
  /// `org.freedesktop.DBus.Hello の応答が (s) ではなく (as) でした`.
  func busProblem(_ problem: BusProblem) -> String

  /// Why an alarm's ring plays no sound: `no sound player (pw-play, paplay or canberra-gtk-play)
  /// was found; set alarm.sound` / `音を鳴らすプログラム（…）が見つかりません。…`.
  func alarmSoundProblem(_ problem: AlarmSoundProblem) -> String

  /// `run` showed a pop-up: `通知 daily-…: 今日の復習 3枚` / `popup daily-…: Today's reviews: 3 cards`.
  func shown(_ id: String, title: String) -> String

  /// `run` held a pop-up for do-not-disturb, where it was read (nil: the desktop's):
  /// `保留 …: おやすみモード中（デスクトップ）` / `held …: do-not-disturb (desktop)`.
  func held(_ id: String, place: String?) -> String

  /// Where do-not-disturb was read, for `held` and `doctor`: `property … of … …` /
  /// `… … のプロパティ …` (the bus's names as they are).
  func doNotDisturbPlace(_ place: DoNotDisturbPlace) -> String

  /// `run` wrote a reminder to the calendar file: `カレンダー …: …` / `calendar …: …`.
  func toCalendar(_ id: String, title: String) -> String

  /// Why it went there (stderr): `… をカレンダーファイル … に書きました: …` / `… went to the calendar file …: …`.
  func wentToCalendar(_ id: String, path: String, why: String) -> String

  /// `更新 …: …` / `updated …: …`.
  func updated(_ id: String, title: String) -> String

  /// `閉じました …: 復習するカードが残っていません` / `closed …: no card left to review`.
  func closed(_ id: String) -> String

  /// `再通知 …: …` / `ringing again …: …`.
  func rangAgain(_ id: String, title: String) -> String

  /// `停止 …: その場所で止めました` / `stopped …: stopped at its place`.
  func stoppedRinging(_ id: String, because end: RingEndReason) -> String

  /// `… のアラーム音を鳴らせません: …` / `… plays no sound: …`.
  func noSound(_ id: String, why: String) -> String

  /// `… のポップアップはそのままです: …` / `the pop-up of … was left as it was: …`.
  func leftAsShown(_ id: String, why: String) -> String

  /// `watch` finds another watch: `…: この状態フォルダーには別の reminders watch が動いています` /
  /// `…: another reminders watch runs for this state folder`.
  func anotherWatch(lock: String) -> String

  /// The bus refuses to be monitored: `通知を見守れません: このセッションバスは…（…）。…` /
  /// `cannot watch notifications: this session bus does not let reminders monitor it (…); …`.
  func monitorNotAllowed(_ error: String) -> String

  /// `通知を見守れません: …` / `cannot watch notifications: …`.
  func cannotWatch(_ why: String) -> String

  /// `… の通知を … のために見守ります。` / `Watching notifications on … for ….`
  func watching(address: String, ledger: String) -> String

  /// `通知の見守りが止まりました: …` / `stopped watching notifications: …`.
  func watchStopped(_ error: String) -> String

  /// `… のポップアップから復習を始めました: …` / `Started the review from the pop-up of …: …`.
  func reviewStarted(_ id: String, command: String) -> String

  /// `reminders: … のポップアップから復習を始められません: …` /
  /// `reminders: cannot start the review from the pop-up of …: …`.
  func reviewNotStarted(_ id: String, why: String) -> String

  /// The title of the pop-up that says a click started no review (its body is why):
  /// `復習を始められませんでした` / `The review did not start`.
  var reviewNotStartedTitle: String { get }

  /// `run --now` ahead of the clock, recording in the learner's own state:
  /// `--now 2026-12-05 Sat 07:30 is ahead of the clock: what this run delivered is recorded in
  /// LEDGER and will not come again at its time (reminders preview --now looks without
  /// recording; --state-dir keeps a trial apart)`.
  func nowAheadRecorded(_ stamp: String, ledger: String) -> String

  /// `… をスヌーズしました: … に … として戻ります（通知できる時間なら）。` /
  /// `Snoozed …: it comes back as … at … (or the next allowed moment).`
  func snoozed(_ id: String, returning: String, at stamp: String) -> String

  /// The watch's lines of a review in the pop-up: `Review in the pop-up of … started.`,
  /// `reminders: cannot start the review in the pop-up of …: …`, `Card pop-up: show on "猫".`,
  /// `The review in the pop-up ended: later.`
  func cardsStarted(_ id: String) -> String
  func cardsNotStarted(_ id: String, why: String) -> String
  func cardAction(_ key: String, on: String) -> String
  func cardsEnded(_ why: CardsEndReason) -> String
  /// `Card pop-up: "猫" was answered elsewhere; the next card shows.`
  func cardAnsweredElsewhere(on: String) -> String

  /// `… のポップアップ（通知 7）が閉じました: 利用者が閉じました。` /
  /// `The pop-up of … (notification 7) closed: dismissed by the user.`
  func popupClosed(_ id: String, notification: UInt32, reason: CloseReasonName) -> String

  /// `通知サーバーが替わりました。画面から外したもの: …。` / `The notification server changed; off screen: ….`
  func serverChanged(offScreen names: String) -> String

  // MARK: snooze

  /// `snooze ID` names no delivered reminder:
  /// `no delivered reminder 'ID' in LEDGER (reminders preview --json shows ids)` /
  /// `LEDGER に届けたリマインダー 'ID' はありません（reminders preview --json が ID を示します）`.
  func noDeliveredReminder(_ id: String, in ledger: String) -> String
  /// `nothing to snooze: no pop-up was shown yet` / `スヌーズするポップアップがありません: まだ何も表示していません`.
  var nothingToSnooze: String { get }
  /// `ID cannot be snoozed` / `ID はスヌーズできません`.
  func cannotSnooze(_ id: String) -> String
  /// The snooze is in the plan: `Snoozed ID: it comes back at T.` / `ID をスヌーズしました。T に戻ります。`.
  func snoozeComesBack(_ id: String, at stamp: String) -> String
  /// The snooze is not in the week's plan: `Snoozed ID: it comes back after T if there is still
  /// something to review.` / `ID をスヌーズしました。T 以降、まだ復習するものがあれば戻ります。`.
  func snoozeComesBackIfDue(_ id: String, after stamp: String) -> String
}

/// Why an alarm's ring stopped ringing.
public enum RingEndReason: Sendable {
  case stoppedAtPlace, alarmDeleted, alarmDisabled
  /// The next ring of its alarm (its id given) took its place.
  case replaced(next: String)
}

/// Why the notification server closed a pop-up.
public enum CloseReasonName: Sendable {
  case expired, dismissed, closedByCall, undefined
}

/// Why the watch could not start a review from a pop-up.
public enum LaunchProblem: Equatable, Sendable {
  /// A pop-up counted from Anki, and `anki.command`'s program is not found.
  case ankiNotFound(command: String)
  /// No terminal among those tried (`review.terminal`, else the usual ones), joined by commas.
  case noTerminal(tried: String)
  /// The program could not be started, in the system's words.
  case notStarted(command: String, error: String)
  /// This watch runs no review in the pop-up.
  case noReviewInPopup
  /// The program started, and ended within a few seconds with a status not 0 (a terminal that
  /// cannot open its window here); `setting` is the config key that names it (nil: the app).
  case stoppedAtOnce(command: String, status: Int32, setting: String?)
}

/// Why a pop-up could not be shown (or its fate is not known).
public enum PopupFailureKind: Equatable, Sendable {
  case noBus
  /// Neither `DBUS_SESSION_BUS_ADDRESS` nor `XDG_RUNTIME_DIR` is set: no session bus to look for.
  case noBusAddress
  case noServer, noAnswer, refused
  /// The run that was showing it stopped before it recorded whether it was shown.
  case interrupted
}

/// A fault reminders found in a call on the bus (RemindersDesktop's `BusFault`), with the bus's
/// names and signatures as they are.
public enum BusProblem: Equatable, Sendable {
  /// The bus closed the connection.
  case closed
  /// libdbus could not allocate memory in `function`.
  case outOfMemory(function: String)
  /// A string argument of `member` holds a NUL character.
  case nulCharacter(member: String)
  /// `call` answered with the signature `got`, not `expected`.
  case unexpectedReply(call: String, expected: String, got: String)
  /// `property` held `value`, not a value of its type.
  case unexpectedValue(property: String, value: String)
  /// The object at `path` lacks one of `properties` as a double.
  case notDoubles(path: String, properties: [String])
  /// GNOME's do-not-disturb was asked of the bus; it is in GSettings.
  case doNotDisturbInGSettings
}

/// Why a review in the pop-up ended.
public enum CardsEndReason: Equatable, Sendable {
  /// The pop-up's action `key` ended it (`later`, the last answer).
  case action(String)
  /// The notification server closed its pop-up.
  case closed(CloseReasonName)
  /// Nothing was due when it started.
  case nothingToReview
  /// The last card was answered elsewhere (a terminal, `cards answer`).
  case answeredElsewhere
}

/// Why an alarm's ring plays no sound, or what happened to it.
public enum AlarmSoundProblem: Equatable, Sendable {
  /// `alarm.sound = []`.
  case soundOff
  /// `alarm.sound`'s program (as written) is no executable program.
  case notExecutable(String)
  /// None of the players (`players`, in the order tried) is installed; `soundFile`: whether the
  /// freedesktop sound (`sound`) was found for those that need its file.
  case noPlayer(players: [String], sound: String, soundFile: Bool)
  /// Under systemd (`INVOCATION_ID`), without `systemd-run`: the sound would end with the service.
  case noSystemdRun
  /// The command could not be started, in the system's words.
  case notStarted(command: String, error: String)
  /// The command ended as soon as it started.
  case endedAtOnce(command: String)
  /// `systemd-run --user --scope` did not start the sound.
  case scopeNotStarted
  /// `systemd-run --user --scope` did not move the sound into a scope of its own in `seconds`.
  case scopeTooSlow(seconds: Int)
  /// Its sound ended by itself (the player failed `failures` times in a row, or the machine
  /// restarted) and was started again.
  case restarted(failures: Int)
  /// Its sound ended by itself again: no more sound for this ring.
  case gaveUp(failures: Int)
  /// What another player said, in its own words.
  case said(String)
}

/// Where a desktop's do-not-disturb is read (docs/delivery.md), by the names the bus and the
/// settings give: the catalogue frames them.
public enum DoNotDisturbPlace: Equatable, Sendable {
  /// A D-Bus property of a service's object (dunst, Plasma).
  case property(String, service: String, path: String)
  /// A mode in a property listing modes (mako).
  case mode(String, in: String, service: String, path: String)
  /// Methods of a service's object (SwayNotificationCenter).
  case methods(String, service: String, path: String)
  /// An xfconf property of a channel, through xfconf's service (Xfce).
  case xfconf(channel: String, property: String, service: String, path: String)
  /// A GSettings key whose false means on, read with gsettings (GNOME).
  case gsettings(schema: String, key: String)
  /// The server has none.
  case nowhere(server: String)
}
