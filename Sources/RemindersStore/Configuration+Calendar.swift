import Foundation
import RemindersCore
import RemindersMessages

/// `[calendar]`: the CalDAV calendar collection `run` publishes the plan to (docs/calendar.md).
public struct CalendarSettings: Equatable, Sendable {
  /// The collection's address, ending with `/`.
  public var url: String
  public var username: String? = nil
  /// The command whose first line of output is the password; the password itself is never kept.
  public var passwordCommand: [String]? = nil
  /// A PEM file of CA certificates trusted besides the system's.
  public var caFile: String? = nil
  /// The days of plan the calendar holds, today included.
  public var days = 14

  public init(url: String) { self.url = url }

  /// A calendar's address in its parts: `http` or `https`, the origin (`https://host:port`,
  /// what requests go to), the host (an IPv6 literal without its brackets) and the path, which
  /// ends with `/`.
  public struct Address: Equatable, Sendable {
    public var scheme: String
    public var origin: String
    public var host: String
    public var path: String
  }

  /// The parts of `url`, or nil when it is no `http://` or `https://` address with a host, or
  /// holds a user, a password, a query or a fragment. (Read by hand, not by Foundation's URL:
  /// the config is read on every run, and URL's parser costs an idle run 2% more.)
  public static func address(_ url: String) -> Address? {
    // Bytes, ASCII only where it matters: Unicode case mapping and character classes cost an idle
    // run more than the rest of the config.
    let bytes = Array(url.utf8)
    func lower(_ slice: ArraySlice<UInt8>) -> String {
      String(decoding: slice.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    guard
      !bytes.contains(where: {
        $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      })
    else { return nil }
    let scheme: String
    if lower(bytes.prefix(8)) == "https://" {
      scheme = "https"
    } else if lower(bytes.prefix(7)) == "http://" {
      scheme = "http"
    } else {
      return nil
    }
    let rest = bytes[(scheme.count + 3)...]
    let authority = rest.prefix { $0 != UInt8(ascii: "/") }
    let path = rest[authority.endIndex...]
    guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
    var host = authority
    var port: ArraySlice<UInt8>?
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
      host = authority[(authority.startIndex + 1)..<close]
      let after = authority[(close + 1)...]
      guard after.isEmpty || after.first == UInt8(ascii: ":") else { return nil }
      if !after.isEmpty { port = after.dropFirst() }
      let hex = Array("0123456789abcdefABCDEF:.".utf8)
      guard !host.isEmpty, host.allSatisfy(hex.contains) else { return nil }
    } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
      host = authority[..<colon]
      port = authority[(colon + 1)...]
    }
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard !host.isEmpty,
      port.map({
        !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(digits.contains)
          && Int(String(decoding: $0, as: UTF8.self))! <= 65535
      }) ?? true
    else { return nil }
    let pathText = String(decoding: path, as: UTF8.self)
    return Address(
      scheme: scheme, origin: scheme + "://" + lower(authority), host: lower(host),
      path: pathText.isEmpty ? "/" : pathText.hasSuffix("/") ? pathText : pathText + "/")
  }

  /// Whether `host` (as `address` gives it: lower case, no brackets) names this machine:
  /// `localhost`, 127.0.0.0/8 or ::1.
  public static func isLoopback(_ host: String) -> Bool {
    let name = host
    if name == "localhost" || name == "::1" { return true }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }
}

extension Configuration {
  /// `[calendar]`: a CalDAV calendar collection (`https://`, or `http://` on this machine only:
  /// a password must not cross a network in clear text), the user and the command that prints
  /// the password (both or neither), a CA file for a private CA, and the days it holds.
  static func calendarSettings(
    text: (String) throws -> String?, filePath: (String) throws -> String?,
    lookup: (String) -> TOMLDocument.Value?, fail: (String, ConfigProblem) -> StoreError
  ) throws -> CalendarSettings {
    guard let url = try text("calendar.url"), !url.isEmpty else {
      throw fail("calendar.url", .calendarURLMissing)
    }
    guard let address = CalendarSettings.address(url) else {
      throw fail("calendar.url", .calendarURL(got: ErrorText.quoted(url)))
    }
    guard address.scheme == "https" || CalendarSettings.isLoopback(address.host) else {
      throw fail(
        "calendar.url",
        address.scheme == "http" ? .plainHTTP : .notHTTPS(got: ErrorText.quoted(url)))
    }
    var settings = CalendarSettings(url: url.hasSuffix("/") ? url : url + "/")
    settings.username = try text("calendar.username")
    if let command = lookup("calendar.password_command") {
      guard let array = command.array, !array.isEmpty, case let words = array.compactMap(\.string),
        words.count == array.count, !words[0].isEmpty
      else {
        throw fail("calendar.password_command", .passwordCommand)
      }
      settings.passwordCommand = words
    }
    if settings.username?.isEmpty == true {
      throw fail("calendar.username", .emptyUserName)
    }
    if settings.username != nil, settings.passwordCommand == nil {
      throw fail("calendar.password_command", .passwordCommandMissing)
    }
    if settings.username == nil, settings.passwordCommand != nil {
      throw fail("calendar.username", .userNameMissing)
    }
    settings.caFile = try filePath("calendar.ca_file")
    if let days = lookup("calendar.days") {
      guard let n = days.int, (1...366).contains(n) else {
        throw fail("calendar.days", .days(from: 1, to: 366, example: 14))
      }
      settings.days = n
    }
    return settings
  }
}
