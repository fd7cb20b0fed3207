import RemindersCore

/// What delivery needs to ring an alarm's sound: start it in a loop, tell whether it still
/// plays, end it. RemindersAlarmSound's `AlarmSoundLoop` runs a command; tests use a double.
public protocol AlarmSoundPlaying {
  /// Starts the sound of `ring` playing in a loop, in the background; throws when there is no
  /// sound to play (the error's description says why, in one line).
  func start(for ring: ReminderID) throws -> SoundProcess
  /// Whether `process` is still the one that was started, and alive.
  func isPlaying(_ process: SoundProcess) -> Bool
  /// Ends `process` and everything it started; nothing when it is no longer the one that was
  /// started (its pid may name another process by now).
  func stop(_ process: SoundProcess)
}

/// Why an alarm plays no sound.
public struct NoAlarmSound: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// What is said of an alarm's sound whatever plays it (docs/alarms.md).
public enum AlarmSoundRule {
  /// The failures in a row after which the sound's loop gives up (the ring's note says it).
  public static let giveUpAfter = 5
  /// The freedesktop sound name of an alarm (also the pop-up's `sound-name` hint).
  public static let soundName = "alarm-clock-elapsed"
}
