import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The day zone and the name it is shown by: config `time.zone`, else `TZ` read as the C library
/// reads it, else `/etc/localtime`, else `/etc/timezone`, else UTC (docs/configuration.md).
public struct DayZone: Equatable, Sendable {
  public var zone: TimeZone
  /// The IANA name as the user gave it (Foundation reports `UTC` as `GMT`), or `UTC+09:00` for a
  /// fixed offset that `TZ` gave as a POSIX string.
  public var name: String

  public init(zone: TimeZone, name: String) {
    self.zone = zone
    self.name = name
  }

  /// A `TZ` this version does not read as the C library does: refused, never taken as UTC.
  public struct UnusableTZ: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value of `TZ`.
    public var value: String
    public var description: String { "TZ=\(value)" }
  }

  /// Where the zone database is: the C library's `TZDIR` default on Debian.
  public static let zoneinfo = "/usr/share/zoneinfo"

  /// The day zone for config `time.zone` (`configured`) in `environment`.
  ///
  /// `TZ` (when set and not empty, and the config names no zone) is read as glibc reads it: a
  /// leading `:` is dropped; an absolute path names a zone file, taken when it is (or links to) a
  /// file of the zone database; any other value names a file of the zone database when there is
  /// one, else it is a POSIX TZ string, of which a fixed offset (`UTC-9`, `JST-9`,
  /// `<+0530>-5:30`: west of Greenwich is positive) is taken exactly. Anything else (a POSIX
  /// string with daylight saving time, a path outside the database, a name of nothing) throws
  /// `UnusableTZ`: the C library would read some of these by rules this version does not
  /// follow, and the rest as UTC.
  public static func resolve(
    configured: String?, environment: [String: String], zoneinfo: String = DayZone.zoneinfo
  ) throws(UnusableTZ) -> DayZone {
    if let configured, let zone = TimeZone(identifier: configured) {
      return DayZone(zone: zone, name: configured)
    }
    if let value = environment["TZ"], !value.isEmpty, value != ":" {
      guard let zone = fromTZ(value, zoneinfo: zoneinfo) else { throw UnusableTZ(value: value) }
      return zone
    }
    let system: [() -> String?] = [
      {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
          let range = link.range(of: "zoneinfo/")
        else { return nil }
        return String(link[range.upperBound...])
      },
      {
        (try? String(contentsOfFile: "/etc/timezone", encoding: .utf8))?.trimmingCharacters(
          in: .whitespacesAndNewlines)
      },
    ]
    for candidate in system {
      if let name = candidate(), let zone = TimeZone(identifier: name) {
        return DayZone(zone: zone, name: name)
      }
    }
    return DayZone(zone: TimeZone(identifier: "UTC")!, name: "UTC")
  }

  /// `TZ`'s zone, or nil when it is not one this version reads as the C library does.
  static func fromTZ(_ value: String, zoneinfo: String) -> DayZone? {
    let spec = value.hasPrefix(":") ? String(value.dropFirst()) : value
    if spec.hasPrefix("/") {
      // A zone file named by its path: one of the database's, under its name there.
      var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      guard realpath(spec, &resolved) != nil else { return nil }
      let path = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      var base = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let root =
        realpath(zoneinfo, &base) != nil
        ? String(decoding: base.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : zoneinfo
      guard path.hasPrefix(root + "/") else { return nil }
      return named(String(path.dropFirst(root.count + 1)), zoneinfo: zoneinfo)
    }
    // glibc looks for a file of that name in the database first, and reads the value as a POSIX
    // string only when there is none.
    if let zone = named(spec, zoneinfo: zoneinfo) { return zone }
    if isDatabaseFile(spec, zoneinfo: zoneinfo) { return nil }
    guard let west = POSIXZone.fixedOffset(spec) else { return nil }
    let east = -west
    guard let zone = TimeZone(secondsFromGMT: east) else { return nil }
    return DayZone(zone: zone, name: offsetName(east))
  }

  /// The database's zone `name`, when it has a file of that name and Foundation knows it.
  private static func named(_ name: String, zoneinfo: String) -> DayZone? {
    guard isDatabaseFile(name, zoneinfo: zoneinfo), let zone = TimeZone(identifier: name) else { return nil }
    return DayZone(zone: zone, name: name)
  }

  /// Whether the database has a regular file (through links) called `name`; a name that climbs
  /// out of it (`..`) has none.
  private static func isDatabaseFile(_ name: String, zoneinfo: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
      return false
    }
    var info = stat()
    return stat(zoneinfo + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// `UTC+09:00`, `UTC-03:30`, `UTC+05:45:10` (seconds only when there are some).
  static func offsetName(_ east: Int) -> String {
    let magnitude = abs(east)
    var text = "UTC" + (east < 0 ? "-" : "+")
    text += String(format: "%02d:%02d", magnitude / 3600, magnitude / 60 % 60)
    if magnitude % 60 != 0 { text += String(format: ":%02d", magnitude % 60) }
    return text
  }
}

/// The POSIX TZ string (`std offset [dst [offset] [,rule]]`), as far as this version reads it.
enum POSIXZone {
  /// The offset, in seconds west of Greenwich, of a string that names a standard time and no
  /// daylight saving time (`UTC-9` → -32400, `<+0530>-5:30` → -19800); nil for anything else,
  /// and for a string the C library would not read either.
  static func fixedOffset(_ text: String) -> Int? {
    var rest = Substring(text)
    guard name(&rest), let west = offset(&rest), rest.isEmpty else { return nil }
    return west
  }

  /// Reads the zone's abbreviation: three or more letters, or `<…>` with three or more letters,
  /// digits, `+` or `-` inside.
  private static func name(_ rest: inout Substring) -> Bool {
    if rest.first == "<" {
      guard let close = rest.firstIndex(of: ">") else { return false }
      let inside = rest[rest.index(after: rest.startIndex)..<close]
      guard inside.count >= 3,
        inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") })
      else { return false }
      rest = rest[rest.index(after: close)...]
      return true
    }
    let letters = rest.prefix { $0.isASCII && $0.isLetter }
    guard letters.count >= 3 else { return false }
    rest = rest.dropFirst(letters.count)
    return true
  }

  /// Reads `[+-]hh[:mm[:ss]]` (hours 0 to 24, minutes and seconds 0 to 59), in seconds.
  private static func offset(_ rest: inout Substring) -> Int? {
    var sign = 1
    if rest.first == "+" || rest.first == "-" {
      if rest.first == "-" { sign = -1 }
      rest = rest.dropFirst()
    }
    var parts: [Int] = []
    while true {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard (1...2).contains(digits.count), let value = Int(digits) else { return nil }
      parts.append(value)
      rest = rest.dropFirst(digits.count)
      guard parts.count < 3, rest.first == ":" else { break }
      rest = rest.dropFirst()
    }
    let (hours, minutes, seconds) = (parts[0], parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0)
    guard hours <= 24, minutes <= 59, seconds <= 59 else { return nil }
    return sign * (hours * 3600 + minutes * 60 + seconds)
  }
}
