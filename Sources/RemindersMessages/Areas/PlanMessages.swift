/// The texts of `preview`, `status` and `export`: the plan as a table and the home screen.
public protocol PlanMessages: Sendable {}
