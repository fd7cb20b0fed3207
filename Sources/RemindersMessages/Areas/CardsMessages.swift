/// The texts of `cards` and `recall`: adding, listing, answering, importing, keeping the deck.
public protocol CardsMessages: Sendable {}
