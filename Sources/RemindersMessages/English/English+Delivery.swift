extension English: DeliveryMessages {
  public func launchProblem(_ problem: LaunchProblem) -> String {
    switch problem {
    case .ankiNotFound(let command):
      "\(command) not found; set anki.command in the config to the command that starts Anki"
    case .noTerminal(let tried): "no terminal found (tried \(tried)); set review.terminal in the config"
    case .notStarted(let command, let error): "\(command): \(error)"
    case .noReviewInPopup: "no review in the pop-up here"
    case .stoppedAtOnce(let command, let status, let setting?):
      "\(command) stopped at once (exit status \(status)); set \(setting) in the config to one that works here"
    case .stoppedAtOnce(let command, let status, nil): "\(command) stopped at once (exit status \(status))"
    }
  }

  public func popupFailure(_ failure: PopupFailureKind, detail: String) -> String {
    let said = detail.isEmpty ? "" : " (\(detail))"
    return switch failure {
    case .noServer: "no notification server on the session bus" + said
    case .noAnswer: "the notification server did not answer in time" + said
    case .noBus: "no session bus" + said
    case .noBusAddress: "no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)"
    case .refused: "the notification server refused it" + said
    case .interrupted: "the run that was showing it stopped before it knew whether it was shown"
    }
  }

  public func busProblem(_ problem: BusProblem) -> String {
    switch problem {
    case .closed: "the bus closed the connection"
    case .outOfMemory(let function): "libdbus could not allocate memory (\(function))"
    case .nulCharacter(let member): "\(member): a string argument contains a NUL character"
    case .unexpectedReply(let call, let expected, let got): "\(call) answered (\(got)), not (\(expected))"
    case .unexpectedValue(let property, let value): "\(property): unexpected value \(value)"
    case .notDoubles(let path, let properties):
      "\(path): \(properties.joined(separator: ", ")) are not all doubles"
    case .doNotDisturbInGSettings: "GNOME's do-not-disturb is in GSettings, not on the bus"
    }
  }

  public func alarmSoundProblem(_ problem: AlarmSoundProblem) -> String {
    switch problem {
    case .soundOff: "alarm.sound is [] (no sound)"
    case .notExecutable(let program): "alarm.sound: \(program) is not an executable program"
    case .noPlayer(let players, let sound, let soundFile):
      "no sound player (\(Self.either(players)))\(soundFile ? "" : " with the sound \(sound)") was found; "
        + "set alarm.sound"
    case .noSystemdRun:
      "started by systemd (INVOCATION_ID is set) but systemd-run was not found: the sound would end with "
        + "the service"
    case .notStarted(let command, let error): "cannot start \(command): \(error)"
    case .endedAtOnce(let command): "\(command) ended at once"
    case .scopeNotStarted:
      "systemd-run --user --scope did not start the sound (is the user manager reachable?)"
    case .scopeTooSlow(let seconds):
      "systemd-run --user --scope did not move the sound into a scope of its own in \(seconds) s"
    case .restarted(let failures):
      "its sound ended by itself (the player failed \(failures) times in a row, or the machine restarted) "
        + "and was started again"
    case .gaveUp(let failures):
      "its sound ended by itself again: the player fails \(failures) times in a row (check alarm.sound); "
        + "no more sound for this ring"
    case .said(let said): said
    }
  }

  /// `a, b or c`.
  static func either(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  public func shown(_ id: String, title: String) -> String { "popup \(id): \(title)" }
  public func doNotDisturbPlace(_ place: DoNotDisturbPlace) -> String {
    switch place {
    case .property(let name, let service, let path): "property \(name) of \(service) \(path)"
    case .mode(let mode, let property, let service, let path):
      "mode \(mode) in \(property) of \(service) \(path)"
    case .methods(let methods, let service, let path): "\(methods) of \(service) \(path)"
    case .xfconf(let channel, let property, let service, let path):
      "xfconf \(channel) \(property) via \(service) \(path)"
    case .gsettings(let schema, let key): "GSettings \(schema) \(key) (false: on), read with gsettings"
    case .nowhere(let server): "nowhere: \(server) has no do-not-disturb"
    }
  }
  public func held(_ id: String, place: String?) -> String {
    "held \(id): do-not-disturb (\(place ?? "desktop"))"
  }
  public func toCalendar(_ id: String, title: String) -> String { "calendar \(id): \(title)" }

  public func wentToCalendar(_ id: String, path: String, why: String) -> String {
    "\(id) went to the calendar file \(path): \(why)"
  }

  public func updated(_ id: String, title: String) -> String { "updated \(id): \(title)" }
  public func closed(_ id: String) -> String { "closed \(id): no card left to review" }
  public func rangAgain(_ id: String, title: String) -> String { "ringing again \(id): \(title)" }

  public func stoppedRinging(_ id: String, because end: RingEndReason) -> String {
    let why =
      switch end {
      case .stoppedAtPlace: "stopped at its place"
      case .alarmDeleted: "its alarm was deleted"
      case .alarmDisabled: "its alarm was disabled"
      case .replaced(let next): "the next ring of its alarm, \(next), took its place"
      }
    return "stopped \(id): \(why)"
  }

  public func noSound(_ id: String, why: String) -> String { "\(id) plays no sound: \(why)" }
  public func leftAsShown(_ id: String, why: String) -> String {
    "the pop-up of \(id) was left as it was: \(why)"
  }

  public func anotherWatch(lock: String) -> String {
    "\(lock): another reminders watch runs for this state folder"
  }

  public func monitorNotAllowed(_ error: String) -> String {
    "cannot watch notifications: this session bus does not let reminders monitor it (\(error)); "
      + "pop-ups stay as first shown"
  }

  public func cannotWatch(_ why: String) -> String { "cannot watch notifications: \(why)" }

  public func watching(address: String, ledger: String) -> String {
    "Watching notifications on \(address) for \(ledger)."
  }

  public func watchStopped(_ error: String) -> String { "stopped watching notifications: \(error)" }

  public func reviewStarted(_ id: String, command: String) -> String {
    "Started the review from the pop-up of \(id): \(command)"
  }

  public func reviewNotStarted(_ id: String, why: String) -> String {
    "reminders: cannot start the review from the pop-up of \(id): \(why)"
  }

  public var reviewNotStartedTitle: String { "The review did not start" }

  public func nowAheadRecorded(_ stamp: String, ledger: String) -> String {
    "--now \(stamp) is ahead of the clock: what this run delivered is recorded in \(ledger) and will not "
      + "come again at its time (reminders preview --now looks without recording; --state-dir keeps a trial apart)"
  }

  public func cardsStarted(_ id: String) -> String { "Review in the pop-up of \(id) started." }
  public func cardsNotStarted(_ id: String, why: String) -> String {
    "reminders: cannot start the review in the pop-up of \(id): \(why)"
  }
  public func cardAction(_ key: String, on: String) -> String { "Card pop-up: \(key) on \"\(on)\"." }
  public func cardsEnded(_ why: CardsEndReason) -> String {
    let words =
      switch why {
      case .action(let key): key
      case .closed(.expired): "it expired"
      case .closed(.dismissed): "dismissed by the user"
      case .closed(.closedByCall): "closed by a CloseNotification call"
      case .closed(.undefined): "no reason given"
      case .nothingToReview: "nothing to review"
      case .answeredElsewhere: "answered elsewhere"
      }
    return "The review in the pop-up ended: \(words)."
  }
  public func cardAnsweredElsewhere(on: String) -> String {
    "Card pop-up: \"\(on)\" was answered elsewhere; the next one shows."
  }

  public func snoozed(_ id: String, returning: String, at stamp: String) -> String {
    "Snoozed \(id): it comes back as \(returning) at \(stamp) (or the next allowed moment)."
  }

  public func popupClosed(_ id: String, notification: UInt32, reason: CloseReasonName) -> String {
    let why =
      switch reason {
      case .expired: "it expired"
      case .dismissed: "dismissed by the user"
      case .closedByCall: "closed by a CloseNotification call"
      case .undefined: "no reason given"
      }
    return "The pop-up of \(id) (notification \(notification)) closed: \(why)."
  }

  public func serverChanged(offScreen names: String) -> String {
    "The notification server changed; off screen: \(names)."
  }

  // MARK: snooze

  public func noDeliveredReminder(_ id: String, in ledger: String) -> String {
    "no delivered reminder '\(id)' in \(ledger) (reminders preview --json shows ids)"
  }
  public var nothingToSnooze: String { "nothing to snooze: no pop-up was shown yet" }
  public func cannotSnooze(_ id: String) -> String { "\(id) cannot be snoozed" }
  public func snoozeComesBack(_ id: String, at stamp: String) -> String {
    "Snoozed \(id): it comes back at \(stamp)."
  }
  public func snoozeComesBackIfDue(_ id: String, after stamp: String) -> String {
    "Snoozed \(id): it comes back after \(stamp) if there is still something to review."
  }
}
