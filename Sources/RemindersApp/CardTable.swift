import Foundation
import RemindersCore
import RemindersMessages

/// A TSV or CSV file of cards, read into rows; a bad line is a `Problem` naming its line.
public enum CardTable {
  /// One card of the file, and the line it starts on.
  public struct Row: Equatable, Sendable {
    public var line: Int
    public var front: String
    public var back: String
    public var collection: String?
    public var note: String?

    public init(line: Int, front: String, back: String, collection: String? = nil, note: String? = nil) {
      self.line = line
      self.front = front
      self.back = back
      self.collection = collection
      self.note = note
    }
  }

  /// Why a line cannot be read, and where (the caller says it in the session's language).
  public struct Problem: Error, Equatable, Sendable {
    public var line: Int
    public var reason: CardFileProblem

    public init(line: Int, reason: CardFileProblem) {
      self.line = line
      self.reason = reason
    }

    public func text(_ language: Language) -> String { language.words.cardFileProblem(reason) }
  }

  /// A card's identity for skipping duplicates: front, back and collection.
  public static func key(_ front: String, _ back: String, _ collection: String?) -> [String] {
    [front, back, collection ?? ""]
  }

  /// `.csv` by name; otherwise TSV when the file holds a tab, else CSV.
  public static func isCSV(path: String, bytes: [UInt8]) -> Bool {
    if path.lowercased().hasSuffix(".csv") { return true }
    return !bytes.contains(UInt8(ascii: "\t"))
  }

  public enum Column { case front, back, collection, note, ignored }

  /// The columns a header line names, when it is one (it names both front and back).
  public static func header(_ fields: [String]) -> [Column]? {
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

  public static func parse(_ bytes: [UInt8], csv: Bool) throws(Problem) -> [Row] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    // Invalid UTF-8 is named by its line before anything else is read.
    var line = 1
    var start = body.startIndex
    for i in body.indices where body[i] == UInt8(ascii: "\n") || i == body.index(before: body.endIndex) {
      let end = body[i] == UInt8(ascii: "\n") ? i : body.endIndex
      if String(validating: body[start..<end], as: UTF8.self) == nil {
        throw Problem(line: line, reason: .notUTF8)
      }
      line += 1
      start = i + 1
    }
    var text = String(decoding: body, as: UTF8.self)
    // Anki's "Notes in Plain Text" export: `#key:value` lines first, then its rows.
    if let anki = AnkiHeaders(&text) { return try anki.rows(text) }
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
      throw Problem(line: line, reason: .tooManyFields(fields.count))
    }
    var values: [Column: String] = [:]
    for (i, field) in fields.enumerated() where i < columns.count && columns[i] != .ignored {
      let value = field.trimmingCharacters(in: .whitespaces)
      if !CardSides.isBlank(value) { values[columns[i]] = value }
    }
    // The core's rule for a card's text, as `cards add` and `cards edit` follow it.
    switch CardSides.blankSide(front: values[.front] ?? "", back: values[.back] ?? "") {
    case .front?: throw Problem(line: line, reason: .noFront)
    case .back?: throw Problem(line: line, reason: .noBack)
    case nil: break
    }
    let (front, back) = (values[.front]!, values[.back]!)
    return Row(line: line, front: front, back: back, collection: values[.collection], note: values[.note])
  }

  /// TSV: fields split at tabs, taken as they are (no quoting), one record a line; a line ends
  /// at LF, CRLF or a lone CR (old Mac files, and some spreadsheets' exports).
  public static func tsvRecords(_ text: String) -> [(Int, [String])] {
    // By scalars: as Characters, "\r\n" is one grapheme that is neither "\r" nor "\n".
    var lines: [String.UnicodeScalarView] = [.init()]
    var afterCR = false
    for c in text.unicodeScalars {
      defer { afterCR = c == "\r" }
      if c == "\n" && afterCR { continue }
      if c == "\n" || c == "\r" {
        lines.append(.init())
      } else {
        lines[lines.count - 1].append(c)
      }
    }
    return lines.enumerated().map { i, line in
      (i + 1, String(line).split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
    }
  }

  /// CSV per RFC 4180: quoted fields may hold commas, line breaks and doubled quotes.
  /// `delimiter`: what separates fields (Anki's exports quote the same way with a tab).
  public static func csvRecords(_ text: String, delimiter: Unicode.Scalar = ",", firstLine: Int = 1)
    throws(Problem) -> [(Int, [String])]
  {
    let scalars = Array(text.unicodeScalars)
    var records: [(Int, [String])] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = firstLine
    var recordLine = firstLine
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
      } else if c == delimiter {
        endField()
      } else if c == "\n" || c == "\r" {
        // LF, CRLF, or a lone CR ends the record.
        if c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1 }
        endField()
        records.append((recordLine, fields))
        fields = []
        line += 1
        recordLine = line
      } else if closed {
        throw Problem(line: line, reason: .textAfterClosingQuote)
      } else if c == "\"" {
        guard field.isEmpty else {
          throw Problem(line: line, reason: .strayQuote)
        }
        quoted = true
      } else {
        field.append(c)
      }
      i += 1
    }
    if quoted {
      throw Problem(line: recordLine, reason: .unclosedQuote)
    }
    if !fields.isEmpty || !field.isEmpty || closed {
      endField()
      records.append((recordLine, fields))
    }
    return records
  }
}

/// The header lines of Anki's "Notes in Plain Text" export (docs/commands.md): `#separator:tab`,
/// `#html:true`, `#columns:…`, `#deck:NAME`, and the columns that hold each note's deck, tags,
/// note type and GUID (`#deck column:2`, numbered from 1). Its rows are quoted as CSV is, with
/// that separator; the first two other columns are the front and the back, and the deck is
/// the collection. With `#html:true` (Anki's default) the fields' markup is read as text: a
/// line break for `<br>` and `<div>`, no other tag, the entities decoded.
struct AnkiHeaders {
  var separator: Unicode.Scalar = "\t"
  var html = true
  var deck: String?
  var columnNames: [String]?
  /// Columns (from 0) that are no field of the note: deck, tags, note type, GUID.
  var deckColumn: Int?
  var special: Set<Int> = []
  /// The lines the headers took.
  var lines = 0

  /// Reads and removes the header lines at the start of `text`; nil when it starts with none
  /// (the file is read as a plain table then).
  init?(_ text: inout String) {
    var rest = text[...]
    var seen = false
    headers: while rest.hasPrefix("#") {
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      var line = rest[rest.index(after: rest.startIndex)..<end]
      if line.last == "\r" { line = line.dropLast() }
      guard let colon = line.firstIndex(of: ":"), !line[..<colon].contains("\t") else { break }
      let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      let column = Int(value).map { $0 - 1 }
      switch key {
      case "separator":
        let named: [String: Unicode.Scalar] = [
          "tab": "\t", "comma": ",", "semicolon": ";", "space": " ", "pipe": "|", "colon": ":",
        ]
        if let scalar = named[value.lowercased()] {
          separator = scalar
        } else if value.unicodeScalars.count == 1 {
          separator = value.unicodeScalars.first!
        } else {
          return nil
        }
      case "html": html = value.lowercased() == "true"
      case "columns":
        columnNames = value.split(separator: separator == "\t" ? "\t" : Character(separator)).map(String.init)
      case "deck": deck = value.isEmpty ? nil : value
      case "deck column":
        guard let column, column >= 0 else { return nil }
        deckColumn = column
        special.insert(column)
      case "tags column", "notetype column", "guid column":
        guard let column, column >= 0 else { return nil }
        special.insert(column)
      case "tags", "notetype", "if matches", "match scope": break
      default:
        // Not a header: the rows begin (a first field may start with "#").
        guard seen else { return nil }
        break headers
      }
      seen = true
      lines += 1
      rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
    }
    guard seen else { return nil }
    text = String(rest)
  }

  func rows(_ text: String) throws(CardTable.Problem) -> [CardTable.Row] {
    var rows: [CardTable.Row] = []
    // `#columns:` naming the front and the back (our names, or Anki's Front and Back) says where
    // they are; otherwise they are the first two fields of the note.
    let named = columnNames.flatMap(CardTable.header)
    for (line, fields) in try CardTable.csvRecords(text, delimiter: separator, firstLine: lines + 1) {
      if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) && fields.count <= 1 {
        continue
      }
      var columns: [CardTable.Column]
      if let named {
        columns = named
      } else {
        columns = []
        var fieldsSeen = 0
        for i in fields.indices {
          if special.contains(i) {
            columns.append(.ignored)
          } else {
            columns.append(fieldsSeen == 0 ? .front : fieldsSeen == 1 ? .back : .ignored)
            fieldsSeen += 1
          }
        }
      }
      if let deckColumn, deckColumn < columns.count { columns[deckColumn] = .collection }
      let text = fields.map { html ? AnkiHeaders.plain($0) : $0 }
      var row = try CardTable.row(text, columns: columns, line: line, named: true)
      if row.collection == nil { row.collection = deck }
      rows.append(row)
    }
    return rows
  }

  /// A field of Anki's, markup read as text.
  static func plain(_ html: String) -> String {
    var out = ""
    var i = html.startIndex
    while i < html.endIndex {
      let c = html[i]
      if c == "<", let close = html[i...].firstIndex(of: ">") {
        let tag = html[html.index(after: i)..<close].lowercased()
        let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
        if name == "br" || ((name == "div" || name == "p") && !tag.hasPrefix("/") && !out.isEmpty) {
          out.append("\n")
        }
        i = html.index(after: close)
      } else if c == "&", let semi = html[i...].prefix(10).firstIndex(of: ";") {
        let entity = String(html[html.index(after: i)..<semi])
        let named: [String: String] = [
          "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        ]
        if let text = named[entity] {
          out += text
        } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"),
          let n = UInt32(entity.dropFirst(2), radix: 16),
          let scalar = Unicode.Scalar(n)
        {
          out.unicodeScalars.append(scalar)
        } else if entity.hasPrefix("#"), let n = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(n) {
          out.unicodeScalars.append(scalar)
        } else {
          out.append("&")
          i = html.index(after: i)
          continue
        }
        i = html.index(after: semi)
      } else {
        out.append(c)
        i = html.index(after: i)
      }
    }
    return out.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
