extension English: ReviewMessages {}
