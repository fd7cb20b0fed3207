import RemindersMessages

/// A sync's failure (the catalogue's `CalendarProblemWord`) as words of a machine: how
/// `<state>/calendar.json` keeps it (`failure.reason`) and how the helper `reminders-caldav`
/// says it (`fault …`, docs/calendar.md). The first field names the kind, the second what it
/// met, the rest what it needs to be said (a path, a status, the library's own words); none is
/// ever a password.
public enum CalendarProblemSyntax {
  /// `["unreachable", "refused"]`, `["status", "503"]`, `["password", "exit", "pass", "1"]`.
  public static func fields(_ problem: CalendarProblemWord) -> [String] {
    switch problem {
    case .unreachable(let why):
      let rest: [String] =
        switch why {
        case .notAnAddress(let url): ["address", url]
        case .caFileUnreadable(let path): ["ca-file", path]
        case .connectionRefused: ["refused"]
        case .tls(let said): ["tls", said]
        case .said(let said): ["said", said]
        case .helperMissing(let beside): ["helper-missing", beside]
        case .helperNotStarted(let helper, let error): ["helper-not-started", helper, error]
        case .helperEnded: ["helper-ended"]
        }
      return ["unreachable"] + rest
    case .timedOut: return ["timedout"]
    case .refused(let status): return ["refused", String(status)]
    case .status(let status): return ["status", String(status)]
    case .badAnswer(let why):
      let rest: [String] =
        switch why {
        case .commentNotClosed: ["comment"]
        case .cdataNotClosed: ["cdata"]
        case .tagNotClosed: ["tag"]
        case .referenceNotClosed: ["reference"]
        case .unknownReference(let name): ["unknown-reference", name]
        case .responseWithoutHref: ["no-href"]
        case .noMultistatus: ["no-multistatus"]
        case .notHTTP(let said): ["not-http", said]
        case .helperSaid(let word): ["helper-said"] + (word.map { [$0] } ?? [])
        case .helperDidNotStart: ["helper-did-not-start"]
        case .unknownRequest: ["unknown-request"]
        case .said(let said): ["said", said]
        }
      return ["badanswer"] + rest
    case .password(let why):
      let rest: [String] =
        switch why {
        case .notFound(let command): ["not-found", command]
        case .notStarted(let command, let error): ["not-started", command, error]
        case .noAnswer(let command, let seconds): ["no-answer", command, String(seconds)]
        case .exit(let command, let status): ["exit", command, String(status)]
        case .printedNothing(let command): ["printed-nothing", command]
        case .noLine(let command, let bytes): ["no-line", command, String(bytes)]
        case .said(let said): ["said", said]
        }
      return ["password"] + rest
    }
  }

  /// The failure `fields` names; nil when they name none.
  public static func problem(_ fields: [String]) -> CalendarProblemWord? {
    guard let kind = fields.first else { return nil }
    let rest = Array(fields.dropFirst())
    switch (kind, rest.count) {
    case ("timedout", 0): return .timedOut
    case ("refused", 1): return Int(rest[0]).map { .refused($0) }
    case ("status", 1): return Int(rest[0]).map { .status($0) }
    case ("unreachable", _): return unreachable(rest).map { .unreachable($0) }
    case ("badanswer", _): return badAnswer(rest).map { .badAnswer($0) }
    case ("password", _): return password(rest).map { .password($0) }
    default: return nil
    }
  }

  static func unreachable(_ f: [String]) -> CalendarUnreachable? {
    switch (f.first, f.count) {
    case ("address", 2): .notAnAddress(f[1])
    case ("ca-file", 2): .caFileUnreadable(f[1])
    case ("refused", 1): .connectionRefused
    case ("tls", 2): .tls(f[1])
    case ("said", 2): .said(f[1])
    case ("helper-missing", 2): .helperMissing(beside: f[1])
    case ("helper-not-started", 3): .helperNotStarted(helper: f[1], error: f[2])
    case ("helper-ended", 1): .helperEnded
    default: nil
    }
  }

  static func badAnswer(_ f: [String]) -> CalendarBadAnswer? {
    switch (f.first, f.count) {
    case ("comment", 1): .commentNotClosed
    case ("cdata", 1): .cdataNotClosed
    case ("tag", 1): .tagNotClosed
    case ("reference", 1): .referenceNotClosed
    case ("unknown-reference", 2): .unknownReference(f[1])
    case ("no-href", 1): .responseWithoutHref
    case ("no-multistatus", 1): .noMultistatus
    case ("not-http", 2): .notHTTP(f[1])
    case ("helper-said", 1): .helperSaid(nil)
    case ("helper-said", 2): .helperSaid(f[1])
    case ("helper-did-not-start", 1): .helperDidNotStart
    case ("unknown-request", 1): .unknownRequest
    case ("said", 2): .said(f[1])
    default: nil
    }
  }

  static func password(_ f: [String]) -> PasswordCommandProblem? {
    switch (f.first, f.count) {
    case ("not-found", 2): .notFound(command: f[1])
    case ("not-started", 3): .notStarted(command: f[1], error: f[2])
    case ("no-answer", 3): Int(f[2]).map { .noAnswer(command: f[1], seconds: $0) }
    case ("exit", 3): Int32(f[2]).map { .exit(command: f[1], status: $0) }
    case ("printed-nothing", 2): .printedNothing(command: f[1])
    case ("no-line", 3): Int(f[2]).map { .noLine(command: f[1], bytes: $0) }
    case ("said", 2): .said(f[1])
    default: nil
    }
  }

  /// A failure as a state file before `reason` kept it: its kind and the English words of its
  /// `detail` (`connection refused`, `HTTP 503`, `pass: exit 1`), read back into the failure
  /// they said; words it does not know are kept as they are.
  public static func legacy(kind: CalendarFailure.Kind, detail: String) -> CalendarProblemWord {
    let status = detail.hasPrefix("HTTP ") ? Int(detail.dropFirst(5)) : nil
    switch kind {
    case .refused: return .refused(status ?? 401)
    case .server:
      if let status { return .status(status) }
      let known: [String: CalendarBadAnswer] = [
        "an XML comment does not end": .commentNotClosed, "a CDATA section does not end": .cdataNotClosed,
        "an XML tag does not end": .tagNotClosed, "an XML reference does not end": .referenceNotClosed,
        "a response without an href": .responseWithoutHref, "no multistatus in the answer": .noMultistatus,
        "the helper reminders-caldav did not start": .helperDidNotStart,
        "an unknown request": .unknownRequest,
        "the helper reminders-caldav said nothing": .helperSaid(nil),
      ]
      if let why = known[detail] { return .badAnswer(why) }
      if let word = detail.after("the helper reminders-caldav said ") { return .badAnswer(.helperSaid(word)) }
      return .badAnswer(.said(detail))
    case .unreachable:
      if detail == "timeout" { return .timedOut }
      if detail == "connection refused" { return .unreachable(.connectionRefused) }
      if detail == "the helper reminders-caldav ended" { return .unreachable(.helperEnded) }
      if let said = detail.after("TLS: ") { return .unreachable(.tls(said)) }
      if let url = detail.after("not an address: ") { return .unreachable(.notAnAddress(url)) }
      if let beside = detail.after("the helper program reminders-caldav is not installed beside ") {
        return .unreachable(.helperMissing(beside: beside))
      }
      if let rest = detail.after("calendar.ca_file "), rest.hasSuffix(": cannot be read") {
        return .unreachable(.caFileUnreadable(String(rest.dropLast(": cannot be read".count))))
      }
      return .unreachable(.said(detail))
    case .password:
      guard let colon = detail.range(of: ": ") else { return .password(.said(detail)) }
      let command = String(detail[..<colon.lowerBound])
      let said = String(detail[colon.upperBound...])
      if said == "not found" { return .password(.notFound(command: command)) }
      if said == "printed nothing" { return .password(.printedNothing(command: command)) }
      if let status = said.after("exit ").flatMap({ Int32($0) }) {
        return .password(.exit(command: command, status: status))
      }
      if let seconds = said.after("no answer in "), seconds.hasSuffix(" s"), let n = Int(seconds.dropLast(2))
      {
        return .password(.noAnswer(command: command, seconds: n))
      }
      return .password(.notStarted(command: command, error: said))
    }
  }
}

extension String {
  /// What follows `prefix`, when the text starts with it.
  fileprivate func after(_ prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
