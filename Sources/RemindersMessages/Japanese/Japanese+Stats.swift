extension Japanese: StatsMessages {}
