extension Japanese: TimerMessages {}
