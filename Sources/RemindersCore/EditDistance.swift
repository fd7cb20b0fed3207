import Foundation

/// How far apart two names are, for "did you mean": the fewest insertions, deletions,
/// substitutions of characters and swaps of two neighbours (`reveiw` is one from `review`),
/// ignoring case.
public enum EditDistance {
  public static func between(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a.lowercased()), Array(b.lowercased()))
    // Three rows of the table: the one before the previous is what a swap costs from.
    var before: [Int] = []
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var row = [i + 1]
      for (j, y) in b.enumerated() {
        var cost = Swift.min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, row[j] + 1)
        if i > 0, j > 0, x == b[j - 1], a[i - 1] == y { cost = Swift.min(cost, before[j - 1] + 1) }
        row.append(cost)
      }
      before = previous
      previous = row
    }
    return previous[b.count]
  }

  /// The name of `names` near enough to `query` to suggest ("did you mean"): one that starts
  /// with it (ignoring case: `jlpt` → `JLPT N5`), else the nearest when it is at most a third of
  /// the query's length of edits away (at least one): `reveiw` → `review`, but nothing for `nope`
  /// among `TOEIC` and `JLPT`. Nil when none is near.
  public static func near(to query: String, among names: [String]) -> String? {
    let folded = query.lowercased()
    guard !folded.isEmpty else { return nil }
    if let started = names.first(where: { $0.lowercased().hasPrefix(folded) }) {
      return started
    }
    return nearest(to: query, among: names).flatMap {
      between($0, query) <= Swift.max(1, query.count / 3) ? $0 : nil
    }
  }

  /// The name of `names` nearest to `query`: the fewest edits, then the length nearest the
  /// query's (a swap keeps it), then the first; nil when there is none.
  public static func nearest(to query: String, among names: [String]) -> String? {
    names.min {
      (between($0, query), abs($0.count - query.count)) < (between($1, query), abs($1.count - query.count))
    }
  }
}
