/// The texts of `--help`: every command's abstract and discussion, every option's help, the parser's own messages.
public protocol HelpMessages: Sendable {}
