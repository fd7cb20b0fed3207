import Foundation
import RemindersAnki
import RemindersCore
import RemindersDictionary
import RemindersICalendar
import RemindersStore

/// The bodies of the fuzz harnesses: each hands arbitrary bytes to one reader of our files.
///
/// A reader may refuse the bytes, by its own typed error with a one-line message; anything else is
/// a finding, and traps: a crash, a hang, a sanitizer report, an untyped error, a message on more
/// than one line, or a broken promise of the reader (the deck's two readers disagreeing, a deck
/// that does not read back as it was written, a calendar merge that is not stable). `make fuzz`
/// drives them with libFuzzer; the tests replay every input kept in `Fuzz/Regressions/<harness>/`.
public enum FuzzHarness: String, CaseIterable, Sendable {
  /// `DeckCodec.decode`, `DeckCodec.digest` and `DeckCodec.studyDigest`, decode → encode → decode,
  /// and `DeckFold.fold` (the deck a whole rewrite gives).
  case deck
  /// `Configuration.parse` of a config file's bytes (TOML, through `TOMLDocument`).
  case config
  /// `reminders config set/unset`: a config file's bytes read by `TOMLDocument`, one key set or
  /// unset by `ConfigEditor`, and the result read again: it must be TOML, give the key its new
  /// value, and every other setting the value it had. The input's first byte picks the key and the
  /// edit; the rest is the file.
  case configEditor = "config-editor"
  /// `LedgerStore.decode`: the ledger and held files.
  case ledger
  /// `FallbackCalendar.merge` into an existing calendar file.
  case calendar
  /// What an Anki collection hands us: its protobuf blobs (`ProtoFields`, a deck's `common` and
  /// `kind`, a preset's `config`), and `<state>/anki.json` (`AnkiStateFile.decode`).
  case anki
  /// `AlarmStore.decode` (alarms.json), and encode → decode → encode.
  case alarms
  /// A dictionary file (EDICT, EUC-JP): its index built, and words looked up in it.
  case dictionary

  /// Runs the harness on one input; returns when the reader accepted or refused it properly.
  public func run(_ input: [UInt8]) {
    switch self {
    case .deck: FuzzHarness.deck(input)
    case .config: FuzzHarness.config(input)
    case .configEditor: FuzzHarness.configEditor(input)
    case .ledger: FuzzHarness.ledger(input)
    case .calendar: FuzzHarness.calendar(input)
    case .anki: FuzzHarness.anki(input)
    case .alarms: FuzzHarness.alarms(input)
    case .dictionary: FuzzHarness.dictionary(input)
    }
  }

  static let clock = DayClock(zone: TimeZone(identifier: "America/New_York")!)

  /// Runs `body`; a `StoreError` is a proper refusal when its message is one short line.
  static func refusal<T>(_ body: () throws -> T) -> T? {
    do {
      return try body()
    } catch let error as StoreError {
      check(message: error.description)
      return nil
    } catch {
      fatalError("untyped error: \(error)")
    }
  }

  /// An error message is one line (docs/exit-codes.md), and short whatever the file held.
  static func check(message: String) {
    precondition(!message.contains(where: \.isNewline), "a message on more than one line: \(message)")
    precondition(
      message.unicodeScalars.count <= 400,
      "a message of \(message.unicodeScalars.count) characters: \(String(message.unicodeScalars.prefix(400)))"
    )
  }

  /// The day the digests count from, and small limits, so that the fuzzer reaches the new cards'
  /// cap (docs/scheduling.md).
  static let today = Day(iso: "2026-11-21")!
  static let limits = NewCardLimits(perDay: 3, perCollection: ["a": 1])

  static func deck(_ input: [UInt8]) {
    let decoded = refusal { try DeckCodec.decode(input, path: "deck.json") }
    let digest = refusal {
      try DeckCodec.digest(input, path: "deck.json", clock: clock, limits: limits, today: today)
    }
    precondition((decoded == nil) == (digest == nil), "decode and digest disagree on what they accept")
    guard let decoded, let digest else { return }
    let full = PlanInput(deck: decoded.deck, clock: clock, limits: limits, today: today)
    let sameIndex = digest.dueIndex == full.dueIndex
    let sameDays = digest.streak.answerDays == full.streak.answerDays
    precondition(
      sameIndex && sameDays && digest.recalls == full.recalls, "digest differs from the decoded deck")
    // What `stats` reads: the same record from the bytes as from the decoded deck, and a focus
    // log refused by both or by neither.
    let study = refusal {
      try DeckCodec.studyDigest(input, path: "deck.json", clock: clock, limits: limits, today: today)
    }
    let focus = refusal { try DeckCodec.focusLog(of: decoded, path: "deck.json") }
    precondition((study == nil) == (focus == nil), "studyDigest and focusLog disagree on the focus log")
    if let study, let focus {
      precondition(
        study == StudyRecord(deck: decoded.deck, focusLog: focus, clock: clock, limits: limits, today: today),
        "studyDigest differs from the decoded deck")
    }
    // The fold that rewrites only what a journal changed: the deck a whole rewrite gives.
    let day = Day(iso: "2026-11-21")!
    let at = Date(timeIntervalSince1970: 1_795_300_000)
    let lines: [(id: String, change: DeckJournal.Change)] =
      decoded.deck.cards.prefix(2).enumerated().map { i, card in
        (
          "line-\(i)",
          .answer(
            cardID: card.id, correct: i == 0, at: at, day: day, recallAfterWrong: 600, recallID: "recall-\(i)"
          )
        )
      } + [
        (
          "line-gone",
          .answer(cardID: "gone", correct: true, at: at, day: day, recallAfterWrong: nil, recallID: "r")
        )
      ]
    guard let spliced = try? DeckFold.fold(input, lines: lines, path: "deck.json", clock: clock) ?? input,
      let read = try? DeckCodec.decode(spliced, path: "deck.json")
    else { fatalError("a deck that decodes does not fold, or its fold does not read back") }
    var whole = decoded
    DeckJournal.apply(lines, to: &whole)
    precondition(read.deck == whole.deck, "the fold's deck differs from a whole rewrite's")
    // It names the last line: folding the same lines again changes nothing.
    precondition(
      (try? DeckFold.fold(spliced, lines: lines, path: "deck.json", clock: clock)) == .some(nil),
      "a fold applied its lines twice")
    let encoded = DeckCodec.encode(decoded, clock: clock)
    guard let again = try? DeckCodec.decode(encoded, path: "deck.json") else {
      fatalError("a deck we wrote does not read back")
    }
    precondition(again == decoded, "decode → encode → decode changed the deck")
    precondition(DeckCodec.encode(again, clock: clock) == encoded, "encoding the same deck twice differs")
  }

  /// The index built from the bytes, or a `DictionaryError`; words looked up in what was built,
  /// each candidate one of the entries' senses or words.
  static func dictionary(_ input: [UInt8]) {
    let index: EdictIndex
    do {
      index = try EdictIndex.reading(input, path: "edict")
    } catch {
      if case .malformed(_, let line, _) = error { precondition(line >= 1, "a line number below 1") }
      return
    }
    for word in ["猫", "ねこ", "食べた", "cat", "eat", "a", "x"] {
      let found = DictionaryLookup.look(word, in: index, limit: 5)
      precondition(found.candidates.count <= 5, "more candidates than asked for")
      precondition(found.candidates.allSatisfy { !$0.text.isEmpty }, "an empty candidate")
    }
  }

  static func config(_ input: [UInt8]) {
    _ = refusal { try Configuration.parse(input, path: "config.toml", home: "/home/fuzz") }
  }

  static func configEditor(_ input: [UInt8]) {
    guard let choice = input.first else { return }
    let bytes = Array(input.dropFirst())
    // A file every command refuses is refused before any edit (SettingsFile).
    guard let document = refusal({ try Configuration.document(of: bytes, path: "config.toml") }) else {
      return
    }
    let key = SettingKey.all[Int(choice & 0x7F) % SettingKey.all.count]
    let value =
      key.standard
      ?? (key.kind == .text ? "\"x\"" : key.kind == .toml ? "{ a = 1 }" : "[\"a\", \"b\"]")
    let set = choice & 0x80 == 0
    let edited: [UInt8]
    do {
      edited =
        try set ? ConfigEditor.set(document, key: key, value: value) : ConfigEditor.unset(document, key: key)
    } catch {
      return  // a form the editor leaves to a person
    }
    guard let after = try? TOMLDocument(edited) else { fatalError("an edit made no TOML") }
    precondition(
      ConfigEditor.value(of: key, in: after) == (set ? value : nil), "the edit does not say the new value")
    let path = key.key.split(separator: ".").map(String.init)
    for other in SettingKey.all where other.key != key.key {
      let otherPath = other.key.split(separator: ".").map(String.init)
      guard !otherPath.starts(with: path), !path.starts(with: otherPath) else { continue }
      precondition(
        after.value(at: otherPath) == document.value(at: otherPath), "the edit changed \(other.key)")
    }
  }

  static func ledger(_ input: [UInt8]) {
    do {
      _ = try LedgerStore.decode(input, path: "ledger.json")
    } catch is StoreError {
      // The ledger's messages are checked when its reader is this module's to fix.
    } catch {
      fatalError("untyped error: \(error)")
    }
  }

  static func alarms(_ input: [UInt8]) {
    guard let decoded = refusal({ try AlarmStore.decode(input, path: "alarms.json") }) else { return }
    // What we write reads back, and writes the same again (coordinates keep six decimals and
    // times whole seconds, so the first write may round what a person typed; never later ones).
    let encoded = AlarmStore.encode(decoded, clock: clock)
    guard let again = try? AlarmStore.decode(encoded, path: "alarms.json") else {
      fatalError("an alarm file we wrote does not read back")
    }
    precondition(again.alarms.count == decoded.alarms.count, "a rewrite lost alarms")
    precondition(AlarmStore.encode(again, clock: clock) == encoded, "writing the same alarms twice differs")
  }

  static let stamp = Date(timeIntervalSince1970: 1_795_000_000)
  static let reminders = [
    Reminder(
      id: "daily:2026-11-21", kind: .dailyReview, fireAt: stamp.addingTimeInterval(7200),
      title: "Today's reviews: 3 cards", body: "TOEIC: 2, JLPT: 1", dueCount: 3),
    Reminder(
      id: "recall:r1", kind: .recall, fireAt: stamp.addingTimeInterval(9000), title: "Time to recall: は vs が",
      body: "a line\nand a backslash \\; with, punctuation", topics: ["は vs が"], recallItemIDs: ["r1"]),
  ]

  /// Anki's blobs: refused with a one-line `Malformed`, or read. The first byte says where a
  /// deck row's `common` ends and its `kind` begins. And the state file: a reading or none, and a
  /// reading it accepts writes back to the same bytes' meaning.
  static func anki(_ input: [UInt8]) {
    do {
      _ = try ProtoFields(input)
    } catch {
      check(message: error.description)
    }
    let body = Array(input.dropFirst())
    let cut = input.isEmpty ? 0 : Int(input[0]) % (body.count + 1)
    do throws(ProtoFields.Malformed) {
      _ = try AnkiCollectionFile.deck(
        id: 1, name: "日本語\u{1F}N5", common: Array(body[..<cut]), kind: Array(body[cut...]))
    } catch {
      check(message: error.description)
    }
    do throws(ProtoFields.Malformed) {
      _ = try AnkiCollectionFile.preset(input)
    } catch {
      check(message: error.description)
    }
    if let reading = AnkiStateFile.decode(input) {
      let written = AnkiStateFile.encode(reading, clock: clock)
      precondition(AnkiStateFile.decode(written) == reading, "a state file we wrote does not read back")
    }
  }

  static func calendar(_ input: [UInt8]) {
    let merged: [UInt8]
    do {
      merged = try FallbackCalendar.merge(existing: input, reminders: reminders, language: .en, stamp: stamp)
    } catch {
      check(message: error.description)
      return
    }
    // What we wrote reads back, and merging the same reminders again changes nothing.
    do {
      let again = try FallbackCalendar.merge(
        existing: merged, reminders: reminders, language: .en, stamp: stamp.addingTimeInterval(60))
      precondition(again == merged, "merging the same reminders twice changed the calendar")
    } catch {
      fatalError("a calendar we wrote does not read back: \(error)")
    }
  }
}
