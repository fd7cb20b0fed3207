extension English: ErrorsMessages {}
