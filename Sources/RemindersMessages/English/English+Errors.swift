extension English: ErrorsMessages {
  public var focusRunning: String { "a focus session is running (reminders focus stop ends it)" }
  public func folderMissing(path: String, folder: String) -> String {
    "\(path): the folder \(folder) does not exist (reminders creates no folder it was not asked for)"
  }
  public func noSuchCollection(_ name: String, deck: String, nearest: String?, collections: Int) -> String {
    let hint =
      if let nearest { "; the nearest is \"\(nearest)\"" } else if collections > 0 {
        "; none of its \(collections) collections is near (reminders cards list shows them)"
      } else { "; its cards have no collection" }
    return "no collection \"\(name)\" in \(deck)" + hint
  }

  public func focusLeftOut(_ error: String) -> String {
    error + " (the focus session is left out; reminders focus stop puts this file aside)"
  }

  public func focusSetAside(_ error: String, as aside: String) -> String {
    error + " (put aside as \(aside))"
  }

  public func alarmsLeftOut(_ error: String) -> String {
    error + " (no alarm starts ringing until it is fixed or removed; alarms ringing now go on)"
  }

  public func corrupt(place: String, reason: String) -> String { "\(place): \(reason)" }

  public func unusableTZ(_ value: String) -> String {
    "TZ=\(value): not a time zone this version reads (expected a zone name such as Asia/Tokyo, a zone "
      + "file under /usr/share/zoneinfo, or a fixed offset such as UTC-9; time.zone in the config overrides it)"
  }

  public func badConfig(place: String, key: String?, reason: String) -> String {
    [place, key, reason].compactMap { $0 }.joined(separator: ": ")
  }

  public func homeUnknown(userID: UInt32) -> String {
    "HOME is not set to an absolute path and the user database names no home folder for uid \(userID); "
      + "set HOME to your home folder"
  }
  public func unreadable(path: String, problem: String) -> String { "\(path): cannot read: \(problem)" }
  public func cannotWrite(path: String, problem: String) -> String { "\(path): cannot write: \(problem)" }

  public var standardOutput: String { "standard output" }

  public func locked(path: String, seconds: Int) -> String {
    "\(path): another reminders process held the lock for over \(seconds) s"
  }

  public func fileProblem(_ problem: FileTrouble) -> String {
    switch problem {
    case .missing(let system), .noSpace(let system), .denied(let system), .system(let system): system
    case .notRegularFile(let kind): "it is \(kindName(kind)), not a regular file"
    case .danglingLink(let target): "it is a symbolic link to \(target), whose folder does not exist"
    }
  }

  /// With its article: `a named pipe (FIFO)`.
  func kindName(_ kind: FileKindName) -> String {
    switch kind {
    case .regular: "a regular file"
    case .directory: "a folder"
    case .namedPipe: "a named pipe (FIFO)"
    case .socket: "a socket"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .symbolicLink: "a symbolic link"
    case .unknown: "a special file"
    }
  }

}
