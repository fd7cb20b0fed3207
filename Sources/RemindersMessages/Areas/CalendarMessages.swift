/// The texts of the CalDAV calendar (docs/calendar.md): what a sync changed, why it could not,
/// `calendar status` and its `doctor` row.
public protocol CalendarMessages: Sendable {
  /// One change `calendar sync` made (or, `dryRun`, would make): `created  2026-11-27 08:00
  /// Today's reviews: 3 cards` / `作成  2026-11-27 08:00  今日の復習 3枚`; without a title (an
  /// event no longer planned), its UID.
  func calendarChange(_ change: CalendarChangeWord, dryRun: Bool, time: String, title: String?, uid: String)
    -> String

  /// The end of `calendar sync`: `The calendar is in step with the plan: 2 created, 1 replaced,
  /// 0 deleted (4 requests).`; dry: `Dry run, nothing written: 2 to create, …`.
  func calendarSynced(created: Int, replaced: Int, deleted: Int, requests: Int, dryRun: Bool) -> String

  /// An event the server would not take: `not taken by the server (HTTP 409): TITLE; is an event
  /// with the same UID in the calendar already (a feed imported into it)?`.
  /// `calendar sync` when the server would not take some events (said above, a line each):
  /// `カレンダーは予定と一致していません: サーバーが 3件を受け付けませんでした（上記）。作成 0件、…` /
  /// `The calendar is not in step with the plan: the server did not take 3 events (above); 0 created, …`.
  func calendarNotAllTaken(rejected: Int, created: Int, replaced: Int, deleted: Int, requests: Int) -> String
  func calendarRejected(_ title: String, status: Int) -> String

  /// `run`'s line when a sync changed the calendar: `calendar: 2 created, 1 replaced, 0 deleted`.
  func calendarRunLine(created: Int, replaced: Int, deleted: Int) -> String

  /// A sync that failed, and what happens next (`retry`: a time, or nil for `calendar sync`):
  /// `calendar URL: the server refused the user name or password (HTTP 401); run tries again
  /// once an hour (next 09:12), or now: reminders calendar sync`.
  func calendarProblem(_ problem: CalendarProblemWord, url: String, retry: String?) -> String

  /// `calendar sync` or `status` with no calendar set: `no calendar is set: set calendar.url
  /// (reminders config set calendar.url https://…)`.
  var calendarNotSet: String { get }

  /// `calendar sync` while another sync holds the lock.
  var calendarBusy: String { get }

  /// A sync stopped by its time: `the time of a sync ran out: the rest follows on the next run`.
  var calendarOutOfTime: String { get }

  /// `calendar status`: the calendar, the user, the events kept there, the last sync and check,
  /// and the failure with its next try.
  func calendarStatus(
    url: String, user: String?, events: Int, syncedAt: String?, checkedAt: String?,
    problem: CalendarProblemWord?,
    since: String?, retry: String?, feed: String?
  ) -> [String]

  /// `doctor`'s note when the last sync failed.
  var calendarFailingNote: String { get }

  /// `doctor`'s row label: `calendar` / `カレンダー`.
  var calendarLabel: String { get }

  /// The helper `reminders-caldav` started by hand, not by `reminders`:
  /// `reminders-caldav: started by reminders only` / `reminders-caldav: reminders が起動するための補助プログラムです`.
  var calendarHelperOnly: String { get }

  /// `doctor`'s row: `not set (calendar.url)`, `URL: 12 events, in step as of 2026-11-26 08:11`,
  /// or the failure since when.
  func calendarDoctor(
    url: String?, events: Int, syncedAt: String?, problem: CalendarProblemWord?, since: String?
  ) -> String
}

/// What a sync does to a resource, in words.
public enum CalendarChangeWord: Sendable, Equatable {
  case create, replace, delete, forget
}

/// Why a sync could not finish, in words.
public enum CalendarProblemWord: Sendable, Equatable {
  /// No answer (connection refused, a TLS failure, no helper, …).
  case unreachable(CalendarUnreachable)
  case timedOut
  /// 401 or 403.
  case refused(Int)
  /// Another status (5xx among them).
  case status(Int)
  /// An answer that is no CalDAV answer.
  case badAnswer(CalendarBadAnswer)
  /// `calendar.password_command` failed.
  case password(PasswordCommandProblem)
}

/// Why the calendar server could not be reached.
public enum CalendarUnreachable: Sendable, Equatable {
  /// `calendar.url` (as written) that is no address.
  case notAnAddress(String)
  /// `calendar.ca_file` (its path) that cannot be read.
  case caFileUnreadable(String)
  case connectionRefused
  /// A TLS failure, in the TLS library's own (English) words.
  case tls(String)
  /// What the HTTP client (or an older state file) said, in its own words.
  case said(String)
  /// The helper `reminders-caldav` is not installed beside the program `beside`.
  case helperMissing(beside: String)
  /// The helper (its path) could not be started, in the system's words.
  case helperNotStarted(helper: String, error: String)
  /// The helper ended before it answered.
  case helperEnded
}

/// How an answer is no CalDAV answer.
public enum CalendarBadAnswer: Sendable, Equatable {
  case commentNotClosed, cdataNotClosed, tagNotClosed, referenceNotClosed
  /// An XML reference `&NAME;` that is none of XML's.
  case unknownReference(String)
  case responseWithoutHref
  case noMultistatus
  /// Not an HTTP answer at all (a header with a byte HTTP does not allow…): what the parser said.
  case notHTTP(String)
  /// The helper `reminders-caldav` answered with no answer of its own: its first word (nil:
  /// nothing at all).
  case helperSaid(String?)
  /// The helper did not say it was ready.
  case helperDidNotStart
  /// The helper was asked something it does not know.
  case unknownRequest
  /// The words of an older state file.
  case said(String)
}

/// Why `calendar.password_command` gave no password; `command` is its program, as configured.
public enum PasswordCommandProblem: Sendable, Equatable {
  case notFound(command: String)
  /// It could not be started (the system's words).
  case notStarted(command: String, error: String)
  /// No answer within `seconds`.
  case noAnswer(command: String, seconds: Int)
  case exit(command: String, status: Int32)
  case printedNothing(command: String)
  /// No line break in the first `bytes` it printed (it was stopped there).
  case noLine(command: String, bytes: Int)
  /// The words of an older state file.
  case said(String)
}
