import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersStore

/// `reminders run`: the timer's job.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration.described(.run, name: "run")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  func run() throws {
    try Run.deliver(invocation: Invocation(global), now: time.instant)
  }

  static func deliver(invocation: Invocation, now: Date) throws {
    // Answers a review session appended beside the deck reach deck.json within a minute of the
    // session's end (readers apply the journal meanwhile).
    try invocation.deckStore.foldJournalUnlessReviewing(clock: invocation.clock)
    let (input, anki) = try invocation.planSources(writeCache: true, now: now)
    if case .unavailable? = anki?.freshness, let line = invocation.ankiReport(anki, now: now)?.freshness {
      ExitStatus.say("Anki: " + line)
    }
    let report = try invocation.deliveryRun.deliver(input, now: now, world: invocation.deliveryWorld)
    // Focus phases that ended reach the deck's focus log within a minute, view or no view.
    try FocusKeeper(workspace: invocation.workspace).settleLog(now: now)
    let lines = RunReportText(language: invocation.texts.language).lines(report)
    for line in lines.out { print(line) }
    for line in lines.err { ExitStatus.say(line) }
  }

  /// The timer's hot path: `reminders run` with only the global options and `--now`, with valid
  /// values, read without the argument parser.
  ///
  /// The timer starts `run` every minute, and the parser's reflection costs more than the rest
  /// of a run with nothing to deliver. Anything else (help, an unknown flag, a bad value) returns
  /// nil and goes through the parser, which reports it.
  static func fastPath(_ arguments: [String]) -> (() throws -> Void)? {
    guard arguments.first == "run", arguments.count % 2 == 1 else { return nil }
    var values: [GlobalOption: String] = [:]
    var nowText: String?
    for i in stride(from: 1, to: arguments.count, by: 2) {
      let name = arguments[i]
      let value = arguments[i + 1]
      if name == TimeOptions.flag, nowText == nil {
        nowText = value
      } else if let option = GlobalOption(rawValue: name), values[option] == nil,
        option.problem(with: value) == nil
      {
        values[option] = value
      } else {
        return nil
      }
    }
    var now = Date()
    if let nowText {
      guard let parsed = Timestamp.parse(nowText) else { return nil }
      now = parsed
    }
    return {
      try deliver(invocation: Invocation(values, environment: ProcessInfo.processInfo.environment), now: now)
    }
  }
}

/// `run`'s lines: what was delivered on stdout, what fell back or was left on stderr.
struct RunReportText {
  let language: Language
  var ja: Bool { language == .ja }

  func lines(_ report: DeliveryReport) -> (out: [String], err: [String]) {
    var out: [String] = []
    var err: [String] = []
    for event in report.events {
      switch event {
      case .shown(let r):
        out.append(ja ? "通知 \(r.id): \(r.title)" : "popup \(r.id): \(r.title)")
      case .held(let r, let dnd):
        let place = dnd.probe?.location ?? (ja ? "デスクトップ" : "desktop")
        out.append(ja ? "保留 \(r.id): おやすみモード中（\(place)）" : "held \(r.id): do-not-disturb (\(place))")
      case .toCalendar(let r, let path, let why):
        out.append(ja ? "カレンダー \(r.id): \(r.title)" : "calendar \(r.id): \(r.title)")
        err.append(
          ja
            ? "\(r.id) をカレンダーファイル \(path) に書きました: \(why.text(language))"
            : "\(r.id) went to the calendar file \(path): \(why.text(language))")
      case .updated(let id, let title):
        out.append(ja ? "更新 \(id): \(title)" : "updated \(id): \(title)")
      case .closed(let id):
        out.append(ja ? "閉じました \(id): 復習するカードが残っていません" : "closed \(id): no card left to review")
      case .rangAgain(let id, let title):
        out.append(ja ? "再通知 \(id): \(title)" : "ringing again \(id): \(title)")
      case .stoppedRinging(let id, let why):
        let texts = Texts(language: language)
        out.append(ja ? "停止 \(id): \(texts.ringEnd(why))" : "stopped \(id): \(texts.ringEnd(why))")
      case .noSound(let id, let why):
        err.append(ja ? "\(id) のアラーム音を鳴らせません: \(why)" : "\(id) plays no sound: \(why)")
      case .leftAsShown(let id, let why):
        err.append(
          ja
            ? "\(id) のポップアップはそのままです: \(why.text(language))"
            : "the pop-up of \(id) was left as it was: \(why.text(language))")
      }
    }
    return (out, err)
  }
}
