extension English: AlarmMessages {}
