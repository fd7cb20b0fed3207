extension Japanese: ErrorsMessages {}
