extension English: StatsMessages {}
