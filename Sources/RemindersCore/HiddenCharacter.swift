/// The characters a terminal obeys rather than shows, or that hide or reorder the text around
/// them (docs/decisions.md): the C0 controls, DEL and the C1 controls (U+0080–U+009F); the
/// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069); and the invisible characters that could disguise text (U+200B,
/// U+2028, U+2029, U+2060–U+2064, U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB). The one rule for every
/// writer of data text: the terminal's visible forms (RemindersTerminal's `VisibleCharacters`)
/// and the `\u` escapes of the JSON the commands print (RemindersStore's `JSONWriter`).
public enum HiddenCharacter {
  public static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E: true
    case 0x2060...0x2064, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB: true
    default: false
    }
  }
}
