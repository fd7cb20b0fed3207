extension English: TimerMessages {}
