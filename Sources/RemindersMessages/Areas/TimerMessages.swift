/// The texts of `timer`: install, uninstall, status, the units.
public protocol TimerMessages: Sendable {}
