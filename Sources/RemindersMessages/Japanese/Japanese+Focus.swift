extension Japanese: FocusMessages {}
