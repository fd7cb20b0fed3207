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

    public func text(_ language: Language) -> String { language.catalogue.cardFileProblem(reason) }
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
      throw Problem(line: line, reason: .tooManyFields(fields.count))
    }
    var values: [Column: String] = [:]
    for (i, field) in fields.enumerated() where i < columns.count && columns[i] != .ignored {
      let value = field.trimmingCharacters(in: .whitespaces)
      if !CardText.isBlank(value) { values[columns[i]] = value }
    }
    // The core's rule for a card's text, as `cards add` and `cards edit` follow it.
    switch CardText.blankSide(front: values[.front] ?? "", back: values[.back] ?? "") {
    case .front?: throw Problem(line: line, reason: .noFront)
    case .back?: throw Problem(line: line, reason: .noBack)
    case nil: break
    }
    let (front, back) = (values[.front]!, values[.back]!)
    return Row(line: line, front: front, back: back, collection: values[.collection], note: values[.note])
  }

  /// TSV: fields split at tabs, taken as they are (no quoting), one record a line.
  public static func tsvRecords(_ text: String) -> [(Int, [String])] {
    // Split by scalars: as Characters, "\r\n" is one grapheme that is not "\n".
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
      let line = line.last == "\r" ? line.dropLast() : line
      return (i + 1, String(line).split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
    }
  }

  /// CSV per RFC 4180: quoted fields may hold commas, line breaks and doubled quotes.
  public static func csvRecords(_ text: String) throws(Problem) -> [(Int, [String])] {
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
