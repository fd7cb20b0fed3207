/// The texts of `stats`: the heatmap, its figures, the SVG picture.
public protocol StatsMessages: Sendable {}
