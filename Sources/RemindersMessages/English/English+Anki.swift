extension English: AnkiMessages {}
