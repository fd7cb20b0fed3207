/// The dictionary forms a conjugated Japanese word may come from (docs/dictionary.md):
/// 食べた → 食べる, 食べなかった → 食べない → 食べる, 行って → 行く, 見られる → 見る, 高かった → 高い.
///
/// Written from the grammar, one rule a line: the ending an inflected form has, the ending of
/// the form it comes from, the kind of word that form is, and the kinds of form the rule may
/// follow. A form made by one rule may itself be inflected (食べない is said like an
/// い-adjective, 見られる like an ichidan verb, 食べます is a polite form), so rules chain, a
/// few deep. A form is a dictionary form only where the dictionary says the word is of that
/// kind: 食べ + る is a dictionary form because 食べる is a `v1` verb.
public enum Deinflection {
  /// What a form is: a kind of word a dictionary names (`v1`, `v5k`, `adj-i`, …), or a polite
  /// `ます` form, or a form as typed (anything).
  public typealias Kind = String
  static let typed: Kind = "*"
  static let polite: Kind = "masu"

  struct Rule {
    var inflected: String
    var base: String
    var kind: Kind
    /// The kinds of form this rule reads: what was typed, or what an earlier rule made.
    var after: Set<Kind>
  }

  /// A dictionary form a word may come from.
  public struct Candidate: Equatable, Sendable {
    public var form: String
    /// The kind of word the dictionary must say it is (nil: the word as typed, any kind).
    public var kind: Kind?
  }

  /// The godan rows: the dictionary ending, and its a-, i-, e-row kana, its past, and its kind.
  static let godan: [(u: String, a: String, i: String, e: String, past: String, te: String, kind: Kind)] = [
    ("う", "わ", "い", "え", "った", "って", "v5u"),
    ("く", "か", "き", "け", "いた", "いて", "v5k"),
    ("ぐ", "が", "ぎ", "げ", "いだ", "いで", "v5g"),
    ("す", "さ", "し", "せ", "した", "して", "v5s"),
    ("つ", "た", "ち", "て", "った", "って", "v5t"),
    ("ぬ", "な", "に", "ね", "んだ", "んで", "v5n"),
    ("ぶ", "ば", "び", "べ", "んだ", "んで", "v5b"),
    ("む", "ま", "み", "め", "んだ", "んで", "v5m"),
    ("る", "ら", "り", "れ", "った", "って", "v5r"),
  ]

  static let rules: [Rule] = {
    let typed: Set<Kind> = [Deinflection.typed]
    let adjective: Set<Kind> = [Deinflection.typed, "adj-i"]
    let verb: Set<Kind> = [Deinflection.typed, "v1"]
    let politeForm: Set<Kind> = [Deinflection.typed, Deinflection.polite]
    var rules: [Rule] = [
      // 行く is the one godan く verb whose past is 行った (EDICT: v5k-s); first, as the
      // commoner reading of 行って.
      Rule(inflected: "った", base: "く", kind: "v5k-s", after: typed),
      Rule(inflected: "って", base: "く", kind: "v5k-s", after: typed),
      // Ichidan: the stem alone, before た, て, ない, ます, られる, させる, たい.
      Rule(inflected: "た", base: "る", kind: "v1", after: typed),
      Rule(inflected: "て", base: "る", kind: "v1", after: typed),
      Rule(inflected: "ない", base: "る", kind: "v1", after: adjective),
      Rule(inflected: "ます", base: "る", kind: "v1", after: politeForm),
      Rule(inflected: "られる", base: "る", kind: "v1", after: verb),
      Rule(inflected: "させる", base: "る", kind: "v1", after: verb),
      Rule(inflected: "たい", base: "る", kind: "v1", after: adjective),
      // する and 来る.
      Rule(inflected: "した", base: "する", kind: "vs-i", after: typed),
      Rule(inflected: "して", base: "する", kind: "vs-i", after: typed),
      Rule(inflected: "しない", base: "する", kind: "vs-i", after: adjective),
      Rule(inflected: "します", base: "する", kind: "vs-i", after: politeForm),
      Rule(inflected: "される", base: "する", kind: "vs-i", after: verb),
      Rule(inflected: "させる", base: "する", kind: "vs-i", after: verb),
      Rule(inflected: "したい", base: "する", kind: "vs-i", after: adjective),
      Rule(inflected: "きた", base: "くる", kind: "vk", after: typed),
      Rule(inflected: "きて", base: "くる", kind: "vk", after: typed),
      Rule(inflected: "こない", base: "くる", kind: "vk", after: adjective),
      Rule(inflected: "きます", base: "くる", kind: "vk", after: politeForm),
      Rule(inflected: "来た", base: "来る", kind: "vk", after: typed),
      Rule(inflected: "来て", base: "来る", kind: "vk", after: typed),
      Rule(inflected: "来ない", base: "来る", kind: "vk", after: adjective),
      Rule(inflected: "来ます", base: "来る", kind: "vk", after: politeForm),
      // い-adjectives (and the forms said like them: ない, たい).
      Rule(inflected: "かった", base: "い", kind: "adj-i", after: adjective),
      Rule(inflected: "くない", base: "い", kind: "adj-i", after: adjective),
      Rule(inflected: "くて", base: "い", kind: "adj-i", after: adjective),
      Rule(inflected: "ければ", base: "い", kind: "adj-i", after: adjective),
      Rule(inflected: "く", base: "い", kind: "adj-i", after: adjective),
      // The polite past and negative, back to ます.
      Rule(inflected: "ました", base: "ます", kind: Deinflection.polite, after: typed),
      Rule(inflected: "ません", base: "ます", kind: Deinflection.polite, after: typed),
      Rule(inflected: "ませんでした", base: "ます", kind: Deinflection.polite, after: typed),
    ]
    for row in godan {
      rules += [
        Rule(inflected: row.past, base: row.u, kind: row.kind, after: typed),
        Rule(inflected: row.te, base: row.u, kind: row.kind, after: typed),
        Rule(inflected: row.a + "ない", base: row.u, kind: row.kind, after: adjective),
        Rule(inflected: row.i + "ます", base: row.u, kind: row.kind, after: politeForm),
        Rule(inflected: row.i + "たい", base: row.u, kind: row.kind, after: adjective),
        // Passive (a-row + れる), causative (a-row + せる), potential (e-row + る).
        Rule(inflected: row.a + "れる", base: row.u, kind: row.kind, after: verb),
        Rule(inflected: row.a + "せる", base: row.u, kind: row.kind, after: verb),
        Rule(inflected: row.e + "る", base: row.u, kind: row.kind, after: verb),
      ]
    }
    return rules
  }()

  /// The forms `word` may come from, nearest first: the word itself (any kind), then each
  /// form the rules reach, at most `depth` rules deep, with the kind the dictionary must give it.
  public static func candidates(_ word: String, depth: Int = 4) -> [Candidate] {
    var found: [Candidate] = [Candidate(form: word, kind: nil)]
    var seen: Set<String> = ["\(typed)|\(word)"]
    var level: [(form: String, kind: Kind)] = [(word, typed)]
    for _ in 0..<depth {
      var next: [(form: String, kind: Kind)] = []
      for (form, kind) in level {
        for rule in rules where rule.after.contains(kind) && form.hasSuffix(rule.inflected) {
          let stem = form.dropLast(rule.inflected.count)
          guard !stem.isEmpty || rule.base.count > 1 else { continue }
          let base = String(stem) + rule.base
          guard seen.insert("\(rule.kind)|\(base)").inserted else { continue }
          if rule.kind != polite { found.append(Candidate(form: base, kind: rule.kind)) }
          next.append((base, rule.kind))
        }
      }
      level = next
    }
    return found
  }

  /// Whether a dictionary entry's parts of speech make it a word of `kind` (`v5k` takes
  /// `v5k-s`; `v1` takes `v1-s`).
  public static func entry(_ parts: Set<String>, isOfKind kind: Kind) -> Bool {
    parts.contains(kind) || parts.contains { $0.hasPrefix(kind + "-") }
  }
}
