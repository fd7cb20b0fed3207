extension English: AlarmMessages {

  public func alarmDays(_ days: AlarmDaysWords) -> String {
    switch days {
    case .weekdays(let list) where list.count == 7: "every day"
    case .weekdays(let list): "every " + mondayFirst(list).map(weekdayName).joined(separator: ", ")
    case .once(let day): "on \(day)"
    }
  }

  public func nextRing(_ at: String?) -> String { "next ring: \(at ?? "none")" }

  public func alarmAdded(_ a: AlarmWords) -> String {
    "Set alarm \(a.id) \"\(a.name)\": \(a.days) at \(a.time), place \(a.place), radius \(a.radius); \(a.next)."
  }

  public func alarmEdited(_ a: AlarmWords) -> String {
    let state = a.enabled ? "" : " (disabled)"
    return
      "Changed alarm \(a.id) \"\(a.name)\"\(state): \(a.days) at \(a.time), place \(a.place), radius \(a.radius); \(a.next)."
  }

  public func alarmDeleted(id: String, name: String) -> String { "Deleted alarm \(id) \"\(name)\"." }
  public func ringEnded(name: String) -> String { "Its ring under way has stopped." }

  public func alarmStopped(id: String, name: String, distance: String) -> String {
    "Stopped alarm \(id) \"\(name)\" (\(distance) from its place)."
  }

  public func stillRinging(id: String, name: String, refusal: String) -> String {
    "Alarm \(id) \"\(name)\" rings on: \(refusal)"
  }

  public func notRinging(id: String, name: String) -> String { "Alarm \(id) \"\(name)\" is not ringing." }
  public var nothingRings: String { "No alarm is ringing." }
  public func alreadyPassed(days: String, time: String) -> String { "\(days) at \(time) has already passed" }
  public func alarmDeletedMeanwhile(id: String) -> String { "alarm \(id) was deleted meanwhile" }
  public var alarmNoun: String { "alarm" }
  public func alarmCount(_ count: Int) -> String { "\(count) alarms" }

  public func alarmState(_ state: AlarmStateWord) -> String {
    switch state {
    case .ringing(let since): "ringing since \(since)"
    case .disabled: "disabled"
    case .missed(let at): "missed \(at)"
    case .enabled: "enabled"
    }
  }

  public var noAlarms: String { "No alarms (reminders alarm add sets one).\n" }

  public func alarmTableHeader(distances: Bool) -> [String] {
    ["ID", "NAME", "TIME", "DAYS", "PLACE", "RADIUS", "STATE", "NEXT RING"] + (distances ? ["FROM HERE"] : [])
  }

  public func distancesFrom(at: String, accuracy: String) -> String {
    "Distances are from where you were at \(at) (accurate to ±\(accuracy)).\n"
  }

  public var alarmNotStoppable: String {
    "You have not arrived at this place, so the alarm cannot be stopped"
  }
  public var alarmNotEditable: String { "You have not arrived at this place, so the alarm cannot be edited" }
  public var locationFailed: String { "Could not get your location. Check your settings." }
  public func locationFailed(because why: String) -> String { locationFailed + " (\(why))" }
  public func alarmCouldNeverStop(because why: String) -> String {
    "Not added: an alarm stops only at its place, and this machine cannot tell where it is (\(why)), "
      + "so it could never be stopped. Install and start GeoClue (geoclue-2.0), then add it again."
  }
  public func refusal(_ refusal: String, _ detail: String) -> String { "\(refusal): \(detail)" }

  public func placeDistance(_ distance: String, accuracy: String?) -> String {
    "\(distance) to go" + (accuracy.map { " (location accurate to ±\($0))" } ?? "")
  }

  public func locationTooCoarse(accuracy: String, radius: String) -> String {
    "your location is only accurate to ±\(accuracy), too coarse for the \(radius) radius"
  }

  public func locationError(_ failure: LocationFailure) -> String {
    switch failure {
    case .noSystemBus(let bus): return "no system bus: \(bus)"
    case .notAvailable(let bus): return "GeoClue is not available on the system bus: \(bus)"
    case .notActivatable:
      return
        "GeoClue is not available on the system bus: nobody owns org.freedesktop.GeoClue2, and the bus cannot start it"
    case .refused(let bus): return "GeoClue refused to locate reminders: \(bus)"
    case .timedOut(let seconds, let step):
      let waiting =
        switch step {
        case .systemBus: "the system bus"
        case .client: "Manager.GetClient (GeoClue waits for the desktop's location agent)"
        case .clientSettings: "setting DesktopId and RequestedAccuracyLevel"
        case .start: "Client.Start (the desktop's agent authorises reminders)"
        case .firstLocation: "the first location"
        case .properties: "the location's properties"
        }
      return "no location within \(seconds) s (waiting for \(waiting))"
    case .failed(let bus): return "GeoClue failed: \(bus)"
    }
  }
}
