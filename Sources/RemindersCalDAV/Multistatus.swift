import RemindersApp

/// The `href` and `getetag` of each `response` of a WebDAV multistatus (RFC 4918 §13), the one
/// XML answer a sync reads.
///
/// Written by hand: Foundation's XMLParser lives in FoundationXML, which links libxml2 into every
/// start of the binary (and into the package's dependencies), and the listed XML libraries are
/// built on it. A multistatus needs no more than its elements' local names and text: namespace
/// prefixes are ignored (servers write `D:`, `d:`, `ns0:` or none), comments, processing
/// instructions and declarations skipped, CDATA and the five entities and numeric references
/// read.
enum Multistatus {
  struct Entry: Equatable {
    var href: String
    var etag: String?
  }

  static func entries(_ bytes: [UInt8]) throws -> [Entry] {
    var entries: [Entry] = []
    var i = 0
    var text: [UInt8] = []
    var inResponse = false
    var href: String?
    var etag: String?
    var sawMultistatus = false
    func starts(_ prefix: String, at index: Int) -> Bool {
      let p = Array(prefix.utf8)
      return index + p.count <= bytes.count && Array(bytes[index..<(index + p.count)]) == p
    }
    func find(_ needle: String, from index: Int) -> Int? {
      let n = Array(needle.utf8)
      var j = index
      while j + n.count <= bytes.count {
        if bytes[j] == n[0], Array(bytes[j..<(j + n.count)]) == n { return j }
        j += 1
      }
      return nil
    }
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "<") else {
        text.append(bytes[i])
        i += 1
        continue
      }
      if starts("<!--", at: i) {
        guard let end = find("-->", from: i + 4) else {
          throw CalendarFault.badAnswer(.commentNotClosed)
        }
        i = end + 3
        continue
      }
      if starts("<![CDATA[", at: i) {
        guard let end = find("]]>", from: i + 9) else {
          throw CalendarFault.badAnswer(.cdataNotClosed)
        }
        // Its text as it is: an `&` in it is no reference, so it is written as one here.
        for byte in bytes[(i + 9)..<end] {
          if byte == UInt8(ascii: "&") { text += Array("&amp;".utf8) } else { text.append(byte) }
        }
        i = end + 3
        continue
      }
      guard let close = find(">", from: i + 1) else {
        throw CalendarFault.badAnswer(.tagNotClosed)
      }
      let tag = bytes[(i + 1)..<close]
      i = close + 1
      guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
      let closing = first == UInt8(ascii: "/")
      let selfClosing = tag.last == UInt8(ascii: "/")
      let nameBytes = tag.drop { $0 == UInt8(ascii: "/") }.prefix {
        $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "/") && $0 != 9 && $0 != 10 && $0 != 13
      }
      let qualified = String(decoding: nameBytes, as: UTF8.self)
      let name = qualified.split(separator: ":").last.map(String.init) ?? qualified
      if name == "multistatus" { sawMultistatus = true }
      if !closing {
        text.removeAll()
        if name == "response", !selfClosing {
          inResponse = true
          href = nil
          etag = nil
        }
        continue
      }
      let value = try decode(text)
      text.removeAll()
      switch name {
      case "href" where inResponse && href == nil: href = value.trimmingCharacters()
      case "getetag" where inResponse:
        let trimmed = value.trimmingCharacters()
        etag = trimmed.isEmpty ? nil : trimmed
      case "response" where inResponse:
        inResponse = false
        guard let href else { throw CalendarFault.badAnswer(.responseWithoutHref) }
        entries.append(Entry(href: href, etag: etag))
      default: break
      }
    }
    guard sawMultistatus else { throw CalendarFault.badAnswer(.noMultistatus) }
    return entries
  }

  /// Text with its entity and character references read.
  static func decode(_ bytes: [UInt8]) throws -> String {
    guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "&") else {
        out.append(bytes[i])
        i += 1
        continue
      }
      guard let semicolon = bytes[i...].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else {
        throw CalendarFault.badAnswer(.referenceNotClosed)
      }
      let name = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
      switch name {
      case "amp": out.append(UInt8(ascii: "&"))
      case "lt": out.append(UInt8(ascii: "<"))
      case "gt": out.append(UInt8(ascii: ">"))
      case "quot": out.append(UInt8(ascii: "\""))
      case "apos": out.append(UInt8(ascii: "'"))
      default:
        let number: UInt32? =
          name.hasPrefix("#x")
          ? UInt32(name.dropFirst(2), radix: 16)
          : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        guard let number, let scalar = Unicode.Scalar(number) else {
          throw CalendarFault.badAnswer(.unknownReference(name))
        }
        out += Array(String(Character(scalar)).utf8)
      }
      i = semicolon + 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\n" || c == "\r" || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\n" || c == "\r" || c == "\t" { s.removeLast() }
    return String(s)
  }
}
