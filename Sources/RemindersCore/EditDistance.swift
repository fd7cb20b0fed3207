import Foundation

/// How far apart two names are, for "did you mean": the fewest insertions, deletions and
/// substitutions of characters, ignoring case.
public enum EditDistance {
  public static func between(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a.lowercased()), Array(b.lowercased()))
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var row = [i + 1]
      for (j, y) in b.enumerated() {
        row.append(Swift.min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, row[j] + 1))
      }
      previous = row
    }
    return previous[b.count]
  }

  /// The name of `names` nearest to `query` (the first among equals); nil when there is none.
  public static func nearest(to query: String, among names: [String]) -> String? {
    names.min { between($0, query) < between($1, query) }
  }
}
