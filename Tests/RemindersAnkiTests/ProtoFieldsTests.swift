import RemindersAnki
import Testing

/// The protobuf wire reader against bytes whose meaning is known (the encoding guide's own
/// examples, and negative numbers as Anki's int32 fields carry them).
@Suite struct ProtoFieldsTests {
  @Test func varintsAndEmbeddedMessages() throws {
    // Field 1 = 150 (the guide's example), field 4 = -3 as int32 (ten bytes), field 8 = a message
    // holding field 1 = 7 and field 2 = 20000, field 6 = an empty optional (present, 0).
    let message: [UInt8] = [0x08, 0x07, 0x10, 0xA0, 0x9C, 0x01]
    let all: [UInt8] =
      [0x08, 0x96, 0x01] + [0x20, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
      + [0x42, UInt8(message.count)] + message + [0x30, 0x00]
    let fields = try ProtoFields(all)
    #expect(try fields.uint32(1) == 150)
    #expect(try fields.int32(4) == -3)
    #expect(try fields.optionalUInt32(6) == 0)
    #expect(try fields.optionalUInt32(7) == nil)
    #expect(try fields.uint32(9) == 0)
    let inner = try #require(try fields.message(8))
    #expect(try inner.uint32(1) == 7 && inner.uint32(2) == 20000)
    #expect(try fields.message(3) == nil)
  }

  /// Fields of other wire types are skipped; a later value of a field wins.
  @Test func unknownFieldsAreSkipped() throws {
    let bytes: [UInt8] =
      [0x0D, 1, 2, 3, 4]  // field 1, 32-bit
      + [0x11, 1, 2, 3, 4, 5, 6, 7, 8]  // field 2, 64-bit
      + [0xFA, 0x0F, 0x02, 0x41, 0x42]  // field 255, bytes ("other")
      + [0x48, 0x05, 0x48, 0x09]  // field 9 twice
    let fields = try ProtoFields(bytes)
    #expect(try fields.uint32(9) == 9)
    #expect(fields.values[255] == .bytes([0x41, 0x42]))
    #expect(throws: ProtoFields.Malformed.self) { try fields.uint32(1) }
  }

  @Test(arguments: [
    [0x08] as [UInt8],  // a varint cut off
    [0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02],  // over 64 bits
    [0x12, 0x05, 0x01],  // bytes running past the end
    [0x0B],  // a proto2 group
    [0x0E],  // wire type 6
    [0x00, 0x01],  // field number 0
    [0x09, 1, 2],  // a 64-bit value cut off
  ])
  func malformed(bytes: [UInt8]) {
    #expect(throws: ProtoFields.Malformed.self) { try ProtoFields(bytes) }
  }
}
