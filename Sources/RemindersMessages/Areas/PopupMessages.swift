/// The texts of the pop-ups: daily, recall, focus and alarm titles, bodies and action labels.
public protocol PopupMessages: Sendable {}
