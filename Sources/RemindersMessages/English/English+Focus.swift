extension English: FocusMessages {}
