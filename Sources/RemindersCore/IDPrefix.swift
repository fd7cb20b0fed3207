import Foundation

/// Finding a card or recall item by its id or a unique prefix of it (docs/commands.md).
public enum IDPrefix {
  /// The shortest prefix a command accepts (a whole id may be shorter).
  public static let minimumLength = 4

  /// The indices of `ids` that `query` names, ignoring case: the one id equal to it, else every
  /// id it is a prefix of (none when it is shorter than `minimumLength`).
  public static func matches(_ query: String, in ids: [String]) -> [Int] {
    let wanted = query.lowercased()
    if let exact = ids.firstIndex(where: { $0.lowercased() == wanted }) { return [exact] }
    guard query.count >= minimumLength else { return [] }
    return ids.indices.filter { ids[$0].lowercased().hasPrefix(wanted) }
  }

  /// How many characters of an id text shows: `shown` at least, more when another id of the
  /// deck shares them (ids made elsewhere, or time-ordered ones of an older deck), so that what is shown
  /// always names the one id when typed back.
  public static let shown = 8

  /// The shortest prefix of each of `ids`, at least `shown` characters, that no other id of
  /// `ids` starts with (ignoring case); the whole id when another id starts with all of it.
  public static func short(_ ids: [String]) -> [String: String] {
    let sorted = ids.map { ($0, Array($0.lowercased())) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }
    func common(_ a: [Character], _ b: [Character]) -> Int {
      var n = 0
      while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
      return n
    }
    var out: [String: String] = [:]
    for (i, (id, lower)) in sorted.enumerated() {
      var shared = 0
      if i > 0 { shared = max(shared, common(lower, sorted[i - 1].1)) }
      if i + 1 < sorted.count { shared = max(shared, common(lower, sorted[i + 1].1)) }
      out[id] = String(id.prefix(max(shown, shared + 1)))
    }
    return out
  }

  /// The short form of `id` among `ids` (`short`), read in one pass.
  public static func short(_ id: String, among ids: some Sequence<String>) -> String {
    let lower = Array(id.lowercased())
    var shared = 0
    for other in ids where other != id {
      let o = Array(other.lowercased())
      var n = 0
      while n < lower.count, n < o.count, lower[n] == o[n] { n += 1 }
      shared = max(shared, n)
    }
    return String(id.prefix(max(shown, shared + 1)))
  }

  /// The shortest length, at least `floor`, at which the prefixes of `ids` all differ (or the
  /// longest id's length): enough to tell the matches of an ambiguous prefix apart.
  public static func distinguishingLength(_ ids: [String], floor: Int = 8) -> Int {
    let longest = ids.map(\.count).max() ?? 0
    var length = min(floor, longest)
    while length < longest && Set(ids.map { $0.lowercased().prefix(length) }).count < ids.count {
      length += 1
    }
    return length
  }
}
