import ArgumentParser
import Foundation
import RemindersCore
import RemindersStore

extension Cards {
  /// `reminders cards import FILE`: cards from a TSV or CSV file, all or nothing.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Add the cards of a UTF-8 TSV or CSV file, all or nothing.",
      discussion:
        "One card a line: front, back, optional collection. A header line (front/back or 表/裏) names the columns (also collection/コレクション, note/メモ) and may put them in any order. Cards already in the deck with the same front, back and collection are skipped. A .csv file is CSV (RFC 4180 quoting); any other is TSV when it holds a tab."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: "The file to read.") var file: String
    @Option(help: ArgumentHelp("The collection of lines that name none.", valueName: "name")) var collection:
      String?

    func run() throws {
      let invocation = try Invocation(global)
      let words = Words(invocation)
      guard let bytes = try FileIO.read(file) else {
        throw StoreError.unreadable(path: file, reason: .system(SystemError(call: "open", code: ENOENT)))
      }
      let rows: [CardTable.Row]
      do {
        rows = try CardTable.parse(bytes, csv: CardTable.isCSV(path: file, bytes: bytes))
      } catch {
        throw CommandFailure("\(file):\(error.line): \(words.say(error.ja, error.en))", code: 65)
      }
      let now = time.instant
      let clock = invocation.clock
      let fallback = Cards.optional(collection)
      let (added, skipped) = try invocation.deckStore.update(clock: clock) { stored -> (Int, Int) in
        var seen = Set(stored.deck.cards.map { CardTable.key($0.front, $0.back, $0.collection) })
        var added = 0
        var skipped = 0
        for row in rows {
          let collection = row.collection ?? fallback
          guard seen.insert(CardTable.key(row.front, row.back, collection)).inserted else {
            skipped += 1
            continue
          }
          var card = ReviewLadder.newCard(
            id: UUID().uuidString.lowercased(), front: row.front, back: row.back, collection: collection,
            at: now,
            clock: clock)
          card.note = row.note
          stored.deck.cards.append(card)
          added += 1
        }
        return (added, skipped)
      }
      print(words.say("\(added) 枚を追加、\(skipped) 枚をスキップ", "added \(added), skipped \(skipped)"))
    }
  }
}

/// A TSV or CSV file of cards, read into rows; a bad line is a `Problem` naming its line.
enum CardTable {
  struct Row: Equatable {
    var line: Int
    var front: String
    var back: String
    var collection: String?
    var note: String?
  }

  struct Problem: Error, Equatable {
    var line: Int
    var en: String
    var ja: String
  }

  /// A card's identity for skipping duplicates: front, back and collection.
  static func key(_ front: String, _ back: String, _ collection: String?) -> [String] {
    [front, back, collection ?? ""]
  }

  /// `.csv` by name; otherwise TSV when the file holds a tab, else CSV.
  static func isCSV(path: String, bytes: [UInt8]) -> Bool {
    if path.lowercased().hasSuffix(".csv") { return true }
    return !bytes.contains(UInt8(ascii: "\t"))
  }

  enum Column { case front, back, collection, note, ignored }

  /// The columns a header line names, when it is one (it names both front and back).
  static func header(_ fields: [String]) -> [Column]? {
    let columns: [Column] = fields.map {
      switch $0.trimmingCharacters(in: .whitespaces).lowercased() {
      case "front", "表": return .front
      case "back", "裏": return .back
      case "collection", "コレクション": return .collection
      case "note", "メモ": return .note
      default: return .ignored
      }
    }
    return columns.contains(.front) && columns.contains(.back) ? columns : nil
  }

  static func parse(_ bytes: [UInt8], csv: Bool) throws(Problem) -> [Row] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    // Invalid UTF-8 is named by its line before anything else is read.
    var line = 1
    var start = body.startIndex
    for i in body.indices where body[i] == UInt8(ascii: "\n") || i == body.index(before: body.endIndex) {
      let end = body[i] == UInt8(ascii: "\n") ? i : body.endIndex
      if String(validating: body[start..<end], as: UTF8.self) == nil {
        throw Problem(line: line, en: "expected UTF-8 text", ja: "UTF-8 のテキストではありません")
      }
      line += 1
      start = i + 1
    }
    let text = String(decoding: body, as: UTF8.self)
    let records = csv ? try csvRecords(text) : tsvRecords(text)
    var columns: [Column] = [.front, .back, .collection]
    var rows: [Row] = []
    var first = true
    var named = false
    for (line, fields) in records {
      if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) && fields.count <= 1 {
        continue
      }
      if first {
        first = false
        if let header = header(fields) {
          columns = header
          named = true
          continue
        }
      }
      rows.append(try row(fields, columns: columns, line: line, named: named))
    }
    return rows
  }

  static func row(_ fields: [String], columns: [Column], line: Int, named: Bool) throws(Problem) -> Row {
    if !named && fields.count > 3 {
      throw Problem(
        line: line, en: "expected at most 3 fields (front, back, collection), found \(fields.count)",
        ja: "列は 3 つまでです（表、裏、コレクション）が、\(fields.count) 列あります")
    }
    var values: [Column: String] = [:]
    for (i, field) in fields.enumerated() where i < columns.count && columns[i] != .ignored {
      let value = field.trimmingCharacters(in: .whitespaces)
      if !value.isEmpty { values[columns[i]] = value }
    }
    guard let front = values[.front] else {
      throw Problem(line: line, en: "expected a front (the question side)", ja: "表（問い）がありません")
    }
    guard let back = values[.back] else {
      throw Problem(line: line, en: "expected a back (the answer side) after the front", ja: "裏（答え）がありません")
    }
    return Row(line: line, front: front, back: back, collection: values[.collection], note: values[.note])
  }

  /// TSV: fields split at tabs, taken as they are (no quoting), one record a line.
  static func tsvRecords(_ text: String) -> [(Int, [String])] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
      var line = Substring(line)
      if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
      return (i + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
    }
  }

  /// CSV per RFC 4180: quoted fields may hold commas, line breaks and doubled quotes.
  static func csvRecords(_ text: String) throws(Problem) -> [(Int, [String])] {
    let scalars = Array(text.unicodeScalars)
    var records: [(Int, [String])] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var recordLine = 1
    var i = 0
    var quoted = false  // inside a quoted field
    var closed = false  // a quoted field just ended: only a comma or the line's end may follow
    func endField() {
      fields.append(String(field))
      field = String.UnicodeScalarView()
      closed = false
    }
    while i < scalars.count {
      let c = scalars[i]
      if quoted {
        if c == "\"" {
          if i + 1 < scalars.count && scalars[i + 1] == "\"" {
            field.append("\"")
            i += 1
          } else {
            quoted = false
            closed = true
          }
        } else {
          if c == "\n" { line += 1 }
          field.append(c)
        }
      } else if c == "," {
        endField()
      } else if c == "\n" || (c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n") {
        if c == "\r" { i += 1 }
        endField()
        records.append((recordLine, fields))
        fields = []
        line += 1
        recordLine = line
      } else if closed {
        throw Problem(
          line: line, en: "expected a comma or the end of the line after a closing quote",
          ja: "閉じる引用符の後にはカンマか行末が必要です")
      } else if c == "\"" {
        guard field.isEmpty else {
          throw Problem(
            line: line,
            en: "a stray quote: expected a quote only at the start of a field (write it \"\" inside quotes)",
            ja: "余分な引用符があります。引用符はフィールドの先頭にだけ置けます（中では \"\" と書きます）")
        }
        quoted = true
      } else {
        field.append(c)
      }
      i += 1
    }
    if quoted {
      throw Problem(
        line: recordLine, en: "expected a closing quote before the end of the file",
        ja: "引用符が閉じられないままファイルが終わっています")
    }
    if !fields.isEmpty || !field.isEmpty || closed {
      endField()
      records.append((recordLine, fields))
    }
    return records
  }
}
