extension English: CardsMessages {}
