/// The texts of the one line of an error: files, values, exit statuses.
public protocol ErrorsMessages: Sendable {}
