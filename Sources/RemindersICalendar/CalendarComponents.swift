/// One content line of a calendar read from text, kept as its unfolded bytes so that it is
/// written back exactly as it was read.
struct Property {
  /// The physical line it starts on (1-based).
  var number: Int
  var bytes: [UInt8]
  /// The name, upper-cased (names are case-insensitive).
  var name: String
  /// The parameters between the name and the value, with their leading `;`.
  var parameters: Range<Int>
  /// Where the value starts: just after the first colon outside a quoted parameter value.
  var valueStart: Int

  init(_ line: ContentLine.Logical) throws(ICalendarError) {
    let bytes = line.bytes
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .malformed(line: line.number, reason: .notUTF8)
    }
    var i = 0
    while i < bytes.count, Property.isNameByte(bytes[i]) { i += 1 }
    guard i > 0 else { throw .malformed(line: line.number, reason: .noName) }
    let nameEnd = i
    var quoted = false
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted, byte == UInt8(ascii: ":") {
        break
      } else if i == nameEnd, byte != UInt8(ascii: ";") {
        throw .malformed(line: line.number, reason: .nameNotFollowed)
      }
      i += 1
    }
    guard i < bytes.count else { throw .malformed(line: line.number, reason: .noColon) }
    self.number = line.number
    self.bytes = bytes
    self.name = String(decoding: bytes[..<nameEnd], as: UTF8.self).uppercased()
    self.parameters = nameEnd..<i
    self.valueStart = i + 1
  }

  /// The raw value, as written (still escaped).
  var value: ArraySlice<UInt8> { bytes[valueStart...] }

  /// The raw value as a string.
  var valueString: String { String(decoding: value, as: UTF8.self) }

  /// The value read as TEXT (unescaped).
  var text: String { ICalText.unescape(bytes: value) }

  /// Whether a parameter named `name` (upper-case) is present.
  func hasParameter(_ name: String) -> Bool {
    let text = String(decoding: bytes[parameters], as: UTF8.self).uppercased()
    return text.contains(";" + name + "=")
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}

/// A component (VCALENDAR, VEVENT, VALARM, …) read from text: its BEGIN and END lines and what
/// lies between them, in order.
struct Component {
  enum Node {
    case property(Property)
    case component(Component)
  }

  /// The name, upper-cased.
  var name: String
  var begin: Property
  var end: Property
  var nodes: [Node]

  /// The first property named `name` (upper-case) directly inside this component.
  func property(_ name: String) -> Property? {
    for case .property(let property) in nodes where property.name == name { return property }
    return nil
  }

  /// How deep components may nest. RFC 5545 and its extensions nest four deep at most
  /// (VCALENDAR, VEVENT, VALARM, and a VLOCATION in it); the bound keeps the writer's recursion,
  /// and the release of a parsed tree, far from the end of the stack whatever a file holds.
  static let maxDepth = 32

  /// Reads every top-level component of `lines`.
  ///
  /// With `calendarsOnly`, each top-level component must be a VCALENDAR, as in an .ics file.
  static func parse(_ lines: [ContentLine.Logical], calendarsOnly: Bool) throws(ICalendarError) -> [Component]
  {
    var open: [Component] = []
    var done: [Component] = []
    for line in lines {
      let property = try Property(line)
      switch property.name {
      case "BEGIN":
        let name = property.valueString.uppercased()
        guard !name.isEmpty else {
          throw .malformed(line: line.number, reason: .beginWithoutName)
        }
        if open.isEmpty, calendarsOnly, name != "VCALENDAR" {
          throw .malformed(
            line: line.number, reason: .notACalendar(found: excerpt(name)))
        }
        guard open.count < maxDepth else {
          throw .malformed(
            line: line.number,
            reason: .tooDeep(name: excerpt(name), depth: maxDepth))
        }
        open.append(Component(name: name, begin: property, end: property, nodes: []))
      case "END":
        let name = property.valueString.uppercased()
        guard var component = open.popLast() else {
          throw .malformed(line: line.number, reason: .endWithoutBegin(name: excerpt(name)))
        }
        guard component.name == name else {
          throw .malformed(
            line: line.number,
            reason: .endMismatch(
              name: excerpt(name), open: excerpt(component.name), line: component.begin.number))
        }
        component.end = property
        if open.isEmpty {
          done.append(component)
        } else {
          open[open.count - 1].nodes.append(.component(component))
        }
      default:
        guard !open.isEmpty else {
          throw .malformed(
            line: line.number,
            reason: done.isEmpty ? .beforeCalendar : .afterEnd(name: done[done.count - 1].name))
        }
        open[open.count - 1].nodes.append(.property(property))
      }
    }
    if let component = open.last {
      throw .malformed(
        line: component.begin.number, reason: .neverClosed(name: excerpt(component.name)))
    }
    return done
  }

  /// A component name read from a file as a message shows it: invisible characters escaped, and
  /// cut at 80 characters shown, so that the message stays one short line whatever the file holds.
  static func excerpt(_ name: String) -> String {
    var out = ""
    var width = 0
    for scalar in name.unicodeScalars {
      var piece = String(scalar)
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
        piece = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: break
      }
      let pieceWidth = piece.unicodeScalars.count
      guard width + pieceWidth <= 80 else { return out + "…" }
      out += piece
      width += pieceWidth
    }
    return out
  }

  /// Writes the component back, each content line as it was read, folded and ended with CRLF.
  func write(into writer: inout ContentWriter) {
    writer.raw(begin.bytes)
    writer.endLine()
    for node in nodes {
      switch node {
      case .property(let property):
        writer.raw(property.bytes)
        writer.endLine()
      case .component(let component):
        component.write(into: &writer)
      }
    }
    writer.raw(end.bytes)
    writer.endLine()
  }
}
