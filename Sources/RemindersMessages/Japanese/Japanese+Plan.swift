extension Japanese: PlanMessages {}
