import RemindersMessages
import Testing

/// The texts of `doctor`, `timer`, `alarm` and Anki, word for word in both languages (the
/// command line's tests compare whole outputs; these pin each text where it is kept).
@Suite struct DoctorTimerAlarmAnkiTests {
  static let ja = Japanese()
  static let en = English()

  @Test(arguments: [
    (ja.fileLabel(.held), "保留"), (en.fileLabel(.held), "held"),
    (ja.missingFile("/d", .deck), "/d: ありません（空のデッキとして扱います）"),
    (en.missingFile("/d", .deck), "/d: missing (an empty deck)"),
    (
      ja.fileOK("/c", mode: "0644", shared: true),
      "/c: 正常、モード 0644（他のユーザーも読めます。reminders は自分のファイルを 0600 で作ります）"
    ),
    (en.fileOK("/c", mode: "0600", shared: false), "/c: ok, mode 0600"),
    (ja.doNotDisturb(.unknown, readFrom: nil), "不明: 確かめる方法がどれも応答しませんでした"),
    (en.doNotDisturb(.unknown, readFrom: "gsettings"), "unknown, could not be read from gsettings"),
    (ja.busAddress(nil, from: nil), "なし"),
    (en.busAddress("unix:path=/b", from: "X"), "unix:path=/b (from X)"),
    (
      ja.popupActions(serverOffers: true, watchRuns: false, terminal: nil),
      "ボタンは出ません（reminders watch が動いていません、端末が見つかりません（config の review.terminal で指定できます））"
    ),
    (
      en.popupActions(serverOffers: true, watchRuns: true, terminal: "xterm -e"),
      "work here: \"Review now\" opens reminders review in xterm -e"
    ),
    (
      en.popupStudy(serverOffers: true, watchRuns: true, drip: 2700),
      "works here: \"Review here\" shows the cards in the pop-up; a card every 45 minutes (review.drip)"
    ),
    (
      en.popupStudy(serverOffers: false, watchRuns: true, drip: 2700),
      "not here (the server does not offer actions): no \"Review here\" button, and no drips"
    ),
    (
      en.popupStudy(serverOffers: true, watchRuns: true, drip: nil),
      "works here: \"Review here\" shows the cards in the pop-up; no drips (review.drip is off)"
    ),
    (
      ja.popupStudy(serverOffers: true, watchRuns: true, drip: 5400),
      "使えます: 「ここで復習」でポップアップにカードを出します。1時間30分ごとにカードを 1枚出します（review.drip）"
    ),
    (
      ja.popupStudy(serverOffers: true, watchRuns: false, drip: nil),
      "使えません（reminders watch が動いていません）: 「ここで復習」ボタンは出ません"
    ),
    (ja.fontWarning(.timedOut(seconds: 15)), "fc-list :lang=ja が 15 秒以内に応答しませんでした: 日本語の字形を持つフォントがあるか分かりません"),
    (
      en.fontWarning(.failed(status: 2)),
      "fc-list :lang=ja failed (exit 2): cannot tell whether a font has Japanese glyphs"
    ),
    (
      ja.locationFound(seconds: "0.4", accuracy: "20 m", systemBus: "S"),
      "GeoClue から 0.4 秒で取得できます（精度 ±20 m、S）"
    ),
    (en.noAlarmSound("no player"), "none: no player"),
  ])
  func doctor(said: String, expected: String) {
    #expect(said == expected)
  }

  @Test func theJapaneseFontWarningEndsInEnglish() {
    let japanese = Self.ja.fontWarning(.noFont)
    #expect(japanese.hasPrefix("日本語の字形を持つフォントがありません"))
    #expect(japanese.hasSuffix(" / " + Self.en.fontWarning(.noFont)))
  }

  @Test(arguments: [
    (ja.enabledAndStarted(["a", "b"], next: "T"), "a と b を有効にして開始しました。次回の実行: T"),
    (en.enabledAndStarted(["a", "b"], next: nil), "Enabled and started a and b."),
    (
      ja.noManagerToStop(.noSystemctl),
      "いま停止できる systemd ユーザーマネージャーがありません（systemctl がインストールされていません）。動いている環境で次を実行してください:"
    ),
    (
      en.userManagerAbsence(.noAnswer(socket: "/s", error: "refused")),
      "no systemd user manager answers on /s (refused)"
    ),
    (
      ja.userManagerAbsence(.socketPathTooLong(socket: "/s")),
      "/s で応答する systemd ユーザーマネージャーがありません（パスが長すぎます）"
    ),
    (
      en.userManagerAbsence(.socketPathTooLong(socket: "/s")),
      "no systemd user manager answers on /s (path too long)"
    ),
    (
      ja.systemctlFailed("systemctl --user x", .timedOut(seconds: 30)),
      "systemctl --user x が失敗しました: 30 秒以内に応答がありません"
    ),
    (en.systemctlFailed("systemctl --user x", .status(1)), "systemctl --user x failed: exit 1"),
    (ja.unitFileState("enabled for every user"), "全ユーザーで有効"), (en.unitFileState("static"), "static"),
    (
      ja.unitActivity(
        UnitActivityWords(load: "loaded", active: "active", sub: "waiting", isLoaded: true)),
      "動作中（waiting）"
    ),
    (
      en.unitActivity(
        UnitActivityWords(load: "loaded", active: "active", sub: "waiting", isLoaded: true)),
      "active (waiting)"
    ),
    (
      en.unitActivity(
        UnitActivityWords(load: "not-found", active: "inactive", sub: "dead", isLoaded: false)),
      "not loaded (not-found)"
    ),
    (ja.timerUnknown(because: nil), "不明: ユーザーマネージャーがありません"),
    (en.timerInstalled(in: "/u", byTimerInstall: false), "yes, in /u (not by reminders timer install)"),
    (
      ja.unitProblem(.watchMissing(directory: "/u"), units: UnitNames(timer: "t", service: "s", watch: "w")),
      "/u に t はありますが w がありません: reminders timer install をもう一度実行してください"
    ),
  ])
  func timer(said: String, expected: String) {
    #expect(said == expected)
  }

  @Test(arguments: [
    (ja.alarmNotStoppable, "この場所に到着していないため、アラームを停止できません"),
    (en.alarmNotStoppable, "You have not arrived at this place, so the alarm cannot be stopped"),
    (ja.alarmNotEditable, "この場所に到着していないため、編集できません"),
    (ja.locationFailed(because: "W"), "位置情報の取得に失敗しました。設定を確認してください（W）"),
    (en.locationFailed(because: "W"), "Could not get your location. Check your settings. (W)"),
    (ja.refusal("R", "D"), "R。D"), (en.refusal("R", "D"), "R: D"),
    (ja.placeDistance("1.2 km", accuracy: "300 m"), "目的地まで 1.2 km（位置の精度 ±300 m）"),
    (en.placeDistance("150 m", accuracy: nil), "150 m to go"),
    (ja.alarmDays(.weekdays([0, 1, 2])), "毎週 月・火・日"), (en.alarmDays(.weekdays([6, 1])), "every Mon, Sat"),
    (en.alarmDays(.weekdays(Array(0..<7))), "every day"),
    (ja.alarmDays(.once(day: "2026-11-21")), "2026-11-21 のみ"),
    (ja.nextRing(nil), "次の鳴動: なし"), (en.nextRing("T"), "next ring: T"),
    (ja.alarmState(.missed(at: "T")), "鳴らせませんでした: T"),
    (en.alarmState(.ringing(since: "T")), "ringing since T"),
    (
      ja.locationError(.timedOut(seconds: "10", waitingFor: .firstLocation)),
      "10 秒以内に位置情報が届きませんでした（最初の位置情報を待っていました）"
    ),
    (
      en.locationError(.timedOut(seconds: "2.5", waitingFor: .systemBus)),
      "no location within 2.5 s (waiting for the system bus)"
    ),
    (en.locationError(.failed("x")), "GeoClue failed: x"),
  ])
  func alarm(said: String, expected: String) {
    #expect(said == expected)
  }

  @Test func anAddedAlarm() {
    let alarm = AlarmWords(
      id: "a1", name: "朝", days: "毎日", time: "07:00", place: "35.0,139.0", radius: "100 m", next: "次の鳴動: T",
      enabled: false)
    #expect(Self.ja.alarmAdded(alarm) == "アラーム a1 「朝」を設定しました: 毎日 07:00、場所 35.0,139.0、半径 100 m。次の鳴動: T。")
    #expect(Self.ja.alarmEdited(alarm) == "アラーム a1 「朝」を変更しました（無効）: 毎日 07:00、場所 35.0,139.0、半径 100 m。次の鳴動: T。")
    var english = alarm
    english.next = "next ring: T"
    #expect(
      Self.en.alarmEdited(english)
        == "Changed alarm a1 \"朝\" (disabled): 毎日 at 07:00, place 35.0,139.0, radius 100 m; next ring: T.")
  }

  @Test(arguments: [
    (ja.ankiCurrent(readAt: "08:00", fromCopy: true), "最新（08:00 に読み取り。Anki が開いているため写しから）"),
    (en.ankiCurrent(readAt: "08:00", fromCopy: false), "current (read at 08:00 from the collection)"),
    (ja.ankiStale(readAt: "08:00", reason: "R"), "08:00 時点の枚数です（いまは読めません: R）"),
    (en.ankiUnavailable(reason: "R"), "not counted (it cannot be read: R)"),
    (ja.ankiDecks([]), "期限のカードはありません"), (en.ankiDecks([]), "no card due"),
    (
      ja.ankiDecks([
        AnkiDeckTally(name: "日本語", new: 5, learning: 2, review: 10),
        AnkiDeckTally(name: "x", new: 1, learning: 0, review: 0),
      ]),
      "日本語 17枚（新規 5、学習中 2、復習 10）、x 1枚（新規 1、学習中 0、復習 0）"
    ),
    (
      en.ankiDecks([AnkiDeckTally(name: "d", new: 1, learning: 0, review: 2)]),
      "d 3 (new 1, learning 0, review 2)"
    ),
    (en.ankiUnknownDeck("x"), "Anki: no top-level deck named \"x\" (anki.decks)"),
    (
      ja.ankiConfigError(configPath: "/c", collection: "/a", problem: .schema(11, reads: 18)),
      "/c: 設定が正しくありません: anki.collection: /a: スキーマ 11 の Anki コレクションは読めません（読めるのは 18）。Anki 2.1.50 以降で一度開いてください"
    ),
    (ja.ankiUnreadable(.content(.missing)), "ファイルがありません"),
    (en.ankiUnreadable(.content(.missing)), "no such file"),
    (
      en.ankiConfigError(configPath: "/c", collection: "/a", problem: .notRegularFile(kind: .namedPipe)),
      "/c: anki.collection: /a: it is a named pipe (FIFO), not a regular file"
    ),
    (
      ja.ankiUnreadable(.noSpace(folder: "/t", needed: "2 MB", free: "1 MB")),
      "/t に写すだけの空きがありません（必要 2 MB、空き 1 MB）"
    ),
  ])
  func anki(said: String, expected: String) {
    #expect(said == expected)
  }
}
