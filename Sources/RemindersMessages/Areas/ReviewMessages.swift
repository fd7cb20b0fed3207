/// The texts of the review session, in a terminal and in plain lines.
public protocol ReviewMessages: Sendable {}
