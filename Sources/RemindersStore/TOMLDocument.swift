import Foundation
import RemindersMessages

/// A TOML document read with the place of every key and value in its bytes: the one reader of the
/// config file, which every command takes its settings from (`Configuration.parse`) and
/// `reminders config show/set/unset` edit through (docs/configuration.md, "Changing settings").
///
/// No Swift package on the lists this project draws from parses TOML with source spans
/// (docs/decisions.md), and an editor that keeps every other byte must know where each statement
/// starts and ends, so this reader follows TOML 1.0 itself: tables, arrays of tables, dotted and
/// quoted keys, inline tables, arrays, the four kinds of string (multi-line too), integers (64
/// bits), floats, booleans, dates and times (checked to exist), comments, a byte-order mark and
/// CR LF line ends. Whatever TOML 1.0 forbids is refused at its place, with what was expected
/// there (`TOMLProblem`); a control character other than tab and the line ends, anywhere, is
/// refused as one (`ConfigProblem.controlCharacter`).
public struct TOMLDocument: Sendable {
  /// A value as TOML gives it.
  public indirect enum Value: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    /// An offset or local date-time, a local date or a local time, as written (`T` for a space).
    case dateTime(String)
    case array([Value])
    /// A table: its keys in the order the file gives them.
    case table([(String, Value)])

    public static func == (a: Value, b: Value) -> Bool {
      switch (a, b) {
      case (.string(let x), .string(let y)): x == y
      case (.integer(let x), .integer(let y)): x == y
      case (.float(let x), .float(let y)): x == y || (x.isNaN && y.isNaN)
      case (.boolean(let x), .boolean(let y)): x == y
      case (.dateTime(let x), .dateTime(let y)): x == y
      case (.array(let x), .array(let y)): x == y
      case (.table(let x), .table(let y)):
        x.count == y.count
          && Dictionary(x, uniquingKeysWith: { a, _ in a }) == Dictionary(y, uniquingKeysWith: { a, _ in a })
      default: false
      }
    }

    /// The value under `key` of a table.
    public subscript(key: String) -> Value? {
      guard case .table(let pairs) = self else { return nil }
      return pairs.first { $0.0 == key }?.1
    }
  }

  /// Why the bytes are not TOML, and where (a byte offset into them).
  public struct Failure: Error, Equatable, Sendable {
    public var offset: Int
    /// `.syntax`, or the text-wide problems `.controlCharacter`, `.tableName` and `.arrayValue`.
    public var problem: ConfigProblem
  }

  /// One `key = value`, written as a statement of its own or inside an inline table.
  public struct Entry: Sendable {
    /// The whole key, from the top of the document (`["daily", "time"]`).
    public var path: [String]
    /// The key as written, its dotted parts and the blanks between them.
    public var keySpan: Range<Int>
    /// The value as written.
    public var valueSpan: Range<Int>
    /// A statement: from the start of its first line to just past its last line's end (its
    /// comment and line end included). Inside an inline table: the key and the value.
    public var statementSpan: Range<Int>
    /// The inline table the entry is written in (that table's entry), nil for a statement.
    public var inlineTable: Int?
    /// The header the statement is under (an index into `headers`), nil at the top.
    public var section: Int?
    /// The number of parts of `path` the key itself writes (more than one: a dotted key).
    public var keyParts: Int
    public var value: Value
  }

  /// A `[table]` or `[[array of tables]]` header.
  public struct Header: Sendable {
    public var path: [String]
    /// The header's line, its line end included.
    public var span: Range<Int>
    public var isArray: Bool
  }

  /// How a table came to be.
  public enum Definition: Equatable, Sendable {
    /// The document itself.
    case root
    /// By its header (an index into `headers`).
    case header(Int)
    /// As the parent of a header's table, or of an array of tables (`[a.b]` makes `a`).
    case implied
    /// By a dotted key (`a.b = 1` makes `a`); the last statement that adds to it.
    case dotted(lastEntry: Int)
    /// As an inline table (the entry `key = { … }`).
    case inline(entry: Int)
    /// Under an array of tables: a key through it is not a setting.
    case arrayOfTables
  }

  /// What a key path names in the document.
  public enum Found: Equatable, Sendable {
    /// A value written `key = value`: an entry.
    case entry(Int)
    /// A table, and how it was defined.
    case table(Definition)
  }

  public let bytes: [UInt8]
  public private(set) var entries: [Entry] = []
  public private(set) var headers: [Header] = []
  /// Where the first byte after a byte-order mark is.
  public private(set) var start = 0

  struct Node: Sendable {
    enum Kind: Sendable {
      case table(Definition)
      case arrayOfTables([Int])
      case leaf
    }
    var kind: Kind
    var children: [String: Int] = [:]
    var order: [String] = []
    var entry: Int?
    /// The keys from the top to it (an array of tables' elements: the array's).
    var path: [String] = []
  }

  var nodes: [Node] = [Node(kind: .table(.root))]

  /// The document of `bytes` (UTF-8, checked by the caller); `Failure` where it is no TOML.
  public init(_ bytes: [UInt8]) throws(Failure) {
    var parser = Parser(bytes: bytes, document: TOMLDocument(empty: bytes))
    try parser.readDocument()
    self = parser.document
  }

  private init(empty bytes: [UInt8]) { self.bytes = bytes }

  /// The document's values, as one table.
  public var root: Value { value(of: 0) }

  func value(of node: Int) -> Value {
    let n = nodes[node]
    switch n.kind {
    case .leaf: return entries[n.entry!].value
    case .arrayOfTables(let elements): return .array(elements.map(value(of:)))
    case .table: return .table(n.order.map { ($0, value(of: n.children[$0]!)) })
    }
  }

  /// What `path` names: an entry, a table (and how it was made), or nothing (nil).
  public func find(_ path: [String]) -> Found? {
    var node = 0
    for name in path {
      guard let child = nodes[node].children[name] else { return nil }
      if case .arrayOfTables = nodes[child].kind { return .table(.arrayOfTables) }
      node = child
    }
    let n = nodes[node]
    // A value written `key = value`, an inline table too.
    if let entry = n.entry { return .entry(entry) }
    switch n.kind {
    case .leaf: return .entry(n.entry!)
    case .arrayOfTables: return .table(.arrayOfTables)
    case .table(let definition): return .table(definition)
    }
  }

  /// The value at `path`, nil where the document has none.
  public func value(at path: [String]) -> Value? {
    var node = 0
    for name in path {
      guard let child = nodes[node].children[name] else { return nil }
      node = child
    }
    return value(of: node)
  }

  /// The bytes of `span` as text.
  public func text(_ span: Range<Int>) -> String { String(decoding: bytes[span], as: UTF8.self) }

  /// Whether `text` is exactly one TOML value, and nothing after it but blanks.
  public static func isOneValue(_ text: String) -> Bool {
    let source = Array(("v = " + text).utf8)
    guard let document = try? TOMLDocument(source), document.entries.count >= 1,
      document.headers.isEmpty, let first = document.entries.first, first.path == ["v"]
    else { return false }
    // Nothing but blanks after the value: no comment, no second statement.
    return document.entries.allSatisfy { $0.inlineTable != nil || $0.path == ["v"] }
      && source[first.valueSpan.upperBound...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}

// MARK: The reader

extension TOMLDocument {
  /// How deep arrays and inline tables may nest (the reader recurses once a level).
  static let deepest = 128

  struct Parser {
    let bytes: [UInt8]
    var document: TOMLDocument
    var i = 0
    var depth = 0

    init(bytes: [UInt8], document: TOMLDocument) {
      self.bytes = bytes
      self.document = document
    }

    /// The failure at `offset` (else here): `problem`, unless a control character stands there,
    /// which is what is wrong then.
    func fail(_ problem: ConfigProblem, at offset: Int? = nil) -> Failure {
      let at = min(offset ?? i, bytes.count)
      if at < bytes.count, Self.isControl(bytes, at) {
        return Failure(offset: at, problem: .controlCharacter(bytes[at]))
      }
      return Failure(offset: at, problem: problem)
    }

    func fail(_ problem: TOMLProblem, at offset: Int? = nil) -> Failure { fail(.syntax(problem), at: offset) }

    /// Whether the byte at `at` is a control character TOML allows nowhere: any but tab, LF and
    /// the CR of a CR LF.
    static func isControl(_ bytes: [UInt8], _ at: Int) -> Bool {
      let b = bytes[at]
      guard b < 0x20 || b == 0x7F, b != 0x09, b != 0x0A else { return false }
      return !(b == 0x0D && at + 1 < bytes.count && bytes[at + 1] == 0x0A)
    }

    /// A name of the document for a message: its keys as a message names them (`ErrorText.key`),
    /// dotted, cut after `ErrorText.limit` characters.
    static func name<S: Sequence<String>>(_ path: S) -> String {
      let text = path.map(ErrorText.key).joined(separator: ".")
      guard text.unicodeScalars.count > ErrorText.limit else { return text }
      var cut = String.UnicodeScalarView()
      cut.append(contentsOf: text.unicodeScalars.prefix(ErrorText.limit))
      return String(cut) + "…"
    }

    var atEnd: Bool { i >= bytes.count }
    var byte: UInt8 { bytes[i] }

    func peek(_ k: Int) -> UInt8? { i + k < bytes.count ? bytes[i + k] : nil }

    mutating func skipBlanks() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
    }

    /// A line end (LF or CR LF) at `i`: its length, else 0.
    func lineEnd() -> Int {
      guard i < bytes.count else { return 0 }
      if bytes[i] == 0x0A { return 1 }
      if bytes[i] == 0x0D, peek(1) == 0x0A { return 2 }
      return 0
    }

    /// A comment at `i`, to its line end (which stays).
    mutating func skipComment() throws(Failure) {
      guard i < bytes.count, bytes[i] == UInt8(ascii: "#") else { return }
      while i < bytes.count, lineEnd() == 0 {
        let b = bytes[i]
        if (b < 0x20 && b != 0x09) || b == 0x7F { throw fail(.controlCharacter(b)) }
        i += 1
      }
    }

    /// Blanks, a comment, then the line's end (or the file's).
    mutating func endOfLine() throws(Failure) {
      skipBlanks()
      try skipComment()
      guard !atEnd else { return }
      let end = lineEnd()
      guard end > 0 else { throw fail(.lineEnd) }
      i += end
    }

    /// Blanks, line ends and comments, inside an array.
    mutating func skipSpaceInArray() throws(Failure) {
      while i < bytes.count {
        skipBlanks()
        try skipComment()
        let end = lineEnd()
        if end == 0 { return }
        i += end
      }
    }

    mutating func readDocument() throws(Failure) {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
      document.start = i
      var table = 0
      var section: Int?
      while !atEnd {
        let lineStart = i
        skipBlanks()
        if atEnd { break }
        if byte == UInt8(ascii: "#") || lineEnd() > 0 {
          try endOfLine()
          continue
        }
        if byte == UInt8(ascii: "[") {
          (table, section) = try header(lineStart: lineStart)
          continue
        }
        let entry = try keyValue(in: table, section: section, inline: nil)
        try endOfLine()
        document.entries[entry].statementSpan = lineStart..<i
      }
    }

    // MARK: Keys

    static func isBare(_ b: UInt8) -> Bool {
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
        true
      default: false
      }
    }

    /// A dotted key: its parts, and its span. `header`: a table's name, whose missing part is
    /// `.tableName`.
    mutating func key(header: Bool = false) throws(Failure) -> (parts: [String], span: Range<Int>) {
      let start = i
      var parts: [String] = []
      let missing: ConfigProblem = header ? .tableName : .syntax(.key)
      while true {
        skipBlanks()
        guard !atEnd else { throw fail(missing) }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          if peek(1) == byte, peek(2) == byte { throw fail(.multiLineKey) }
          parts.append(try string())
        } else {
          let from = i
          while i < bytes.count, Self.isBare(bytes[i]) { i += 1 }
          guard i > from else { throw fail(missing) }
          parts.append(String(decoding: bytes[from..<i], as: UTF8.self))
        }
        let end = i
        skipBlanks()
        guard !atEnd, byte == UInt8(ascii: ".") else {
          i = end
          return (parts, start..<end)
        }
        i += 1
      }
    }

    // MARK: Tables

    mutating func header(lineStart: Int) throws(Failure) -> (table: Int, section: Int) {
      let isArray = peek(1) == UInt8(ascii: "[")
      i += isArray ? 2 : 1
      let (parts, _) = try key(header: true)
      skipBlanks()
      guard !atEnd, byte == UInt8(ascii: "]") else { throw fail(.headerClose(arrayOfTables: isArray)) }
      i += 1
      if isArray {
        guard !atEnd, byte == UInt8(ascii: "]") else { throw fail(.headerClose(arrayOfTables: true)) }
        i += 1
      }
      let index = document.headers.count
      // The tables on the way: made as parents where missing; through an array of tables, its last.
      var node = 0
      for (k, name) in parts.dropLast().enumerated() {
        if let child = document.nodes[node].children[name] {
          switch document.nodes[child].kind {
          case .arrayOfTables(let elements): node = elements.last!
          case .table(.inline), .leaf: throw fail(.closedTable(Self.name(parts.prefix(k + 1))), at: lineStart)
          case .table: node = child
          }
        } else {
          node = add(name, Node(kind: .table(.implied)), to: node)
        }
      }
      let name = parts.last!
      let table: Int
      if isArray {
        var elementNode = Node(kind: .table(.header(index)))
        elementNode.path = document.nodes[node].path + [name]
        let element = appendNode(elementNode)
        if let child = document.nodes[node].children[name] {
          guard case .arrayOfTables(var elements) = document.nodes[child].kind else {
            throw fail(.notArrayOfTables(Self.name(parts)), at: lineStart)
          }
          elements.append(element)
          document.nodes[child].kind = .arrayOfTables(elements)
        } else {
          _ = add(name, Node(kind: .arrayOfTables([element])), to: node)
        }
        table = element
      } else if let child = document.nodes[node].children[name] {
        guard case .table(.implied) = document.nodes[child].kind else {
          throw fail(.duplicateTable(Self.name(parts)), at: lineStart)
        }
        document.nodes[child].kind = .table(.header(index))
        table = child
      } else {
        table = add(name, Node(kind: .table(.header(index))), to: node)
      }
      try endOfLine()
      document.headers.append(Header(path: parts, span: lineStart..<i, isArray: isArray))
      return (table, index)
    }

    mutating func appendNode(_ node: Node) -> Int {
      document.nodes.append(node)
      return document.nodes.count - 1
    }

    mutating func add(_ name: String, _ node: Node, to parent: Int) -> Int {
      var node = node
      node.path = document.nodes[parent].path + [name]
      let child = appendNode(node)
      document.nodes[parent].children[name] = child
      document.nodes[parent].order.append(name)
      return child
    }

    /// `key = value` in the table `table`: its entry. `inline`: the inline table's entry, whose
    /// tables may not be added to from outside.
    mutating func keyValue(in table: Int, section: Int?, inline: Int?) throws(Failure) -> Int {
      let (parts, keySpan) = try key()
      skipBlanks()
      guard !atEnd, byte == UInt8(ascii: "=") else { throw fail(.equals) }
      i += 1
      skipBlanks()
      let entry = document.entries.count
      var node = table
      var fullPath = document.nodes[table].path
      for (k, name) in parts.dropLast().enumerated() {
        fullPath.append(name)
        if let child = document.nodes[node].children[name] {
          switch (document.nodes[child].kind, inline) {
          case (.table(.dotted), nil), (.table(.implied), nil):
            // A statement's dotted key adds to a table made by dotted keys.
            document.nodes[child].kind = .table(.dotted(lastEntry: entry))
          case (.table(.inline(let made)), let inline?) where made == inline:
            // Inside an inline table, to a table an earlier dotted key of it made.
            break
          default:
            throw fail(
              .closedTable(Self.name(document.nodes[table].path + parts.prefix(k + 1))),
              at: keySpan.lowerBound)
          }
          node = child
        } else {
          let kind: Definition = inline.map { .inline(entry: $0) } ?? .dotted(lastEntry: entry)
          node = add(name, Node(kind: .table(kind)), to: node)
        }
      }
      let name = parts.last!
      fullPath.append(name)
      guard document.nodes[node].children[name] == nil else {
        throw fail(.duplicateKey(Self.name(fullPath)), at: keySpan.lowerBound)
      }
      let leaf = add(name, Node(kind: .leaf, entry: entry), to: node)
      document.entries.append(
        Entry(
          path: fullPath, keySpan: keySpan, valueSpan: i..<i, statementSpan: keySpan.lowerBound..<i,
          inlineTable: inline, section: section, keyParts: parts.count, value: .boolean(false)))
      let valueStart = i
      if !atEnd, byte == UInt8(ascii: "{") {
        document.nodes[leaf].kind = .table(.inline(entry: entry))
        try inlineTable(leaf, entry: entry)
        document.entries[entry].value = document.value(of: leaf)
      } else {
        document.entries[entry].value = try value()
      }
      document.entries[entry].valueSpan = valueStart..<i
      if inline != nil { document.entries[entry].statementSpan = keySpan.lowerBound..<i }
      return entry
    }

    /// `{ … }` at `i`, into the node `table`; `entry` is its own (-1 in an array, whose inline
    /// tables are values only).
    mutating func inlineTable(_ table: Int, entry: Int) throws(Failure) {
      depth += 1
      defer { depth -= 1 }
      guard depth <= TOMLDocument.deepest else { throw fail(.nesting(levels: TOMLDocument.deepest)) }
      i += 1
      skipBlanks()
      if !atEnd, byte == UInt8(ascii: "}") {
        i += 1
        return
      }
      while true {
        _ = try keyValue(in: table, section: nil, inline: entry)
        skipBlanks()
        guard !atEnd else { throw fail(.inlineTableSeparator) }
        if byte == UInt8(ascii: ",") {
          i += 1
          skipBlanks()
          continue
        }
        guard byte == UInt8(ascii: "}") else { throw fail(.inlineTableSeparator) }
        i += 1
        return
      }
    }

    // MARK: Values

    mutating func value() throws(Failure) -> Value {
      guard !atEnd else { throw fail(.value(got: nil)) }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try string())
      case UInt8(ascii: "["): return try array()
      case UInt8(ascii: "{"):
        // An inline table inside an array: a table of its own, not part of the document's tree.
        let node = appendNode(Node(kind: .table(.inline(entry: -1))))
        let mark = document.entries.count
        try inlineTable(node, entry: -1)
        let value = document.value(of: node)
        document.entries.removeSubrange(mark...)
        return value
      case UInt8(ascii: "t"), UInt8(ascii: "f"):
        for (word, flag) in [("true", true), ("false", false)] where bytes[i...].starts(with: word.utf8) {
          let end = i + word.utf8.count
          guard end == bytes.count || !Self.isBare(bytes[end]) else { break }
          i = end
          return .boolean(flag)
        }
        return try number()
      default: return try number()
      }
    }

    mutating func array() throws(Failure) -> Value {
      depth += 1
      defer { depth -= 1 }
      guard depth <= TOMLDocument.deepest else { throw fail(.nesting(levels: TOMLDocument.deepest)) }
      i += 1
      var items: [Value] = []
      while true {
        try skipSpaceInArray()
        guard !atEnd else { throw fail(.arrayValue) }
        if byte == UInt8(ascii: "]") {
          i += 1
          return .array(items)
        }
        // A `}` (or `,`, `=`…) where an item goes: no value starts so.
        guard Self.startsValue(byte) else { throw fail(.arrayValue) }
        items.append(try value())
        try skipSpaceInArray()
        guard !atEnd else { throw fail(.arraySeparator) }
        if byte == UInt8(ascii: ",") {
          i += 1
        } else if byte != UInt8(ascii: "]") {
          throw fail(.arraySeparator)
        }
      }
    }

    /// Whether a value may start with `b`: a quote, a bracket, a brace, a letter (`true`, `inf`…),
    /// a digit or a sign.
    static func startsValue(_ b: UInt8) -> Bool {
      switch b {
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "+"),
        UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"):
        true
      default: false
      }
    }

    /// A string of any of the four kinds at `i`.
    mutating func string() throws(Failure) -> String {
      let quote = byte
      let basic = quote == UInt8(ascii: "\"")
      let multiLine = peek(1) == quote && peek(2) == quote
      let opening = i
      i += multiLine ? 3 : 1
      if multiLine {
        i += lineEnd()
      }
      var out: [UInt8] = []
      while true {
        guard !atEnd else { throw fail(.unclosedString, at: opening) }
        let b = byte
        if b == quote {
          if !multiLine {
            i += 1
            break
          }
          var run = 0
          while i + run < bytes.count, bytes[i + run] == quote { run += 1 }
          if run >= 3 {
            guard run <= 5 else { throw fail(.closingQuotes, at: i + 5) }
            out += Array(repeating: quote, count: run - 3)
            i += run
            break
          }
          out += Array(repeating: quote, count: run)
          i += run
          continue
        }
        let end = lineEnd()
        if end > 0 {
          guard multiLine else { throw fail(.unclosedString, at: opening) }
          // A line end in a multi-line string is LF (TOML lets a reader normalize it).
          out.append(0x0A)
          i += end
          continue
        }
        if (b < 0x20 && b != 0x09) || b == 0x7F { throw fail(.controlCharacter(b)) }
        if basic && b == UInt8(ascii: "\\") {
          try escape(into: &out, multiLine: multiLine)
          continue
        }
        out.append(b)
        i += 1
      }
      return String(decoding: out, as: UTF8.self)
    }

    mutating func escape(into out: inout [UInt8], multiLine: Bool) throws(Failure) {
      let at = i
      i += 1
      guard !atEnd else { throw fail(.unclosedString, at: at) }
      let simple: [UInt8: UInt8] = [
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "f"): 0x0C,
        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C,
      ]
      if let c = simple[byte] {
        out.append(c)
        i += 1
        return
      }
      if byte == UInt8(ascii: "u") || byte == UInt8(ascii: "U") {
        let count = byte == UInt8(ascii: "u") ? 4 : 8
        guard i + count < bytes.count,
          let code = UInt32(String(decoding: bytes[(i + 1)...(i + count)], as: UTF8.self), radix: 16),
          bytes[(i + 1)...(i + count)].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }),
          let scalar = Unicode.Scalar(code)
        else { throw fail(.unicodeEscape, at: at) }
        out += Array(String(Character(scalar)).utf8)
        i += count + 1
        return
      }
      if multiLine {
        // A backslash at a line's end: the line end and the blanks after it vanish.
        var k = i
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        let save = i
        i = k
        if lineEnd() > 0 {
          while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || lineEnd() > 0 {
            i += max(lineEnd(), 1)
          }
          return
        }
        i = save
      }
      throw fail(.escape, at: at)
    }

    /// An integer, a float, a date or a time at `i`.
    mutating func number() throws(Failure) -> Value {
      let start = i
      while i < bytes.count {
        let b = bytes[i]
        if Self.isBare(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") {
          i += 1
        } else if b == 0x20, i - start == 10, peek(1).map(Self.isDigit) == true,
          peek(2).map(Self.isDigit) == true,
          peek(3) == UInt8(ascii: ":")
        {
          // `1979-05-27 07:32:00`: a space between date and time.
          i += 1
        } else {
          break
        }
      }
      let token = String(decoding: bytes[start..<i], as: UTF8.self)
      guard !token.isEmpty else { throw fail(.value(got: nil)) }
      if let value = Self.number(token) { return value }
      let got = ErrorText.oneLine(token, limit: 40)
      let first = bytes[start]
      if Self.looksLikeDateTime(bytes[start..<i]) { throw fail(.dateTime(got: got), at: start) }
      if Self.isOutOfRange(token) { throw fail(.integerRange(got: got), at: start) }
      if Self.isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        || first == UInt8(ascii: ".")
      {
        throw fail(.number(got: got), at: start)
      }
      throw fail(.value(got: got), at: start)
    }

    /// Whether `token` starts as a date (`dddd-`) or a time (`dd:`) does.
    static func looksLikeDateTime(_ token: ArraySlice<UInt8>) -> Bool {
      let s = Array(token)
      if s.count > 4, s[0..<4].allSatisfy(isDigit), s[4] == UInt8(ascii: "-") { return true }
      return s.count > 2 && s[0..<2].allSatisfy(isDigit) && s[2] == UInt8(ascii: ":")
    }

    /// Whether `token` is a whole number as TOML writes one, but outside 64 bits.
    static func isOutOfRange(_ token: String) -> Bool {
      var body = Substring(token)
      if let f = body.first, f == "+" || f == "-" { body = body.dropFirst() }
      if token.first != "+", token.first != "-", body.count > 2, body.first == "0",
        let base = ["x": 16, "o": 8, "b": 2][body.dropFirst().first!]
      {
        return digits(body.dropFirst(2)) {
          $0.isASCII && $0.isHexDigit && Int(String($0), radix: base) != nil
        }
          != nil
      }
      guard let whole = digits(body, allowed: { $0.isASCII && $0.isNumber }) else { return false }
      return whole == "0" || whole.first != "0"
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Digits with single underscores between them (`1_000`), in `allowed`.
    static func digits(_ s: Substring, allowed: (Character) -> Bool) -> String? {
      guard let first = s.first, let last = s.last, first != "_", last != "_", !s.contains("__") else {
        return nil
      }
      let plain = s.filter { $0 != "_" }
      return plain.allSatisfy(allowed) ? String(plain) : nil
    }

    static func number(_ token: String) -> Value? {
      var body = Substring(token)
      var sign = ""
      if let f = body.first, f == "+" || f == "-" {
        sign = String(f)
        body = body.dropFirst()
      }
      switch body {
      case "inf": return .float(sign == "-" ? -.infinity : .infinity)
      case "nan": return .float(.nan)
      default: break
      }
      let decimal: (Character) -> Bool = { $0.isASCII && $0.isNumber }
      if sign.isEmpty, body.count > 2, body.first == "0",
        let base = ["x": 16, "o": 8, "b": 2][body.dropFirst().first!]
      {
        let allowed: (Character) -> Bool = {
          $0.isASCII && $0.isHexDigit && Int(String($0), radix: base) != nil
        }
        guard let digits = digits(body.dropFirst(2), allowed: allowed), let n = Int64(digits, radix: base)
        else {
          return nil
        }
        return .integer(n)
      }
      if let dateTime = dateTime(token) { return .dateTime(dateTime) }
      // Decimal: an integer part without leading zeros, then a fraction or an exponent for a float.
      var mantissa = body
      var exponent: Substring?
      if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        mantissa = body[..<e]
        exponent = body[body.index(after: e)...]
      }
      var integer = mantissa
      var fraction: Substring?
      if let dot = mantissa.firstIndex(of: ".") {
        integer = mantissa[..<dot]
        fraction = mantissa[mantissa.index(after: dot)...]
      }
      guard let whole = digits(integer, allowed: decimal), whole == "0" || whole.first != "0" else {
        return nil
      }
      if fraction == nil && exponent == nil {
        return Int64(sign + whole).map(Value.integer)
      }
      var text = sign + whole
      if let fraction {
        guard let f = digits(fraction, allowed: decimal) else { return nil }
        text += "." + f
      }
      if var exponent {
        var expSign = ""
        if let f = exponent.first, f == "+" || f == "-" {
          expSign = String(f)
          exponent = exponent.dropFirst()
        }
        guard let x = digits(exponent, allowed: decimal) else { return nil }
        text += "e" + expSign + x
      }
      return Double(text).map(Value.float)
    }

    /// The days of `month` (1…12) in `year`, by the Gregorian calendar's leap years.
    static func daysIn(month: Int, of year: Int) -> Int {
      switch month {
      case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    }

    /// A date-time, date or time in RFC 3339's forms as TOML allows them, else nil: a date that
    /// exists, hours 00–23, minutes and seconds 00–59 (no leap second, which no clock here keeps).
    static func dateTime(_ token: String) -> String? {
      let s = Array(token.utf8)
      func number(_ at: Int, _ count: Int) -> Int? {
        guard at + count <= s.count, s[at..<(at + count)].allSatisfy(isDigit) else { return nil }
        return Int(String(decoding: s[at..<(at + count)], as: UTF8.self))
      }
      func time(_ at: Int) -> Int? {
        guard let h = number(at, 2), h < 24, at + 2 < s.count, s[at + 2] == UInt8(ascii: ":"),
          let m = number(at + 3, 2), m < 60, at + 5 < s.count, s[at + 5] == UInt8(ascii: ":"),
          let sec = number(at + 6, 2), sec < 60
        else { return nil }
        var k = at + 8
        if k < s.count, s[k] == UInt8(ascii: ".") {
          k += 1
          let digits = k
          while k < s.count, isDigit(s[k]) { k += 1 }
          guard k > digits else { return nil }
        }
        return k
      }
      var k: Int
      if let y = number(0, 4), y >= 0, s.count >= 10, s[4] == UInt8(ascii: "-"), let mo = number(5, 2),
        (1...12).contains(mo), s[7] == UInt8(ascii: "-"), let d = number(8, 2),
        (1...daysIn(month: mo, of: y)).contains(d)
      {
        k = 10
        if k == s.count { return token }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(s[k]), let end = time(k + 1) else {
          return nil
        }
        k = end
        if k < s.count {
          if s[k] == UInt8(ascii: "Z") || s[k] == UInt8(ascii: "z") {
            k += 1
          } else if s[k] == UInt8(ascii: "+") || s[k] == UInt8(ascii: "-") {
            guard let h = number(k + 1, 2), h < 24, k + 3 < s.count, s[k + 3] == UInt8(ascii: ":"),
              let m = number(k + 4, 2), m < 60
            else { return nil }
            k += 6
          }
        }
      } else if let end = time(0) {
        k = end
      } else {
        return nil
      }
      guard k == s.count else { return nil }
      var normal = token
      if normal.count > 10, normal.utf8.count > 10 {
        let at = normal.index(normal.startIndex, offsetBy: 10)
        if normal[at] == " " || normal[at] == "t" { normal.replaceSubrange(at...at, with: "T") }
      }
      return normal
    }
  }
}
