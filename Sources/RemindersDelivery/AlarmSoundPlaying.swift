import RemindersCore
import RemindersMessages

/// What delivery needs to ring an alarm's sound: start it in a loop, tell whether it still
/// plays, end it. RemindersAlarmSound's `AlarmSoundLoop` runs a command; tests use a double.
public protocol AlarmSoundPlaying {
  /// Starts the sound of `ring` playing in a loop, in the background; throws when there is no
  /// sound to play (a `NoAlarmSound` says why).
  func start(for ring: ReminderID) throws -> SoundProcess
  /// Whether `process` is still the one that was started, and alive.
  func isPlaying(_ process: SoundProcess) -> Bool
  /// Ends `process` and everything it started; nothing when it is no longer the one that was
  /// started (its pid may name another process by now).
  func stop(_ process: SoundProcess)
}

/// Why an alarm plays no sound (the catalogue says it: `DeliveryMessages.alarmSoundProblem`).
public struct NoAlarmSound: Error, Equatable {
  public var problem: AlarmSoundProblem
  public init(_ problem: AlarmSoundProblem) { self.problem = problem }
}

/// What is said of an alarm's sound whatever plays it (docs/alarms.md).
public enum AlarmSoundRule {
  /// The failures in a row after which the sound's loop gives up (the ring's note says it).
  public static let giveUpAfter = 5
  /// The freedesktop sound name of an alarm (also the pop-up's `sound-name` hint).
  public static let soundName = "alarm-clock-elapsed"

  /// What the ledger's `soundProblem` keeps of `problem` (a token of the file, never shown: the
  /// ring's line says the problem in the catalogue's words when it is met): a second ring of the
  /// same problem is not said again.
  public static func ledgerValue(_ problem: AlarmSoundProblem) -> String {
    switch problem {
    case .soundOff: "sound-off"
    case .notExecutable(let program): "not-executable \(program)"
    case .noPlayer(_, _, let soundFile): soundFile ? "no-player" : "no-player no-sound-file"
    case .noSystemdRun: "no-systemd-run"
    case .notStarted(let command, let error): "not-started \(command): \(error)"
    case .endedAtOnce(let command): "ended-at-once \(command)"
    case .scopeNotStarted: "scope-not-started"
    case .scopeTooSlow(let seconds): "scope-too-slow \(seconds)"
    case .restarted: restartedValue
    case .gaveUp: gaveUpValue
    case .said(let said): said
    }
  }

  static let restartedValue = "restarted"
  static let gaveUpValue = "gave-up"

  /// Whether the ledger's `soundProblem` says the sound was started again after it ended by
  /// itself (ledgers before these tokens kept the English words).
  public static func saysRestarted(_ value: String?) -> Bool {
    value == restartedValue || value?.hasPrefix("its sound ended by itself (") == true
  }

  /// Whether the ledger's `soundProblem` says the ring's sound was given up.
  public static func saysGaveUp(_ value: String?) -> Bool {
    value == gaveUpValue || value?.hasPrefix("its sound ended by itself again") == true
  }
}
