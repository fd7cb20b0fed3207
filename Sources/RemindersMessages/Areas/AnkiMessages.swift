/// The texts of Anki collections: where the counts come from, why a collection cannot be read.
public protocol AnkiMessages: Sendable {}
