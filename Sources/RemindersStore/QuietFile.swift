import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `<state>/quiet`: until when the minute job has nothing to do, and what that was decided from
/// (docs/files.md).
///
/// A full `run` that leaves nothing waiting writes it: the moment it was made, the first moment
/// anything can fall due, and the identity of every file the decision read. A later `run` at a
/// moment between the two, with every one of those files as it was, would find nothing due and
/// change nothing: it reads this small file and a few `stat`s instead of the config, the deck's
/// plan and the ledger, and ends. Any doubt (a file changed, missing or added, the clock before
/// the moment it was made, a file that does not read as this writer writes it) is a full run.
public struct QuietFile: Sendable {
  public let path: String

  public init(stateDir: String) { path = stateDir + "/quiet" }

  static let format = "reminders-quiet-1"

  /// What a full run found: quiet from `from` until `until` (not included), given `key` (what
  /// of the run's world is not a file: the program, the zone) and these files as they are now.
  public struct Quiet: Equatable, Sendable {
    public var from: Date
    public var until: Date
    public var key: String
    /// The files the decision read, each with its identity then (`identity(of:)`).
    public var files: [(path: String, identity: String)]

    public init(from: Date, until: Date, key: String, files: [(path: String, identity: String)]) {
      self.from = from
      self.until = until
      self.key = key
      self.files = files
    }

    public static func == (a: Quiet, b: Quiet) -> Bool {
      a.from == b.from && a.until == b.until && a.key == b.key
        && a.files.map(\.path) == b.files.map(\.path) && a.files.map(\.identity) == b.files.map(\.identity)
    }
  }

  /// A file's identity: device, inode, size, modification and change times to the nanosecond;
  /// `-` when it is missing; nil when it cannot be looked at (no decision is made from it).
  public static func identity(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return errno == ENOENT ? "-" : nil }
    return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):"
      + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
  }

  /// The identities of `paths` now, nil when one cannot be looked at.
  public static func identities(of paths: [String]) -> [(path: String, identity: String)]? {
    var out: [(path: String, identity: String)] = []
    for path in paths {
      guard let identity = identity(of: path) else { return nil }
      out.append((path, identity))
    }
    return out
  }

  /// Whether a run at `now` with `key` would find nothing to do: the file reads, `now` is within
  /// its span, and every file it names is as it was. Never throws: a doubt is a no.
  public func holds(now: Date, key: String) -> Bool {
    guard let quiet = read(), quiet.key == key, quiet.from <= now, now < quiet.until else { return false }
    for file in quiet.files where QuietFile.identity(of: file.path) != file.identity { return false }
    return true
  }

  /// The file as written, or nil (missing, cut, or not this writer's).
  public func read() -> Quiet? {
    guard let bytes = (try? FileIO.read(path, followingLinks: false)) ?? nil, bytes.count < 1 << 16 else {
      return nil
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasSuffix("\n") else { return nil }
    let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 4, lines[0] == QuietFile.format, lines[1].hasPrefix("from "),
      lines[2].hasPrefix("until "),
      lines[3].hasPrefix("key "), let from = Double(lines[1].dropFirst(5)),
      let until = Double(lines[2].dropFirst(6))
    else { return nil }
    var files: [(path: String, identity: String)] = []
    for line in lines.dropFirst(4) {
      // `file IDENTITY PATH`: the identity has no space; the path is the rest of the line.
      guard line.hasPrefix("file ") else { return nil }
      let rest = line.dropFirst(5)
      guard let space = rest.firstIndex(of: " ") else { return nil }
      files.append((String(rest[space...].dropFirst()), String(rest[..<space])))
    }
    return Quiet(
      from: Date(timeIntervalSince1970: from), until: Date(timeIntervalSince1970: until),
      key: String(lines[3].dropFirst(4)), files: files)
  }

  /// Writes `quiet` atomically, unless the file already says it (a run every minute of a quiet
  /// hour writes nothing). A path with a line break cannot be written, and is not.
  public func write(_ quiet: Quiet) throws {
    guard !quiet.files.contains(where: { $0.path.contains("\n") || $0.identity.contains(" ") }),
      !quiet.key.contains("\n")
    else { return }
    if read() == quiet { return }
    var text = QuietFile.format + "\n"
    text += "from \(quiet.from.timeIntervalSince1970)\nuntil \(quiet.until.timeIntervalSince1970)\n"
    text += "key \(quiet.key)\n"
    for file in quiet.files { text += "file \(file.identity) \(file.path)\n" }
    // Not synced: after a crash the file is the old one, the new one, or empty or cut (read as
    // none: a full run).
    try FileIO.writeAtomically(Array(text.utf8), to: path, links: .replace, durable: false)
  }

  /// Removes the file: what it said no longer holds (a run that left something waiting).
  public func remove() {
    unlink(path)
  }
}
