/// The texts of `alarm`: add, list, stop, edit, delete, the place gate.
public protocol AlarmMessages: Sendable {}
