extension Japanese: CardsMessages {}
