/// The texts of `run`, `watch` and `snooze`: what they say on stderr and stdout.
public protocol DeliveryMessages: Sendable {}
