import Foundation
import RemindersCore
import RemindersDelivery
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// An alarm's sound (docs/alarms.md): `alarm.sound`, or the first found of `pw-play`, `paplay`,
/// `canberra-gtk-play` on the freedesktop sound `alarm-clock-elapsed`, run again and again by a
/// `/bin/sh` loop in a session and process group of its own, until the group is signalled.
///
/// **Who owns it.** The ledger does: its pid, group and start time are written in the ring's
/// entry as soon as it starts, and whoever ends the ring (`alarm stop`, or `run` when the alarm
/// was deleted, disabled or rang again) ends that group, under the ledger's lock. Nothing else
/// holds it: `run` is gone a second later. A `run` started by a systemd unit (`INVOCATION_ID` is
/// set) would see its sound ended with it, since the manager ends every process left in a
/// oneshot service's control group; so there the loop is started through `systemd-run --user
/// --scope`, which moves it into a scope unit of its own before `run` exits.
public struct AlarmSoundLoop: AlarmSoundPlaying {
  /// `alarm.sound` (nil: the default players; empty: no sound).
  public let configured: [String]?
  public let environment: [String: String]

  /// The loop, run by `/bin/sh -c`: the command again a second after it ends, until signalled;
  /// it gives up (exit 1) when the command failed `giveUpAfter` times in a row, so that a player
  /// that cannot play is not started again forever: the next `run` finds no sound and says so.
  static let loop =
    "fails=0; while :; do if \"$@\"; then fails=0; else fails=$((fails + 1));"
    + " [ \"$fails\" -ge \(giveUpAfter) ] && exit 1; fi; sleep 1; done"
  /// The failures in a row after which the loop gives up.
  public static let giveUpAfter = AlarmSoundRule.giveUpAfter
  /// The freedesktop sound name of an alarm.
  public static let soundName = AlarmSoundRule.soundName

  /// `configured` is `alarm.sound` (nil: the default players; empty: no sound); it is looked
  /// up when a sound starts, not before.
  public init(configured: [String]?, environment: [String: String]) {
    self.configured = configured
    self.environment = environment
  }

  /// The command the alarm's sound plays with, or why there is none.
  public static func resolve(configured: [String]?, environment: [String: String]) -> Result<
    [String], NoAlarmSound
  > {
    if let configured {
      guard let program = configured.first else {
        return .failure(NoAlarmSound(.soundOff))
      }
      guard ProcessRunner.locate(program, environment: environment) != nil else {
        return .failure(NoAlarmSound(.notExecutable(program)))
      }
      return .success(configured)
    }
    let file = soundFile(environment: environment)
    for player in players {
      guard let path = ProcessRunner.find(player, environment: environment) else { continue }
      if player == "canberra-gtk-play" { return .success([path, "-i", soundName]) }
      if let file { return .success([path, file]) }
    }
    return .failure(NoAlarmSound(.noPlayer(players: players, sound: soundName, soundFile: file != nil)))
  }

  /// The players tried, in order, when `alarm.sound` is not set.
  static let players = ["pw-play", "paplay", "canberra-gtk-play"]

  /// The file of the freedesktop sound theme's `alarm-clock-elapsed`, where the XDG data folders
  /// hold one (Debian: package `sound-theme-freedesktop`).
  public static func soundFile(environment: [String: String]) -> String? {
    var folders: [String] = []
    if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") { folders.append(home) }
    let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
    folders += dirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    for folder in folders {
      for ext in ["oga", "ogg", "wav"] {
        let path = "\(folder)/sounds/freedesktop/stereo/\(soundName).\(ext)"
        if access(path, R_OK) == 0 { return path }
      }
    }
    return nil
  }

  public func start(for ring: ReminderID) throws -> SoundProcess {
    let command = try AlarmSoundLoop.resolve(configured: configured, environment: environment).get()
    var program = command[0]
    if !program.contains("/"), let found = ProcessRunner.find(program, environment: environment) {
      program = found
    }
    var executable = "/bin/sh"
    var arguments = ["-c", AlarmSoundLoop.loop, "reminders-alarm-sound", program] + command.dropFirst()
    let underSystemd = environment["INVOCATION_ID"].map { !$0.isEmpty } ?? false
    if underSystemd {
      // A plain loop would be ended with the service a second later: no sound, said so.
      guard let systemdRun = ProcessRunner.find("systemd-run", environment: environment) else {
        throw NoAlarmSound(.noSystemdRun)
      }
      let unit = "reminders-alarm-\(UUID().uuidString.lowercased().prefix(8))"
      arguments =
        ["--user", "--scope", "--quiet", "--collect", "--unit=\(unit)", "--", executable] + arguments
      executable = systemdRun
    }
    let started: ProcessRunner.Background
    do {
      started = try ProcessRunner.startInBackground(executable, arguments, environment: environment)
    } catch {
      throw NoAlarmSound(.notStarted(command: command.joined(separator: " "), error: "\(error)"))
    }
    if underSystemd && executable != "/bin/sh" {
      do {
        try AlarmSoundLoop.waitForOwnScope(started.pid)
      } catch {
        // Not owned by the ledger yet: a sound that reached its scope late would play on with
        // nobody to end it.
        kill(-started.group, SIGKILL)
        throw error
      }
    }
    guard let stat = ProcessStat(pid: started.pid), stat.isAlive else {
      throw NoAlarmSound(.endedAtOnce(command: command.joined(separator: " ")))
    }
    return SoundProcess(pid: started.pid, group: started.group, startTicks: stat.startTicks)
  }

  /// Waits (at most `scopeWait`) until systemd-run has moved itself into its scope, out of the
  /// control group of the unit that started it, which the manager empties when `run` exits.
  static func waitForOwnScope(_ pid: pid_t) throws {
    let own = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)
    let deadline = Date().addingTimeInterval(scopeWait)
    while Date() < deadline {
      guard let stat = ProcessStat(pid: pid), stat.isAlive,
        let cgroup = try? String(contentsOfFile: "/proc/\(pid)/cgroup", encoding: .utf8)
      else {
        throw NoAlarmSound(.scopeNotStarted)
      }
      if cgroup != own { return }
      usleep(10_000)
    }
    throw NoAlarmSound(.scopeTooSlow(seconds: Int(scopeWait)))
  }

  /// How long systemd-run may take to move the sound into its scope: a few milliseconds on an
  /// idle machine, seconds on a loaded one; only a ringing alarm waits for it.
  static let scopeWait: TimeInterval = 15

  public func isPlaying(_ process: SoundProcess) -> Bool {
    guard let stat = ProcessStat(pid: process.pid) else { return false }
    return stat.isAlive && stat.startTicks == process.startTicks && stat.group == process.group
  }

  public func stop(_ process: SoundProcess) {
    if !isPlaying(process) {
      // Its pid names another process: the group was emptied and its id freed; leave it alone.
      if let stat = ProcessStat(pid: process.pid), stat.isAlive { return }
      // The group's own leader (the shell that started the loop) exited at once: a live process
      // with its pid came later, and may lead a new group of that id.
      if let stat = ProcessStat(pid: process.group), stat.isAlive { return }
      // The loop's shell is gone, but a player it started may play on in the group: the group's
      // id cannot be reused while a member lives, so members are ours.
      guard AlarmSoundLoop.hasMembers(group: process.group) else { return }
    }
    kill(-process.group, SIGTERM)
    let deadline = Date().addingTimeInterval(1)
    while Date() < deadline, AlarmSoundLoop.hasMembers(group: process.group) { usleep(10_000) }
    // The whole group: the loop's shell and the player it runs, whatever each did with SIGTERM.
    kill(-process.group, SIGKILL)
  }

  /// Whether a live process is in process group `group`.
  static func hasMembers(group: pid_t) -> Bool {
    guard group > 1, let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
      return false
    }
    return names.contains { name in
      guard let pid = pid_t(name), let stat = ProcessStat(pid: pid) else { return false }
      return stat.group == group && stat.isAlive
    }
  }
}

/// What `/proc/PID/stat` says about a process: enough to know it is the one we started.
struct ProcessStat {
  /// `R`, `S`, `D`, `Z` (a zombie: it has ended), …
  var state: Character
  var group: pid_t
  /// Clock ticks from boot to its start.
  var startTicks: UInt64

  init?(pid: pid_t) {
    guard pid > 0, let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // After the command name (which may hold blanks and parentheses): field 3 (state) on.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let state = fields[0].first, let group = pid_t(fields[2]),
      let ticks = UInt64(fields[19])
    else { return nil }
    self.state = state
    self.group = group
    startTicks = ticks
  }

  var isAlive: Bool { state != "Z" && state != "X" && state != "x" }
}
