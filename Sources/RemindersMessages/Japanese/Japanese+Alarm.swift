extension Japanese: AlarmMessages {}
