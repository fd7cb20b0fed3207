/// The texts of `doctor`: its rows, notes and verdict.
public protocol DoctorMessages: Sendable {}
