extension Japanese: ReviewMessages {}
