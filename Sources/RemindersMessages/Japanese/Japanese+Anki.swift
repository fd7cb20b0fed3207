extension Japanese: AnkiMessages {}
