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

  public func calendarNotAllTaken(rejected: Int, created: Int, replaced: Int, deleted: Int, requests: Int)
    -> String
  {
    let events = rejected == 1 ? "1 event" : "\(rejected) events"
    let requestWords = requests == 1 ? "1 request" : "\(requests) requests"
    return
      "The calendar is not in step with the plan: the server did not take \(events) (above); \(created) created, \(replaced) replaced, \(deleted) deleted (\(requestWords))."
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
    case .unreachable(let why): "the server cannot be reached (\(words(why)))"
    case .timedOut: "the server did not answer in time"
    case .refused(let status): "the server refused the user name or password (HTTP \(status))"
    case .status(let status): "the server answered HTTP \(status)"
    case .badAnswer(let why): "the server's answer is no CalDAV answer (\(words(why)))"
    case .password(let why): "calendar.password_command gave no password (\(words(why)))"
    }
  }

  func words(_ why: CalendarUnreachable) -> String {
    switch why {
    case .notAnAddress(let url): "not an address: \(url)"
    case .caFileUnreadable(let path): "calendar.ca_file \(path): cannot be read"
    case .connectionRefused: "connection refused"
    case .tls(let said): "TLS: \(said)"
    case .said(let said): said
    case .helperMissing(let beside): "the helper program reminders-caldav is not installed beside \(beside)"
    case .helperNotStarted(let helper, let error): "the helper \(helper) cannot be started: \(error)"
    case .helperEnded: "the helper reminders-caldav ended"
    }
  }

  func words(_ why: CalendarBadAnswer) -> String {
    switch why {
    case .commentNotClosed: "an XML comment does not end"
    case .cdataNotClosed: "a CDATA section does not end"
    case .tagNotClosed: "an XML tag does not end"
    case .referenceNotClosed: "an XML reference does not end"
    case .unknownReference(let name): "an unknown XML reference &\(name);"
    case .responseWithoutHref: "a response without an href"
    case .noMultistatus: "no multistatus in the answer"
    case .notHTTP(let said): "not an HTTP answer: \(said)"
    case .helperSaid(let word?): "the helper reminders-caldav said \(word)"
    case .helperSaid(nil): "the helper reminders-caldav said nothing"
    case .helperDidNotStart: "the helper reminders-caldav did not start"
    case .unknownRequest: "an unknown request"
    case .said(let said): said
    }
  }

  func words(_ why: PasswordCommandProblem) -> String {
    switch why {
    case .notFound(let command): "\(command): not found"
    case .notStarted(let command, let error): "\(command): \(error)"
    case .noAnswer(let command, let seconds): "\(command): no answer in \(seconds) s"
    case .exit(let command, let status): "\(command): exit \(status)"
    case .printedNothing(let command): "\(command): printed nothing"
    case .noLine(let command, let bytes): "\(command): no line in the first \(bytes / 1024) KB it printed"
    case .said(let said): said
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

  public var calendarHelperOnly: String { "reminders-caldav: started by reminders only" }

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
