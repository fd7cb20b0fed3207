extension English: PlanMessages {}
