import RemindersMessages

/// The focus timer's full screen as a pure function (docs/focus-and-stats.md): the phase, a progress bar and
/// the time left, and the keys. Everything it means is in words and glyphs; colour only adds.
public enum FocusScreen {
  /// What the screen shows at one second.
  public struct State: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case focus, shortBreak, longBreak }
    public var phase: Phase
    /// The focus phase this phase is or follows (from 1), and how many the session has.
    public var cycle: Int
    public var cycles: Int?
    /// Seconds of running time left in the phase, and its length.
    public var timeLeft: Int
    public var length: Int
    public var paused: Bool
    public var task: String?
    /// A line above the keys (a delivery that failed, …).
    public var message: String?

    public init(
      phase: Phase, cycle: Int, cycles: Int?, timeLeft: Int, length: Int, paused: Bool, task: String? = nil,
      message: String? = nil
    ) {
      self.phase = phase
      self.cycle = cycle
      self.cycles = cycles
      self.timeLeft = timeLeft
      self.length = length
      self.paused = paused
      self.task = task
      self.message = message
    }
  }

  /// Exactly `height` lines (when it is at least 2), none wider than `width` columns.
  public static func render(
    _ state: State, width: Int, height: Int, language: ReviewScreen.Language, color: Bool
  ) -> [String] {
    let width = max(width, 1)
    let words = language.words
    let style = ReviewScreen.Style(enabled: color)
    var body: [String] = []
    body += DisplayWidth.wrap(header(state, language: language), width: width).map {
      style.apply(state.phase == .focus ? "1;31" : "1;32", $0)
    }
    if let task = state.task, !task.isEmpty {
      body += DisplayWidth.wrap(words.screenTask(VisibleCharacters.of(task)), width: width)
    }
    body.append("")
    let percent =
      state.length > 0 ? min(max((state.length - state.timeLeft) * 100 / state.length, 0), 100) : 100
    let label = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)%"
    let barWidth = max(min(width - label.count - 3, 60), 1)
    let filled = barWidth * percent / 100
    body.append(
      "[" + style.apply(state.phase == .focus ? "31" : "32", String(repeating: "#", count: filled))
        + String(repeating: "-", count: barWidth - filled) + "] " + label)
    body.append("")
    let left = clock(state.timeLeft)
    body.append(style.apply("1", words.screenLeft(left)))
    if state.paused { body.append(style.apply("33", words.screenPaused)) }
    var bottom: [String] = []
    if let message = state.message {
      bottom += DisplayWidth.wrap(message, width: width).map { style.apply("33", $0) }
    }
    let keys = words.screenKeys(paused: state.paused)
    bottom += DisplayWidth.wrap(keys, width: width).map { style.apply("7", $0) }
    guard height > 0 else { return [] }
    bottom = Array(bottom.suffix(max(height - 1, 1)))
    let room = max(height - bottom.count, 0)
    body = Array(body.prefix(room))
    return body + Array(repeating: "", count: room - body.count) + bottom
  }

  /// `集中 · 2/4` / `Focus · cycle 2 of 4`; breaks say which.
  public static func header(_ state: State, language: ReviewScreen.Language) -> String {
    let words = language.words
    let phase: FocusPhaseName =
      switch state.phase {
      case .focus: .focus
      case .shortBreak: .shortBreak
      case .longBreak: .longBreak
      }
    return "\(words.phaseName(phase)) · \(words.cycle(state.cycle, of: state.cycles))"
  }

  /// `mm:ss`, or `h:mm:ss` from an hour.
  public static func clock(_ seconds: Int) -> String {
    let s = max(seconds, 0)
    let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return h > 0 ? "\(h):\(two(m)):\(two(r))" : "\(two(s / 60)):\(two(r))"
  }
}
