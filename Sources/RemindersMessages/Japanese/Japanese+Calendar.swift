extension Japanese: CalendarMessages {
  public func calendarChange(
    _ change: CalendarChangeWord, dryRun: Bool, time: String, title: String?, uid: String
  ) -> String {
    let verb: String =
      switch change {
      case .create: dryRun ? "作成予定" : "作成"
      case .replace: dryRun ? "更新予定" : "更新"
      case .delete: dryRun ? "削除予定" : "削除"
      case .forget: dryRun ? "記録から外す予定（サーバーにありません）" : "記録から外しました（サーバーにありません）"
      }
    return "\(verb)  \(time)  \(title ?? uid)"
  }

  public func calendarSynced(created: Int, replaced: Int, deleted: Int, requests: Int, dryRun: Bool) -> String
  {
    if dryRun {
      return "試行のみで何も書き込んでいません: 作成 \(created)件、更新 \(replaced)件、削除 \(deleted)件の予定（リクエスト \(requests)回）。"
    }
    return "カレンダーは予定と一致しています: 作成 \(created)件、更新 \(replaced)件、削除 \(deleted)件（リクエスト \(requests)回）。"
  }

  public func calendarNotAllTaken(rejected: Int, created: Int, replaced: Int, deleted: Int, requests: Int)
    -> String
  {
    "カレンダーは予定と一致していません: サーバーが \(rejected)件を受け付けませんでした（上記）。作成 \(created)件、更新 \(replaced)件、削除 \(deleted)件（リクエスト \(requests)回）。"
  }

  public func calendarRejected(_ title: String, status: Int) -> String {
    let hint =
      status == 409 || status == 207
      ? "。同じ UID の予定がすでにカレンダーにありませんか（フィードを取り込んだなど）？" : ""
    return "サーバーが受け付けませんでした（HTTP \(status)）: \(title)\(hint)"
  }

  public func calendarRunLine(created: Int, replaced: Int, deleted: Int) -> String {
    "カレンダー: 作成 \(created)件、更新 \(replaced)件、削除 \(deleted)件"
  }

  func problemWords(_ problem: CalendarProblemWord) -> String {
    switch problem {
    case .unreachable(let why): "サーバーに接続できません（\(words(why))）"
    case .timedOut: "サーバーが時間内に応答しませんでした"
    case .refused(let status): "サーバーがユーザー名またはパスワードを拒否しました（HTTP \(status)）"
    case .status(let status): "サーバーが HTTP \(status) を返しました"
    case .badAnswer(let why): "サーバーの応答が CalDAV の応答ではありません（\(words(why))）"
    case .password(let why): "calendar.password_command からパスワードを得られません（\(words(why))）"
    }
  }

  func words(_ why: CalendarUnreachable) -> String {
    switch why {
    case .notAnAddress(let url): "アドレスではありません: \(url)"
    case .caFileUnreadable(let path): "calendar.ca_file の \(path) を読めません"
    case .connectionRefused: "接続を拒否されました"
    case .tls(let said): "TLS のエラー: \(said)"
    case .said(let said): said
    case .helperMissing(let beside): "補助プログラム reminders-caldav が \(beside) と同じ場所にインストールされていません"
    case .helperNotStarted(let helper, let error): "補助プログラム \(helper) を起動できません: \(error)"
    case .helperEnded: "補助プログラム reminders-caldav が途中で終了しました"
    }
  }

  func words(_ why: CalendarBadAnswer) -> String {
    switch why {
    case .commentNotClosed: "XML のコメントが閉じていません"
    case .cdataNotClosed: "CDATA セクションが閉じていません"
    case .tagNotClosed: "XML のタグが閉じていません"
    case .referenceNotClosed: "XML の参照が閉じていません"
    case .unknownReference(let name): "不明な XML の参照 &\(name); があります"
    case .responseWithoutHref: "href のない response があります"
    case .noMultistatus: "応答に multistatus がありません"
    case .notHTTP(let said): "HTTP の応答ではありません: \(said)"
    case .helperSaid(let word?): "補助プログラム reminders-caldav の応答が不正です（\(word)）"
    case .helperSaid(nil): "補助プログラム reminders-caldav が何も応答しませんでした"
    case .helperDidNotStart: "補助プログラム reminders-caldav が起動しませんでした"
    case .unknownRequest: "補助プログラムが知らない要求です"
    case .said(let said): said
    }
  }

  func words(_ why: PasswordCommandProblem) -> String {
    switch why {
    case .notFound(let command): "\(command) が見つかりません"
    case .notStarted(let command, let error): "\(command) を起動できません: \(error)"
    case .noAnswer(let command, let seconds): "\(command) が \(seconds) 秒以内に応答しませんでした"
    case .exit(let command, let status): "\(command) が終了コード \(status) で終わりました"
    case .printedNothing(let command): "\(command) が何も出力しませんでした"
    case .noLine(let command, let bytes): "\(command) の出力の最初の \(bytes / 1024) KB に改行がありません"
    case .said(let said): said
    }
  }

  public func calendarProblem(_ problem: CalendarProblemWord, url: String, retry: String?) -> String {
    let next: String
    switch (problem, retry) {
    case (_, nil): next = ""
    case (.refused, let at?), (.password, let at?):
      next = "。run は 1時間に 1回やり直します（次は \(at)）。すぐにやり直すには: reminders calendar sync"
    case (_, let at?): next = "。失われるものはありません。run がやり直します（次は \(at)）"
    }
    return "カレンダー \(url): \(problemWords(problem))\(next)"
  }

  public var calendarNotSet: String {
    "カレンダーが設定されていません: calendar.url を設定してください（reminders config set calendar.url https://…）"
  }

  public var calendarBusy: String { "カレンダーの別の同期が実行中です。1分後にやり直してください" }

  public var calendarOutOfTime: String { "同期の時間が尽きました: 残りは次の run で行います" }

  public func calendarStatus(
    url: String, user: String?, events: Int, syncedAt: String?, checkedAt: String?,
    problem: CalendarProblemWord?,
    since: String?, retry: String?, feed: String?
  ) -> [String] {
    var lines = ["カレンダー: \(url)" + (user.map { "（ユーザー \($0)）" } ?? "")]
    lines.append("書き込んだ予定: \(events)件")
    lines.append("予定と一致した時刻: \(syncedAt ?? "まだありません")")
    lines.append("サーバー側の変更を最後に確かめた時刻: \(checkedAt ?? "まだありません")")
    if let problem {
      lines.append("\(since ?? "?") からの問題: \(problemWords(problem))")
      if let retry { lines.append("run の次のやり直し: \(retry)") }
    } else {
      lines.append("問題: なし")
    }
    if let feed { lines.append("更新し続けるフィード: \(feed)") }
    return lines
  }

  public var calendarLabel: String { "カレンダー" }

  public var calendarHelperOnly: String { "reminders-caldav: reminders が起動するための補助プログラムです" }

  public var calendarFailingNote: String {
    "カレンダーが予定と一致していません（カレンダーの行を参照）。ポップアップには影響しません。"
  }

  public func calendarDoctor(
    url: String?, events: Int, syncedAt: String?, problem: CalendarProblemWord?, since: String?
  ) -> String {
    guard let url else { return "設定なし（calendar.url）" }
    if let problem { return "\(url): \(since ?? "?") から\(problemWords(problem))" }
    guard let syncedAt else { return "\(url): まだ同期していません（run か reminders calendar sync が行います）" }
    return "\(url): 予定 \(events)件、\(syncedAt) の時点で一致"
  }
}
