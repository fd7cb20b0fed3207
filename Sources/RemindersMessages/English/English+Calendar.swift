extension English: CalendarMessages {
  public func calendarChange(
    _ change: CalendarChangeWord, dryRun: Bool, time: String, title: String?, uid: String
  ) -> String {
    let verb: String =
      switch change {
      case .create: dryRun ? "would create" : "created"
      case .replace: dryRun ? "would replace" : "replaced"
      case .delete: dryRun ? "would delete" : "deleted"
      case .forget: dryRun ? "would forget (gone)" : "forgotten (gone)"
      }
    return "\(verb)  \(time)  \(title ?? uid)"
  }

  public func calendarSynced(created: Int, replaced: Int, deleted: Int, requests: Int, dryRun: Bool) -> String
  {
    let requestWords = requests == 1 ? "1 request" : "\(requests) requests"
    if dryRun {
      return
        "Dry run, nothing written: \(created) to create, \(replaced) to replace, \(deleted) to delete (\(requestWords))."
    }
    return
      "The calendar is in step with the plan: \(created) created, \(replaced) replaced, \(deleted) deleted (\(requestWords))."
  }

  public func calendarRejected(_ title: String, status: Int) -> String {
    let hint =
      status == 409 || status == 207
      ? "; is an event with the same UID in the calendar already (a feed imported into it)?" : ""
    return "not taken by the server (HTTP \(status)): \(title)\(hint)"
  }

  public func calendarRunLine(created: Int, replaced: Int, deleted: Int) -> String {
    "calendar: \(created) created, \(replaced) replaced, \(deleted) deleted"
  }

  func problemWords(_ problem: CalendarProblemWord) -> String {
    switch problem {
    case .unreachable(let detail): "the server cannot be reached (\(detail))"
    case .timedOut: "the server did not answer in time"
    case .refused(let status): "the server refused the user name or password (HTTP \(status))"
    case .status(let status): "the server answered HTTP \(status)"
    case .badAnswer(let detail): "the server's answer is no CalDAV answer (\(detail))"
    case .password(let detail): "calendar.password_command gave no password (\(detail))"
    }
  }

  public func calendarProblem(_ problem: CalendarProblemWord, url: String, retry: String?) -> String {
    let next: String
    switch (problem, retry) {
    case (_, nil): next = ""
    case (.refused, let at?), (.password, let at?):
      next = "; run tries again once an hour (next \(at)), or now: reminders calendar sync"
    case (_, let at?): next = "; nothing is lost, run tries again (next \(at))"
    }
    return "calendar \(url): \(problemWords(problem))\(next)"
  }

  public var calendarNotSet: String {
    "no calendar is set: set calendar.url (reminders config set calendar.url https://…)"
  }

  public var calendarBusy: String { "another sync of the calendar is running; try again in a minute" }

  public var calendarOutOfTime: String { "the time of a sync ran out: the rest follows on the next run" }

  public func calendarStatus(
    url: String, user: String?, events: Int, syncedAt: String?, checkedAt: String?,
    problem: CalendarProblemWord?,
    since: String?, retry: String?, feed: String?
  ) -> [String] {
    var lines = ["Calendar: \(url)" + (user.map { " (user \($0))" } ?? "")]
    lines.append("Events written there: \(events)")
    lines.append("In step with the plan as of: \(syncedAt ?? "never")")
    lines.append("Last checked for changes there: \(checkedAt ?? "never")")
    if let problem {
      lines.append("Problem since \(since ?? "?"): \(problemWords(problem))")
      if let retry { lines.append("Next try by run: \(retry)") }
    } else {
      lines.append("Problem: none")
    }
    if let feed { lines.append("Feed kept fresh: \(feed)") }
    return lines
  }

  public var calendarLabel: String { "calendar" }

  public var calendarFailingNote: String {
    "The calendar is not in step with the plan (see its row); pop-ups are not affected."
  }

  public func calendarDoctor(
    url: String?, events: Int, syncedAt: String?, problem: CalendarProblemWord?, since: String?
  ) -> String {
    guard let url else { return "not set (calendar.url)" }
    if let problem { return "\(url): \(problemWords(problem)) since \(since ?? "?")" }
    guard let syncedAt else { return "\(url): not synced yet (run or reminders calendar sync does it)" }
    return "\(url): \(events == 1 ? "1 event" : "\(events) events"), in step as of \(syncedAt)"
  }
}
