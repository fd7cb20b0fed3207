import Testing

@testable import RemindersDictionary

/// Each de-inflection rule with a word it takes back to its dictionary form (docs/dictionary.md).
@Suite struct DeinflectionTests {
  /// (as typed, dictionary form, the kind the dictionary must give it).
  static let cases: [(String, String, String)] = [
    // Ichidan.
    ("食べた", "食べる", "v1"), ("食べて", "食べる", "v1"), ("食べない", "食べる", "v1"),
    ("食べなかった", "食べる", "v1"), ("食べます", "食べる", "v1"), ("食べました", "食べる", "v1"),
    ("食べません", "食べる", "v1"), ("食べませんでした", "食べる", "v1"), ("見られる", "見る", "v1"),
    ("見られた", "見る", "v1"), ("食べさせる", "食べる", "v1"), ("食べたい", "食べる", "v1"),
    ("食べたくなかった", "食べる", "v1"),
    // Godan, row by row: past, て, negative, polite, たい, passive, causative, potential.
    ("買った", "買う", "v5u"), ("買って", "買う", "v5u"), ("買わない", "買う", "v5u"), ("買います", "買う", "v5u"),
    ("買いたい", "買う", "v5u"), ("買われる", "買う", "v5u"), ("買わせる", "買う", "v5u"), ("買える", "買う", "v5u"),
    ("書いた", "書く", "v5k"), ("書いて", "書く", "v5k"), ("書かない", "書く", "v5k"), ("書きます", "書く", "v5k"),
    ("書きたい", "書く", "v5k"), ("書かれる", "書く", "v5k"), ("書かせる", "書く", "v5k"), ("書ける", "書く", "v5k"),
    ("泳いだ", "泳ぐ", "v5g"), ("泳いで", "泳ぐ", "v5g"), ("泳がない", "泳ぐ", "v5g"), ("泳ぎます", "泳ぐ", "v5g"),
    ("泳ぎたい", "泳ぐ", "v5g"), ("泳がれる", "泳ぐ", "v5g"), ("泳がせる", "泳ぐ", "v5g"), ("泳げる", "泳ぐ", "v5g"),
    ("話した", "話す", "v5s"), ("話して", "話す", "v5s"), ("話さない", "話す", "v5s"), ("話します", "話す", "v5s"),
    ("話したい", "話す", "v5s"), ("話される", "話す", "v5s"), ("話させる", "話す", "v5s"), ("話せる", "話す", "v5s"),
    ("待った", "待つ", "v5t"), ("待って", "待つ", "v5t"), ("待たない", "待つ", "v5t"), ("待ちます", "待つ", "v5t"),
    ("待ちたい", "待つ", "v5t"), ("待たれる", "待つ", "v5t"), ("待たせる", "待つ", "v5t"), ("待てる", "待つ", "v5t"),
    ("死んだ", "死ぬ", "v5n"), ("死んで", "死ぬ", "v5n"), ("死なない", "死ぬ", "v5n"), ("死にます", "死ぬ", "v5n"),
    ("死にたい", "死ぬ", "v5n"), ("死なれる", "死ぬ", "v5n"), ("死なせる", "死ぬ", "v5n"), ("死ねる", "死ぬ", "v5n"),
    ("遊んだ", "遊ぶ", "v5b"), ("遊んで", "遊ぶ", "v5b"), ("遊ばない", "遊ぶ", "v5b"), ("遊びます", "遊ぶ", "v5b"),
    ("遊びたい", "遊ぶ", "v5b"), ("遊ばれる", "遊ぶ", "v5b"), ("遊ばせる", "遊ぶ", "v5b"), ("遊べる", "遊ぶ", "v5b"),
    ("読んだ", "読む", "v5m"), ("読んで", "読む", "v5m"), ("読まない", "読む", "v5m"), ("読みます", "読む", "v5m"),
    ("読みたい", "読む", "v5m"), ("読まれる", "読む", "v5m"), ("読ませる", "読む", "v5m"), ("読める", "読む", "v5m"),
    ("帰った", "帰る", "v5r"), ("帰って", "帰る", "v5r"), ("帰らない", "帰る", "v5r"), ("帰ります", "帰る", "v5r"),
    ("帰りたい", "帰る", "v5r"), ("帰られる", "帰る", "v5r"), ("帰らせる", "帰る", "v5r"), ("帰れる", "帰る", "v5r"),
    // 行く: 行った, 行って.
    ("行った", "行く", "v5k-s"), ("行って", "行く", "v5k-s"),
    // する and 来る.
    ("勉強した", "勉強する", "vs-i"), ("勉強して", "勉強する", "vs-i"), ("勉強しない", "勉強する", "vs-i"),
    ("勉強します", "勉強する", "vs-i"), ("勉強される", "勉強する", "vs-i"), ("勉強させる", "勉強する", "vs-i"),
    ("勉強したい", "勉強する", "vs-i"),
    ("きた", "くる", "vk"), ("きて", "くる", "vk"), ("こない", "くる", "vk"), ("きます", "くる", "vk"),
    ("来た", "来る", "vk"), ("来て", "来る", "vk"), ("来ない", "来る", "vk"), ("来ます", "来る", "vk"),
    // い-adjectives.
    ("高かった", "高い", "adj-i"), ("高くない", "高い", "adj-i"), ("高くて", "高い", "adj-i"),
    ("高ければ", "高い", "adj-i"), ("高く", "高い", "adj-i"), ("高くなかった", "高い", "adj-i"),
  ]

  @Test(arguments: cases)
  func aConjugatedWordReachesItsDictionaryForm(typed: String, base: String, kind: String) {
    let found = Deinflection.candidates(typed)
    #expect(found.contains(Deinflection.Candidate(form: base, kind: kind)), "\(typed): \(found)")
    #expect(found.first == Deinflection.Candidate(form: typed, kind: nil))
  }

  /// Every rule is one of the cases above: its ending on a word, its ending on the form.
  @Test func everyRuleHasACase() {
    for rule in Deinflection.rules {
      let covered = Self.cases.contains { typed, base, kind in
        (rule.kind == kind || rule.kind == Deinflection.polite) && typed.hasSuffix(rule.inflected)
          && (rule.kind == Deinflection.polite || base.hasSuffix(rule.base))
      }
      #expect(covered, "no case for \(rule.inflected) → \(rule.base) (\(rule.kind))")
    }
  }

  /// A dictionary form is one only where the dictionary names the kind; `v5k` takes 行く's
  /// `v5k-s`, and an ichidan rule never makes a godan verb.
  @Test func kindsAreMatchedAsTheDictionaryWritesThem() {
    #expect(Deinflection.entry(["v5k-s", "vi"], isOfKind: "v5k"))
    #expect(Deinflection.entry(["v1", "vt"], isOfKind: "v1"))
    #expect(!Deinflection.entry(["v5r", "vi"], isOfKind: "v1"))
    #expect(!Deinflection.entry(["adj-na"], isOfKind: "adj-i"))
  }

  /// A word no rule takes is only itself.
  @Test func aPlainWordIsOnlyItself() {
    #expect(Deinflection.candidates("猫") == [Deinflection.Candidate(form: "猫", kind: nil)])
  }
}
