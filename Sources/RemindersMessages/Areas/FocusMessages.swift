/// The texts of the focus timer: its view, `focus status`, `focus stop`.
public protocol FocusMessages: Sendable {}
